// Makes the local WordPress really fail, for the outage tests: its php-fpm paused with SIGSTOP (nginx
// accepts and queues requests that never get an answer, as with a hung WordPress), or its socket taken
// away (nginx answers 502 at once, as when php-fpm is not running). Both always undo themselves.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SITE } from './site';

const RUN = fileURLToPath(new URL('../../../.local/run/', import.meta.url));
const FPM_PID = path.join(RUN, 'php-fpm.pid');
const FPM_SOCKET = path.join(RUN, 'php-fpm.sock');

/** The stack's php-fpm master and its workers. */
export function phpFpmPids(): number[] {
  if (!fs.existsSync(FPM_PID)) {
    throw new Error(`These tests pause the local WordPress, but ${FPM_PID} does not exist: run them through npm test or with npm start running.`);
  }
  const master = Number(fs.readFileSync(FPM_PID, 'utf8').trim());
  let workers: number[] = [];
  try {
    workers = execFileSync('pgrep', ['-P', String(master)], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
  } catch {
    workers = [];
  }
  return [master, ...workers];
}

function signalAll(pids: number[], signal: NodeJS.Signals) {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // A worker that ended meanwhile.
    }
  }
}

/** Runs `fn` with WordPress's PHP workers frozen; they resume (and answer what nginx queued) after. */
export async function withWordPressPaused<T>(fn: () => Promise<T>): Promise<T> {
  const pids = phpFpmPids();
  signalAll(pids, 'SIGSTOP');
  try {
    return await fn();
  } finally {
    signalAll(pids, 'SIGCONT');
  }
}

/** Runs `fn` while nginx cannot reach php-fpm (its socket moved aside): every request answers 502. */
export async function withPhpFpmUnreachable<T>(fn: () => Promise<T>): Promise<T> {
  const aside = `${FPM_SOCKET}.away`;
  fs.renameSync(FPM_SOCKET, aside);
  try {
    return await fn();
  } finally {
    fs.renameSync(aside, FPM_SOCKET);
  }
}

/** Waits until the site serves a page that needs WordPress again (its circuit breaker closed). */
export async function waitForSiteRecovery(timeoutMs = 45_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    // A search nobody made before: no cache can answer it, only WordPress.
    const res = await fetch(`${SITE}/api/search/cars?search=recovery${Date.now()}${Math.random().toString(36).slice(2)}`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The site did not recover from the WordPress outage in time.');
}

/** The test site's outbox folder (one per site port). */
export function siteOutboxPending(): string[] {
  const dir = process.env.OUTBOX_DIR || fileURLToPath(new URL(`../../../.local/outbox/site-${new URL(SITE).port || '80'}/pending/`, import.meta.url));
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.json')) : [];
}

/** Polls `check` until it returns a value or the time runs out. */
export async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 45_000, what = 'the condition'): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
