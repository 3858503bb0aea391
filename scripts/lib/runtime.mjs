// The local stack's runtime: a Debian 13 root in .local/runtime holding the exact packages of
// runtime/packages (php-fpm and the PHP CLI, nginx, MariaDB, Valkey, Composer), the same lines the
// WordPress and database images install. Every server of the stack and every PHP, Composer and
// MariaDB command of the scripts and tests runs from it, whatever the machine itself has installed,
// so what the tests prove is what the images ship.
//
// How a command enters it: .local/bin holds one small script per command (php, composer, mariadb,
// php-fpm8.4, nginx, ...), first on PATH for every program of this checkout (config.mjs). Each runs
// scripts/runtime/enter, which gives the command a mount namespace of its own where this checkout,
// /tmp, /dev and /proc appear inside the root at their usual paths, and changes root there. Paths
// are therefore the same inside and out (sockets, logs, uploads, the plugin), the mounts are seen by
// that command alone (nothing to clean up, nothing for a tree walk to trip over), and `exec` at every
// step keeps the pid of the server itself, so the stack's pid files and signals work unchanged.
//
// Needs root (mmdebstrap's root mode, unshare, chroot); only Node built-ins (runs before `npm ci`).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { LOCAL, ROOT } from './config.mjs';
import { StackError, log, run } from './util.mjs';

export const RUNTIME_DIR = path.join(ROOT, 'runtime');
export const RUNTIME_ROOT = path.join(LOCAL, 'runtime');
export const RUNTIME_BIN = path.join(LOCAL, 'bin');
/** The archives: the same Debian 13 and security suites WordPress core comes from. */
export const SOURCES_LIST = path.join(ROOT, 'wordpress', 'core', 'sources.list');
const ENTER = path.join(ROOT, 'scripts', 'runtime', 'enter');
const STAMP = path.join(RUNTIME_ROOT, '.car-export-packages');

/** Commands of the root that the scripts, the tests and the benches call by name. */
export const RUNTIME_COMMANDS = [
  'php',
  'composer',
  'mariadb',
  'mariadb-admin',
  'mariadb-dump',
  'mariadb-install-db',
  'mariadbd',
  'nginx',
  'valkey-server',
  'valkey-cli',
];

/**
 * The "name version" lines of a package list (runtime/packages, wordpress/core/packages).
 * @param {string} text
 * @param {string} [file] named in the error
 * @returns {Array<{ name: string, version: string }>}
 */
export function parsePackageList(text, file = 'package list') {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/#.*/, '').trim())
    .filter(Boolean)
    .map((l) => {
      const words = l.split(/\s+/);
      if (words.length !== 2) throw new Error(`${file}: "${l}" is not "name version"`);
      return { name: words[0], version: words[1] };
    });
}

/** @type {Array<{ name: string, version: string }> | undefined} */
let pinned;
/** runtime/packages, read once a process: the support matrix, the build and the commands all ask for it. */
export const runtimePackages = () =>
  (pinned ??= parsePackageList(fs.readFileSync(path.join(RUNTIME_DIR, 'packages'), 'utf8'), 'runtime/packages'));

/** The Debian version runtime/packages pins for `name`; throws when it lists no such package. */
export function runtimeVersion(name) {
  const p = runtimePackages().find((x) => x.name === name);
  if (!p) throw new Error(`runtime/packages does not list ${name}`);
  return p.version;
}

/** The PHP branch of the pinned php*-fpm package ("php8.4-fpm" → "8.4"). */
export function phpBranch() {
  const fpm = runtimePackages().find((p) => /^php\d+\.\d+-fpm$/.test(p.name));
  if (!fpm) throw new Error('runtime/packages lists no php*-fpm package');
  return fpm.name.slice(3, -4);
}

