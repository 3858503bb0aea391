// Installs what the project needs and is missing: Debian packages, Composer and npm packages.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, paths } from './config.mjs';
import { StackError, has, log, run, runLoud } from './util.mjs';

// Binary (or file) that proves a Debian package is present → the package that provides it.
const BACKEND_PACKAGES = [
  ['/usr/share/wordpress/wp-settings.php', 'wordpress'],
  ['/usr/sbin/mariadbd', 'mariadb-server'],
  ['/usr/bin/mariadb', 'mariadb-client'],
  ['/usr/sbin/nginx', 'nginx'],
  ['/usr/sbin/php-fpm8.2', 'php8.2-fpm'],
  ['/usr/bin/php8.2', 'php8.2-cli'],
  ['/usr/share/doc/php8.2-mysql', 'php8.2-mysql'],
  ['/usr/share/doc/php8.2-gd', 'php8.2-gd'],
  ['/usr/share/doc/php8.2-xml', 'php8.2-xml'],
  ['/usr/share/doc/php8.2-mbstring', 'php8.2-mbstring'],
  ['/usr/share/doc/php8.2-curl', 'php8.2-curl'],
  ['/usr/share/doc/php8.2-intl', 'php8.2-intl'],
  ['/usr/share/doc/php8.2-zip', 'php8.2-zip'],
  ['/usr/bin/composer', 'composer'],
  // The seed's generated images draw their captions with these.
  ['/usr/bin/fc-list', 'fontconfig'],
  ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', 'fonts-dejavu-core'],
  // The shared cache of several site instances (`npm start -- --redis`, and npm test's check of it).
  ['/usr/bin/redis-server', 'redis-server'],
];

const BROWSER_PACKAGES = [
  ['/usr/bin/chromium', 'chromium'],
  ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', 'fonts-dejavu-core'],
];

let aptUpdated = false;

function aptInstall(pairs) {
  const missing = pairs.filter(([probe]) => !fs.existsSync(probe)).map(([, pkg]) => pkg);
  if (missing.length === 0) return;
  if (process.getuid && process.getuid() !== 0) {
    throw new StackError(`Missing Debian packages: ${missing.join(' ')}. Install them with: sudo apt-get install -y ${missing.join(' ')}`);
  }
  log(`installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    runLoud('apt-get', ['update', '-qq'], { env });
    aptUpdated = true;
  }
  // policy-rc.d keeps Debian from starting the machine-wide MariaDB/nginx/php-fpm/Redis services:
  // the stack runs private instances of its own.
  const policy = '/usr/sbin/policy-rc.d';
  const addedPolicy = !fs.existsSync(policy);
  if (addedPolicy) fs.writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    runLoud('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env });
  } finally {
    if (addedPolicy) fs.rmSync(policy, { force: true });
  }
}

export const ensureBackendPackages = () => aptInstall(BACKEND_PACKAGES);
export const ensureBrowserPackages = () => aptInstall(BROWSER_PACKAGES);

const digest = (...files) => {
  const h = crypto.createHash('sha256');
  for (const f of files) h.update(fs.existsSync(f) ? fs.readFileSync(f) : '');
  return h.digest('hex');
};

/**
 * Composer packages of a project of this repository, installed from its committed composer.lock
 * (each composer.json sets lock:true, which wins over a machine-wide lock:false), and reinstalled
 * when either file changes.
 */
function composerInstall(dir, what, { dev = true } = {}) {
  const stamp = path.join(dir, 'vendor', '.car-export-stamp');
  const want = `${digest(path.join(dir, 'composer.json'), path.join(dir, 'composer.lock'))}:${dev ? 'dev' : 'nodev'}`;
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === want) return;
  if (!has('composer')) throw new StackError('composer is not installed');
  if (!fs.existsSync(path.join(dir, 'composer.lock'))) {
    throw new StackError(`${path.relative(ROOT, dir)}/composer.lock is missing: ${what} installs only the versions it locks`);
  }
  log(`installing Composer packages of ${what} (from composer.lock)`);
  const args = ['install', '--no-interaction', '--no-progress', '--optimize-autoloader'];
  if (!dev) args.push('--no-dev');
  runLoud('composer', args, { cwd: dir, env: { ...process.env, COMPOSER_ALLOW_SUPERUSER: '1' } });
  fs.writeFileSync(stamp, want);
}

/** The plugin's Composer packages, and WP-CLI (wordpress/tools), which seeds and runs its commands. */
export function ensureComposer({ dev = true } = {}) {
  composerInstall(paths.plugin, 'the plugin', { dev });
  composerInstall(paths.tools, 'the command-line tools (WP-CLI)');
}

/**
 * npm packages, installed with `npm ci` (exactly the committed lock, node_modules made anew)
 * when node_modules is missing or was installed from another package.json / lock, or under another
 * Node (install scripts pick native binaries for the Node that runs them). `npm ci`
 * refuses a lock that does not match package.json, so a dependency added without its lock
 * entry fails here, as it would in the Docker build, instead of being resolved afresh.
 */
export function ensureNodeModules() {
  const lock = path.join(ROOT, 'package-lock.json');
  const stamp = path.join(ROOT, 'node_modules', '.car-export-stamp');
  const want = `${digest(lock, path.join(ROOT, 'package.json'))}:${process.version}`;
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === want) return;
  log('installing npm packages (npm ci, from package-lock.json)');
  runLoud('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: ROOT });
  fs.writeFileSync(stamp, want);
}

export { run };
