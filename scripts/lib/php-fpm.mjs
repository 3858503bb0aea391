// The local stack's php-fpm processes, for what freezes WordPress on purpose: the outage tests and
// bench/outbox.mjs stop them with SIGSTOP and resume them with SIGCONT.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { paths } from './config.mjs';

/** The php-fpm master of this checkout's stack and its current workers. */
export function phpFpmPids() {
  const pidFile = path.join(paths.run, 'php-fpm.pid');
  if (!fs.existsSync(pidFile)) {
    throw new Error(`The local WordPress is not running (${pidFile} does not exist): start it with npm start, or run through npm test.`);
  }
  const master = Number(fs.readFileSync(pidFile, 'utf8').trim());
  let workers = [];
  try {
    workers = execFileSync('pgrep', ['-P', String(master)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    // pgrep exits 1 when the master has no workers.
  }
  return [master, ...workers];
}

/** Sends `signal` to each process; one that ended meanwhile is skipped. */
export function signalAll(pids, signal) {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Gone already.
    }
  }
}
