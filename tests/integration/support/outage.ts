// Makes the local WordPress really fail, for the outage tests: its php-fpm paused with SIGSTOP (nginx
// accepts and queues requests that never get an answer, as with a hung WordPress), or its socket taken
// away (nginx answers 502 at once, as when php-fpm is not running). Both always undo themselves.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { paths } from '../../../scripts/lib/config.mjs';
import { phpFpmPids, signalAll } from '../../../scripts/lib/php-fpm.mjs';
import { SITE } from './site';

const FPM_SOCKET = paths.fpmSocket;

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
  const dir =
    process.env.OUTBOX_DIR || fileURLToPath(new URL(`../../../.local/outbox/site-${new URL(SITE).port || '80'}/pending/`, import.meta.url));
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.json')) : [];
}

/** Polls `check` until it returns a value or the time runs out. */
export async function eventually<T>(
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 45_000,
  what = 'the condition',
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
