// CSV import of cars at scale: generates a CSV of N rows (default 5,000) in the import's columns,
// imports it through the plugin's command-line import (the code path of `wp car-export import`,
// here run by bin/car-csv.php because this machine has no WP-CLI), prints the seconds it took and
// the rate, imports the same file again (every row "unchanged") and removes the cars it added.
// Prints figures; it is not a test. Needs the local stack of `npm start`.
//
//   node bench/import.mjs [rows=5000]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { paths } from '../scripts/lib/config.mjs';
import { MARK, removeImported, writeCsv } from './lib/import-csv.mjs';
import { localDatabase } from './lib/local-db.mjs';

const ROWS = Number(process.argv[2] || 5000);

const sql = localDatabase('bench/import', 'cars');

function runImport(file) {
  const started = process.hrtime.bigint();
  const res = spawnSync(
    'php',
    ['-d', 'memory_limit=1G', path.join(paths.plugin, 'bin', 'car-csv.php'), `--wordpress=${paths.wordpress}`, 'import', file],
    {
      encoding: 'utf8',
    },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const summary = res.stderr.trim().split('\n').pop();
  if (res.status !== 0) throw new Error(`import failed (${res.status}): ${res.stderr.slice(-2000)}`);
  return { seconds, summary };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
const file = path.join(dir, 'cars.csv');
process.on('SIGINT', () => {
  removeImported(sql);
  process.exit(130);
});
try {
  removeImported(sql);
  writeCsv(file, ROWS);
  console.log(`bench/import: ${ROWS} rows, ${(fs.statSync(file).size / 1024).toFixed(0)} KB, ${os.cpus().length} CPUs`);
  const first = runImport(file);
  const inLookup = Number(
    sql(
      `SELECT COUNT(*) FROM wp_car_lookup l JOIN wp_postmeta m ON m.post_id = l.car_id AND m.meta_key = '_car_stock_number' WHERE m.meta_value LIKE '${MARK}%'`,
    ),
  );
  console.log(`first import:  ${first.seconds.toFixed(1)} s (${(ROWS / first.seconds).toFixed(0)} rows/s) — ${first.summary}`);
  console.log(`lookup table:  ${inLookup} of ${ROWS} rows`);
  const again = runImport(file);
  console.log(`same file again: ${again.seconds.toFixed(1)} s (${(ROWS / again.seconds).toFixed(0)} rows/s) — ${again.summary}`);
} finally {
  removeImported(sql);
  fs.rmSync(dir, { recursive: true, force: true });
  console.log('bench cars removed');
}
