// Installs what the project needs and is missing: Debian packages, Composer and npm packages.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, paths } from './config.mjs';
import { StackError, has, log, run, runLoud } from './util.mjs';
import { MARIADB, PHP, REDIS, branchOf, reportedVersion } from './versions.mjs';

// Binary (or file) that proves a Debian package is present → the package that provides it. PHP's
// packages are named by the branch the support matrix pins (versions.mjs). WordPress itself is not
// one of them: its core comes from the Debian 13 packages pinned in wordpress/core/packages.
const BACKEND_PACKAGES = [
  ['/usr/sbin/mariadbd', 'mariadb-server'],
  ['/usr/bin/mariadb', 'mariadb-client'],
  ['/usr/sbin/nginx', 'nginx'],
  [`/usr/sbin/php-fpm${PHP}`, `php${PHP}-fpm`],
  [`/usr/bin/php${PHP}`, `php${PHP}-cli`],
  ...['mysql', 'gd', 'xml', 'mbstring', 'curl', 'intl', 'zip'].map((ext) => [`/usr/share/doc/php${PHP}-${ext}`, `php${PHP}-${ext}`]),
  ['/usr/bin/composer', 'composer'],
  // WordPress's HTTPS calls trust the machine's CA store (its ca-bundle.crt is a link to it).
  ['/etc/ssl/certs/ca-certificates.crt', 'ca-certificates'],
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

/**
 * The servers' branches must be the support matrix's (versions.mjs): the tests prove the plugin and
 * the site on those, and the Docker images pin the same. A machine that is not Debian 12, or has
 * other builds first, is refused with what it has instead of being tested on something else.
 */
function checkServerBranches() {
  const servers = [
    ['MariaDB', '/usr/sbin/mariadbd', MARIADB],
    ['PHP (php-fpm)', `/usr/sbin/php-fpm${PHP}`, PHP],
    ['Redis', '/usr/bin/redis-server', REDIS],
  ];
  const wrong = [];
  for (const [what, bin, branch] of servers) {
    const version = reportedVersion(run(bin, ['--version']));
    if (!version || branchOf(version) !== branch)
      wrong.push(`${what} ${branch} is the branch the tests run on; ${bin} is ${version ?? 'of an unknown version'}`);
  }
  if (wrong.length) {
    throw new StackError(`The local stack runs Debian 12's servers (scripts/lib/versions.mjs):\n  ${wrong.join('\n  ')}`);
  }
}

export function ensureBackendPackages() {
  aptInstall(BACKEND_PACKAGES);
  checkServerBranches();
}
export const ensureBrowserPackages = () => aptInstall(BROWSER_PACKAGES);

const digest = (...files) => {
  const h = crypto.createHash('sha256');
  for (const f of files) h.update(fs.existsSync(f) ? fs.readFileSync(f) : '');
  return h.digest('hex');
};

/**
 * The lock file Composer installs from on this machine: composer.lock itself where the public code
 * host answers, else the same versions from the copy of the PHP registry this machine's Composer
 * uses (scripts/composer-lock.mjs writes that lock beside composer.json, git-ignored).
 */
export function composerFileFor(dir) {
  const out = run(process.execPath, [path.join(ROOT, 'scripts', 'composer-lock.mjs'), 'machine', dir]).trim();
  return out ? { COMPOSER: out } : {};
}

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
  runLoud('composer', args, { cwd: dir, env: { ...process.env, COMPOSER_ALLOW_SUPERUSER: '1', ...composerFileFor(dir) } });
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
