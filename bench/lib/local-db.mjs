// For benchmarks that write to the local stack's database: refuse to run against an external
// WordPress or a stopped stack, and run SQL through the stack's MariaDB socket.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { config, paths } from '../../scripts/lib/config.mjs';

/** Exits with a message unless the local stack of `npm start` is running; returns its database's sql(). */
export function localDatabase(name, what) {
  if (config.externalWordPress) {
    console.error(`${name} needs the local stack (it writes ${what} to its database); unset WORDPRESS_URL.`);
    process.exit(2);
  }
  if (!fs.existsSync(paths.mysqlSocket)) {
    console.error('The local MariaDB is not running: start the stack with `npm start` first.');
    process.exit(2);
  }
  const { dbName } = JSON.parse(fs.readFileSync(paths.secrets, 'utf8'));
  return function sql(statement) {
    const res = spawnSync('mariadb', ['--no-defaults', `--socket=${paths.mysqlSocket}`, '-uroot', '-N', '-B', dbName, '-e', statement], {
      encoding: 'utf8',
    });
    if (res.status !== 0) throw new Error(`SQL failed: ${res.stderr}`);
    return res.stdout.trim();
  };
}
