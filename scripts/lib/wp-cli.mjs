// WP-CLI for this checkout: the copy Composer installs in wordpress/tools (from its lock), run by
// this machine's PHP against the local WordPress (.local/wordpress). The seed step of the stack and
// the tests call WordPress's own commands through here, so every caller gets the same path,
// memory limit and environment.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, paths } from './config.mjs';
import { StackError, run } from './util.mjs';

/** WP-CLI's entry point in the Composer copy (what its `vendor/bin/wp` wrapper runs). */
export const wpCliBoot = path.join(paths.tools, 'vendor', 'wp-cli', 'wp-cli', 'php', 'boot-fs.php');

/**
 * Loaded before anything else in every run: keeps the one PHP 8.2 deprecation of the mustache
 * release the registry has out of WordPress's debug log (the file says why).
 */
const quietMustache = path.join(paths.tools, 'quiet-mustache.php');

/** The file that registers `wp car-export seed` (the seeder is not part of the plugin). */
export const seedCommandFile = path.join(paths.seed, 'command.php');

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * The `php` arguments of one WP-CLI run: the seed's image work needs more than the CLI's default
 * memory, and WP-CLI refuses to run as root unless told (the stack runs as root on a bare machine).
 */
export function wpCliArgs(args, { require: required = [] } = {}) {
  return [
    '-d',
    'memory_limit=1G',
    wpCliBoot,
    `--path=${paths.wordpress}`,
    ...[quietMustache, ...required].map((file) => `--require=${file}`),
    ...(isRoot ? ['--allow-root'] : []),
    ...args,
  ];
}

/**
 * Environment of a WP-CLI run: its cache in .local, and no configuration file of the person
 * running it (a ~/.wp-cli/config.yml could point at another WordPress).
 */
export function wpCliEnv(env = process.env) {
  return {
    ...env,
    WP_CLI_CACHE_DIR: path.join(paths.local, 'wp-cli-cache'),
    WP_CLI_CONFIG_PATH: path.join(paths.local, 'wp-cli.yml'),
    WP_CLI_DISABLE_AUTO_CHECK_UPDATE: '1',
  };
}

/**
 * Runs `wp ARGS` against the local WordPress and returns its standard output; a failure throws
 * with WP-CLI's own message. opts.require: files to load first (e.g. seedCommandFile).
 */
export function wp(args, { require: required = [], env, ...opts } = {}) {
  if (!fs.existsSync(wpCliBoot)) {
    throw new StackError('WP-CLI is not installed: run npm start once (it installs wordpress/tools from its composer.lock)');
  }
  return run('php', wpCliArgs(args, { require: required }), { cwd: ROOT, env: wpCliEnv(env), ...opts });
}