/** Identifies the root's contents: the package list and the archives it is fetched from. */
function wantedStamp() {
  const h = crypto.createHash('sha256');
  h.update(fs.readFileSync(path.join(RUNTIME_DIR, 'packages')));
  h.update(fs.readFileSync(SOURCES_LIST));
  return h.digest('hex');
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * The mirror's own words when a pinned version is gone: apt says "Version '...' for 'name' was not
 * found"; the line of runtime/packages to change is named with it.
 */
function explainBuildFailure(output) {
  const gone = [...output.matchAll(/Version '([^']+)' for '([^']+)' was not found/g)].map((m) => `${m[2]} ${m[1]}`);
  if (gone.length === 0) return '';
  return `\nThe archive no longer has: ${gone.join(', ')} (a security update replaced it). \`npm run outdated\` lists the versions it has; change runtime/packages and run the tests.`;
}

/**
 * Builds the Debian 13 root when it is missing or runtime/packages changed: mmdebstrap into a folder
 * beside the old root, which is replaced only once the new one is complete, so a failed download
 * leaves the old root whole.
 */
export function ensureRuntime() {
  const want = wantedStamp();
  if (fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === want) {
    writeCommands();
    return;
  }
  if (!isRoot()) {
    throw new StackError(
      'The local stack runs its servers in a Debian 13 root made by mmdebstrap, which needs root: run npm start / npm test as root.',
    );
  }
  if (!fs.existsSync('/usr/bin/mmdebstrap')) throw new StackError('mmdebstrap is not installed (ensureBackendPackages installs it)');
  const fresh = `${RUNTIME_ROOT}.new`;
  fs.rmSync(fresh, { recursive: true, force: true });
  const pins = runtimePackages().map((p) => `${p.name}=${p.version}`);
  log(`building the Debian 13 runtime (${pins.length} pinned packages, runtime/packages) with mmdebstrap`);
  const res = spawnSync(
    'mmdebstrap',
    ['--mode=root', '--variant=apt', '--quiet', `--include=${pins.join(',')}`, 'trixie', fresh, SOURCES_LIST],
    // policy-rc.d inside the root is mmdebstrap's own: no package starts a service while installed.
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } },
  );
  if (res.status !== 0) {
    fs.rmSync(fresh, { recursive: true, force: true });
    const out = `${res.stdout ?? ''}${res.stderr ?? ''}`;
    throw new StackError(
      `mmdebstrap could not build the runtime (exit ${res.status}):\n${out.trim().split('\n').slice(-20).join('\n')}${explainBuildFailure(out)}`,
    );
  }
  // Stamped only once complete: an interrupted build is never taken for the pinned root.
  fs.writeFileSync(path.join(fresh, path.basename(STAMP)), want);
  fs.rmSync(RUNTIME_ROOT, { recursive: true, force: true });
  fs.renameSync(fresh, RUNTIME_ROOT);
  writeCommands();
  log(`runtime ready: ${run(path.join(RUNTIME_BIN, 'php'), ['-r', 'echo "PHP ", PHP_VERSION;']).trim()}`);
}

/**
 * .local/bin/NAME for each command of the root, and the machine's Composer configuration copied in
 * (where it names the package registry to use, as on machines without the public one).
 */
function writeCommands() {
  fs.mkdirSync(RUNTIME_BIN, { recursive: true });
  const fpm = `php-fpm${phpBranch()}`;
  for (const name of [...RUNTIME_COMMANDS, fpm]) {
    const inside = name === fpm || name === 'mariadbd' || name === 'nginx' ? `/usr/sbin/${name}` : `/usr/bin/${name}`;
    const file = path.join(RUNTIME_BIN, name);
    const text = `#!/bin/sh\n# ${name} of the Debian 13 runtime (scripts/lib/runtime.mjs); made by npm start and npm test.\nexec ${shellQuote(ENTER)} ${shellQuote(RUNTIME_ROOT)} ${shellQuote(ROOT)} ${inside} "$@"\n`;
    if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text, { mode: 0o755 });
  }
  copyComposerConfig();
  copyLocalCertificates();
}

/**
 * The certificate authorities this machine's administrator added (/usr/local/share/ca-certificates,
 * where Debian keeps local ones: a company's TLS-inspecting proxy, a package registry's mirror) are
 * trusted inside the root as well, so Composer and WordPress reach what the machine reaches. Synced at
 * every start, since a machine's own list may change; the root's store is rebuilt only on a change.
 */
function copyLocalCertificates() {
  const from = '/usr/local/share/ca-certificates';
  const into = path.join(RUNTIME_ROOT, 'usr', 'local', 'share', 'ca-certificates');
  const list = (dir) =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.crt'))
          .sort()
      : [];
  const same = (a, b) => fs.existsSync(b) && fs.readFileSync(a).equals(fs.readFileSync(b));
  const wanted = list(from);
  const stale = list(into).filter((f) => !wanted.includes(f));
  const changed = wanted.filter((f) => !same(path.join(from, f), path.join(into, f)));
  if (stale.length === 0 && changed.length === 0) return;
  fs.mkdirSync(into, { recursive: true });
  for (const f of stale) fs.rmSync(path.join(into, f));
  for (const f of changed) fs.copyFileSync(path.join(from, f), path.join(into, f));
  run(ENTER, [RUNTIME_ROOT, ROOT, '/usr/sbin/update-ca-certificates', '--fresh']);
}

function copyComposerConfig() {
  const home = process.env.COMPOSER_HOME || path.join(process.env.HOME || '/root', '.config', 'composer');
  const inside = path.join(RUNTIME_ROOT, 'root', '.config', 'composer');
  for (const file of ['config.json', 'auth.json']) {
    const from = path.join(home, file);
    if (!fs.existsSync(from)) continue;
    fs.mkdirSync(inside, { recursive: true, mode: 0o700 });
    fs.copyFileSync(from, path.join(inside, file));
  }
}

const shellQuote = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;
