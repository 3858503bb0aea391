// `npm run wp -- ARGS`: WP-CLI against this checkout's local WordPress, with the seed command loaded
// (e.g. `npm run wp -- car-export seed --force`, `npm run wp -- help car-export`). WP-CLI here is the
// framework alone: its own commands and the ones this project registers.
import { spawnSync } from 'node:child_process';
import { ROOT } from './lib/config.mjs';
import { seedCommandFile, wpCliArgs, wpCliEnv } from './lib/wp-cli.mjs';

const res = spawnSync('php', wpCliArgs(process.argv.slice(2), { require: [seedCommandFile] }), {
  cwd: ROOT,
  env: wpCliEnv(),
  stdio: 'inherit',
});
process.exit(res.status ?? 1);
