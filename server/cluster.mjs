// Every core of the machine: server.mjs runs WEB_CONCURRENCY worker processes under Node's cluster
// (the primary accepts connections and hands them round-robin to the workers). The rules that make
// several processes one site:
// - background work (the lead outbox's delivery) runs in exactly one worker, slot 0; the others only
//   keep leads on disk for it. A replacement of slot 0 takes the work over.
// - a purge in one worker reaches every other one through the primary, and the purge call is
//   answered once they have all emptied their caches (or after PURGE_RELAY_MS);
// - SIGTERM/SIGINT to the primary drain every worker; the primary exits when they all have;
// - a worker that ends on its own is replaced; one that ends before it ever listened, while no
//   worker has yet (or for the third time in a row in its slot), means the site cannot start, and
//   the primary stops with it.
import cluster from 'node:cluster';
import os from 'node:os';

/** How long a purge waits for the other workers before answering anyway. */
export const PURGE_RELAY_MS = 3_000;
/** A worker still running this long after a stop signal is killed (its own drain is 10 s). */
const STOP_GRACE_MS = 15_000;
const RESPAWN_DELAY_MS = 500;
/** A slot whose workers end this many times in a row before listening is not going to start. */
const MAX_EARLY_EXITS = 3;

const PURGE = 'site:purge';
const PURGED = 'site:purged';
const PURGE_DONE = 'site:purge-done';

/**
 * The number of worker processes: WEB_CONCURRENCY, else every core in production and one in
 * development (where the dev server's live reload talks to one process). null: not a valid number.
 * @param {string | undefined} value
 * @param {'production' | 'development'} mode
 * @param {number} cores
 */
export function workerCount(value, mode, cores = os.availableParallelism()) {
  if (value === undefined || value.trim() === '') return mode === 'development' ? 1 : Math.max(1, cores);
  if (!/^\d+$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 && n <= 256 ? n : null;
}

/** This process's slot among the workers (0 to WEB_CONCURRENCY − 1); 0 when there is no cluster. */
export function workerSlot() {
  return cluster.isWorker ? Number(process.env.SITE_WORKER_SLOT ?? 0) : 0;
}

/**
 * The primary: forks `count` workers, relays purges, replaces workers that end, drains on signals.
 * @param {{ count: number, logger: import('pino').Logger }} options
 */
export function runPrimary({ count, logger }) {
  let stopping = false;
  let exitCode = 0;
  /** @type {Map<number, import('node:cluster').Worker>} */
  const bySlot = new Map();
  const listened = new WeakSet();
  let siteUp = false;
  /** Per slot: workers in a row that ended before listening. */
  const earlyExits = new Map();

  function fork(slot) {
    const worker = cluster.fork({ SITE_WORKER_SLOT: String(slot) });
    bySlot.set(slot, worker);
    worker.on('message', (message) => {
      if (message?.type === PURGE) relayPurge(worker, message.id);
    });
    worker.on('listening', () => {
      listened.add(worker);
      siteUp = true;
      earlyExits.set(slot, 0);
    });
  }

  /** Every other live worker empties its caches; then the asking worker is told how many did. */
  function relayPurge(from, id) {
    const others = [...bySlot.values()].filter((w) => w !== from && w.isConnected());
    let waiting = others.length;
    let answered = false;
    const answer = () => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      for (const w of others) w.off('message', onPurged);
      if (from.isConnected()) from.send({ type: PURGE_DONE, id, reached: others.length - waiting, of: others.length });
    };
    function onPurged(message) {
      if (message?.type !== PURGED || message.id !== id) return;
      waiting -= 1;
      if (waiting === 0) answer();
    }
    const timer = setTimeout(answer, PURGE_RELAY_MS);
    if (!waiting) return answer();
    for (const w of others) {
      w.on('message', onPurged);
      w.send({ type: PURGE, id });
    }
  }

  cluster.on('exit', (worker, code, signal) => {
    const slot = [...bySlot].find(([, w]) => w === worker)?.[0];
    if (slot !== undefined && bySlot.get(slot) === worker) bySlot.delete(slot);
    if (stopping) {
      if (bySlot.size === 0) process.exit(exitCode);
      return;
    }
    if (!listened.has(worker)) {
      const early = (earlyExits.get(slot) ?? 0) + 1;
      earlyExits.set(slot, early);
      if (!siteUp || early >= MAX_EARLY_EXITS) {
        // The environment, the build or the outbox folder keeps it from starting at all.
        logger.error({ worker: slot, code, signal }, 'a site worker could not start: stopping');
        exitCode = 1;
        stop();
        return;
      }
    }
    logger.error({ worker: slot, pid: worker.process.pid, code, signal }, 'a site worker ended: starting a replacement');
    setTimeout(() => {
      if (!stopping && slot !== undefined) fork(slot);
    }, RESPAWN_DELAY_MS).unref();
  });

  function stop(signal) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, workers: bySlot.size }, 'stopping: draining every worker');
    if (bySlot.size === 0) process.exit(exitCode);
    for (const worker of bySlot.values()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of bySlot.values()) worker.process.kill('SIGKILL');
    }, STOP_GRACE_MS).unref();
  }

  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // `npm run outbox -- drain` signals the outbox's owner (a worker); a signal to the primary is
  // passed to the worker running the background work.
  process.on('SIGUSR2', () => bySlot.get(0)?.process.kill('SIGUSR2'));

  for (let slot = 0; slot < count; slot += 1) fork(slot);
  logger.info({ workers: count }, 'site primary started');
}

/**
 * A worker's side of the purge relay: `purgeHere` empties this process's caches when another worker
 * purged; the returned function asks every other worker to do the same and resolves when they have.
 * Outside a cluster it resolves at once.
 * @param {() => Promise<unknown>} purgeHere
 * @returns {() => Promise<{ reached: number, of: number }>}
 */
export function purgeRelay(purgeHere) {
  if (!cluster.isWorker) return async () => ({ reached: 0, of: 0 });
  let next = 0;
  const waiting = new Map();
  process.on('message', (message) => {
    if (message?.type === PURGE) {
      purgeHere()
        .catch((error) => console.error('Purge relayed from another worker failed:', error))
        .finally(() => process.send?.({ type: PURGED, id: message.id }));
    } else if (message?.type === PURGE_DONE) {
      waiting.get(message.id)?.(message);
      waiting.delete(message.id);
    }
  });
  return () =>
    new Promise((resolve) => {
      const id = `${process.pid}:${(next += 1)}`;
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve({ reached: 0, of: -1 });
      }, PURGE_RELAY_MS + 1_000);
      waiting.set(id, (message) => {
        clearTimeout(timer);
        resolve({ reached: message.reached, of: message.of });
      });
      process.send?.({ type: PURGE, id });
    });
}
