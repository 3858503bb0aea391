// Installs what the project needs and is missing: Debian packages, Composer and npm packages.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, paths } from './config.mjs';
import { StackError, has, log, run, runLoud } from './util.mjs';
import { RUNTIME_BIN, ensureRuntime } from './runtime.mjs';
import { MARIADB_RELEASE, PHP, VALKEY_RELEASE, branchOf, reportedVersion } from './versions.mjs';

// What the machine itself needs, each a file that proves a Debian package is present → the package
// that provides it. The servers, PHP and Composer are not among them: they run from the Debian 13
// runtime (runtime.mjs), built from runtime/packages whatever this machine's release is.
const BACKEND_PACKAGES = [
  // Builds the runtime; and the root is entered with unshare and chroot (util-linux, coreutils).
  ['/usr/bin/mmdebstrap', 'mmdebstrap'],
  // WordPress core is fetched by wordpress/core/install.sh with a private apt state, and checked
  // against Debian's archive keys.
  ['/usr/share/keyrings/debian-archive-keyring.gpg', 'debian-archive-keyring'],
  // The seed's generated images (sharp, in this machine's Node) draw their captions with these.
  ['/usr/bin/fc-list', 'fontconfig'],
  ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', 'fonts-dejavu-core'],
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
  runLoud('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env });
}

/**
 * The servers must be the releases runtime/packages pins (versions.mjs): the tests prove the plugin
 * and the site on those, and the images install the same lines. A root that answers with another
 * version (edited by hand, or half built) is refused with what it has instead.
 */
function checkServerVersions() {
  const servers = [
    ['MariaDB', 'mariadbd', MARIADB_RELEASE],
    ['PHP (php-fpm)', `php-fpm${PHP}`, PHP],
    ['Valkey', 'valkey-server', VALKEY_RELEASE],
  ];
  const wrong = [];
  for (const [what, bin, want] of servers) {
    const version = reportedVersion(run(path.join(RUNTIME_BIN, bin), ['--version']));
    if (!version || (version !== want && branchOf(version) !== want))
      wrong.push(`${what} ${want} is what runtime/packages pins; the runtime's ${bin} is ${version ?? 'of an unknown version'}`);
  }
  if (wrong.length) {
    throw new StackError(
      `The local stack's runtime does not match runtime/packages (remove .local/runtime to build it again):\n  ${wrong.join('\n  ')}`,
    );
  }
}

export function ensureBackendPackages() {
  aptInstall(BACKEND_PACKAGES);
  ensureRuntime();
  checkServerVersions();
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
