// Small process helpers shared by the start, test and reset scripts.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

const t0 = Date.now();
export const log = (msg) => {
  const s = ((Date.now() - t0) / 1000).toFixed(1).padStart(6);
  process.stdout.write(`[stack ${s}s] ${msg}\n`);
};

export class StackError extends Error {}

/** Runs a command to completion; throws with its output when it fails. */
export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...opts });
  if (res.error) throw new StackError(`${cmd}: ${res.error.message}`);
  if (res.status !== 0) {
    const out = `${res.stdout ?? ''}${res.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
    throw new StackError(`${cmd} ${args.join(' ')} failed (exit ${res.status}):\n${out}`);
  }
  return res.stdout ?? '';
}

/** Like run, but the output goes to the terminal (long installs show progress). */
export function runLoud(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (res.error) throw new StackError(`${cmd}: ${res.error.message}`);
  if (res.status !== 0) throw new StackError(`${cmd} ${args.join(' ')} failed (exit ${res.status})`);
}

export const has = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;

export function portOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host });
    const done = (v) => {
      sock.destroy();
      resolve(v);
    };
    sock.once('connect', () => done(true));
    sock.once('error', () => done(false));
    sock.setTimeout(1000, () => done(false));
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function waitFor(what, check, { timeoutMs = 60000, intervalMs = 200, child } = {}) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child && child.exitCode !== null) throw new StackError(`${what} exited (code ${child.exitCode}) while starting`);
    if (await check()) return;
    await sleep(intervalMs);
  }
  throw new StackError(`${what} did not come up within ${timeoutMs / 1000}s`);
}

export function pidAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid in a pid file, when that process still runs and its command line mentions `marker`. */
export function livePid(pidFile, marker) {
  let pid;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !pidAlive(pid)) return null;
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    if (!cmdline.includes(marker)) return null;
  } catch {
    return null;
  }
  return pid;
}

/** Starts a long-running server in its own process group so a terminal Ctrl-C reaches only us. */
export function startDaemon(name, cmd, args, { logFile, env } = {}) {
  let out = 'ignore';
  if (logFile === 'inherit') out = 'inherit';
  else if (logFile) out = fs.openSync(logFile, 'a');
  const child = spawn(cmd, args, { detached: true, stdio: ['ignore', out, out], env: env ?? process.env });
  child.stackName = name;
  return child;
}

export function readJson(file, fallback = null) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return fallback;
  }
}

export function writeJson(file, value, mode = 0o600) {
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`, { mode });
}
