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
  sql(`DELETE m FROM wp_postmeta m JOIN wp_posts p ON p.ID = m.post_id WHERE p.post_type = 'car' AND p.post_name LIKE '${MARK}%';
       DELETE l FROM wp_car_lookup l JOIN wp_posts p ON p.ID = l.car_id WHERE p.post_type = 'car' AND p.post_name LIKE '${MARK}%';
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
  sql(`INSERT INTO wp_car_lookup (car_id, status, post_date, title, stock_number, search_text, price, brand, model, year, mileage,
         body_type, fuel_type, transmission, drive_type, featured)
       SELECT p.ID, 'publish', p.post_date, p.post_title, CONCAT('SYN-', p.ID),
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

/** Meta keys whose values come from each synthetic car's lookup row (so list, export and search agree). */
const FROM_LOOKUP = {
  _car_price: 'l.price',
  _car_brand: 'l.brand',
  _car_model: 'l.model',
  _car_year: 'l.year',
  _car_mileage: 'l.mileage',
  _car_body_type: 'l.body_type',
  _car_fuel_type: 'l.fuel_type',
  _car_transmission: 'l.transmission',
  _car_drive_type: 'l.drive_type',
  _car_stock_number: 'l.stock_number',
  _car_featured: "IF(l.featured = 1, '1', NULL)",
  _car_sale_status: "IF(l.sale_status = 'available', NULL, l.sale_status)",
};

/**
 * Gives every synthetic car the postmeta and description a real car has, so staff screens (list
 * columns, export, bulk edit) read what they would at this size: the lookup row's values under their
 * meta keys, a stock number of its own, and every other meta value (features, gallery, main image,
 * colour...) and the description copied from the seeded car with the most meta. Returns how many
 * meta rows a synthetic car has.
 */
export function addMeta() {
  const template = sql(
    `SELECT m.post_id FROM wp_postmeta m JOIN wp_posts p ON p.ID = m.post_id
     WHERE p.post_type = 'car' AND p.post_status = 'publish' AND p.post_name NOT LIKE '${MARK}%'
     GROUP BY m.post_id ORDER BY COUNT(*) DESC, m.post_id LIMIT 1`,
  );
  if (template === '') throw new Error('no seeded car to copy meta from');
  const derived = Object.keys(FROM_LOOKUP)
    .map((k) => `'${k}'`)
    .join(', ');
  const synthetic = `wp_posts p JOIN wp_car_lookup l ON l.car_id = p.ID WHERE p.post_type = 'car' AND p.post_name LIKE '${MARK}%'`;
  sql(
    [
      `INSERT INTO wp_postmeta (post_id, meta_key, meta_value)
         SELECT p.ID, t.meta_key, t.meta_value FROM ${synthetic.replace(' WHERE ', ` JOIN wp_postmeta t ON t.post_id = ${template} WHERE `)}
         AND t.meta_key NOT IN (${derived}, '_car_export_seed') AND t.meta_key NOT LIKE '\\_edit\\_%';`,
      ...Object.entries(FROM_LOOKUP).map(
        ([key, value]) => `INSERT INTO wp_postmeta (post_id, meta_key, meta_value)
           SELECT p.ID, '${key}', ${value} FROM ${synthetic} AND COALESCE(CAST(${value} AS CHAR), '') <> '';`,
      ),
      `UPDATE wp_posts p JOIN wp_posts t ON t.ID = ${template} SET p.post_content = t.post_content
         WHERE p.post_type = 'car' AND p.post_name LIKE '${MARK}%';`,
    ].join('\n'),
  );
  return Number(
    sql(
      `SELECT COUNT(*) FROM wp_postmeta WHERE post_id = (SELECT MIN(ID) FROM wp_posts WHERE post_type = 'car' AND post_name LIKE '${MARK}%')`,
    ),
  );
}
