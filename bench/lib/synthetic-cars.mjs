// Synthetic published cars for the scale benches: added straight into wp_posts and the lookup table
// (MariaDB's SEQUENCE engine makes 100,000 rows in seconds; going through wp_insert_post would take
// an hour), and removed again. Every row's post_name starts with MARK, which is how they are found.
import { spawnSync } from 'node:child_process';
import { localDatabase } from './local-db.mjs';

export const MARK = 'bench-car-'; // post_name prefix of every row this script adds

export const sql = localDatabase('scale bench', 'synthetic cars');

export const seeded = () => Number(sql("SELECT COUNT(*) FROM wp_car_lookup WHERE status = 'publish'"));
export const added = () => Number(sql(`SELECT COUNT(*) FROM wp_posts WHERE post_type = 'car' AND post_name LIKE '${MARK}%'`));

export function cleanUp() {
  sql(`DELETE l FROM wp_car_lookup l JOIN wp_posts p ON p.ID = l.car_id WHERE p.post_type = 'car' AND p.post_name LIKE '${MARK}%';
       DELETE FROM wp_posts WHERE post_type = 'car' AND post_name LIKE '${MARK}%';`);
  recount();
}

/** The rows went in around WordPress: recount the filter options and drop kept answers, as a save would. */
export function recount() {
  const res = spawnSync('node', ['scripts/wp-cli.mjs', 'car-export', 'recount'], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`wp car-export recount failed: ${res.stderr || res.stdout}`);
}

/** What a staff save does to the search cache: a new catalogue version, no kept answers. */
export function emptySearchCache() {
  sql(`INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('car_export_catalogue_version', '1', 'yes')
         ON DUPLICATE KEY UPDATE option_value = option_value + 1;
       DELETE FROM wp_car_search_cache;`);
}

// Values drawn from the seed's own vocabulary, spread by different strides so they do not correlate.
export const BRANDS = [
  'BYD',
  'Geely',
  'Chery',
  'Changan',
  'Great Wall',
  'Haval',
  'Nio',
  'Xpeng',
  'Li Auto',
  'Zeekr',
  'Hongqi',
  'GAC',
  'SAIC MG',
  'Toyota',
  'Nissan',
  'Hyundai',
];
export const BODIES = ['SUV', 'Sedan', 'Hatchback', 'Pickup', 'Minivan', 'Sports Car'];
const FUELS = ['electric', 'hybrid', 'petrol', 'premium-petrol', 'diesel'];
const GEARS = ['automatic', 'ev', 'manual', 'cvt', 'dct'];
const DRIVES = ['FWD', 'RWD', 'AWD', '4WD'];
const WORDS = ['sport', 'comfort', 'luxury', 'pro', 'max', 'plus', 'touring', 'urban', 'long range', 'performance'];
const elt = (expr, list) => `ELT(1 + (${expr}), ${list.map((v) => `'${v}'`).join(', ')})`;

/** Adds synthetic cars numbered from..to (inclusive): posts first, then their lookup rows. */
export function grow(from, to) {
  const brand = elt(`n % ${BRANDS.length}`, BRANDS);
  const model = `CONCAT('Model ', CHAR(65 + (n DIV ${BRANDS.length}) % 8))`;
  const word = elt(`(n * 7) % ${WORDS.length}`, WORDS);
  const year = `2018 + (n * 3) % 8`;
  sql(`INSERT INTO wp_posts (post_author, post_date, post_date_gmt, post_content, post_title, post_excerpt, post_status,
         comment_status, ping_status, post_name, to_ping, pinged, post_modified, post_modified_gmt, post_content_filtered,
         guid, post_type)
       SELECT 1, d, d, '', t, '', 'publish', 'closed', 'closed', CONCAT('${MARK}', n), '', '', d, d, '', CONCAT('bench:', n), 'car'
       FROM (SELECT n, NOW() - INTERVAL (n * 7) MINUTE AS d, CONCAT(${year}, ' ', ${brand}, ' ', ${model}, ' ', ${word}) AS t
             FROM (SELECT seq AS n FROM seq_${from}_to_${to}) numbers) s;`);
  sql(`INSERT INTO wp_car_lookup (car_id, status, post_date, title, search_text, price, brand, model, year, mileage,
         body_type, fuel_type, transmission, drive_type, featured)
       SELECT p.ID, 'publish', p.post_date, p.post_title,
              LOWER(CONCAT(p.post_title, ' ', ${elt(`(n * 5) % ${BODIES.length}`, BODIES)}, ' ', ${elt(`(n * 3) % ${FUELS.length}`, FUELS)})),
              IF(n % 25 = 0, NULL, 5000 + ((n * 7919) % 2300) * 100), ${brand}, ${model}, ${year}, (n * 37) % 150000,
              ${elt(`(n * 5) % ${BODIES.length}`, BODIES)}, ${elt(`(n * 3) % ${FUELS.length}`, FUELS)},
              ${elt(`(n * 11) % ${GEARS.length}`, GEARS)}, ${elt(`(n * 13) % ${DRIVES.length}`, DRIVES)}, 0
       FROM (SELECT ID, post_date, post_title, CAST(SUBSTRING(post_name, ${MARK.length + 1}) AS UNSIGNED) AS n
             FROM wp_posts WHERE post_type = 'car' AND post_name LIKE '${MARK}%') p
       LEFT JOIN wp_car_lookup l ON l.car_id = p.ID
       WHERE l.car_id IS NULL;
       ANALYZE TABLE wp_car_lookup;`);
}
