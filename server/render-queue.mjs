// At most `limit` renders at once in this process; the rest wait their turn, first come first
// served, but only so many and only so long. Without a limit every request that arrives starts at
// once and they all share the CPU: under 200 connections each render took as long as all the others
// together. With a limit and no bound on the wait, the wait grew with the crowd instead: seconds for
// every signed-in visitor behind a crawler. So a request is refused at once when `queueMax` are
// already waiting, and a waiting one gives up after `maxWaitMs`: past that, a page that is still
// rendered would reach the visitor later than a retry would (server.mjs then answers from the last
// good copy of the page where it may, else 503 with Retry-After). Kept pages never wait here (the page
// cache answers them before any render).

/**
 * Renders in flight per process: enough to overlap a WordPress round trip (most reads come from the
 * catalogue cache), few enough that the renders sharing the CPU each finish quickly (a render costs
 * tens of ms of CPU). At 200 connections on two busy cores, 4 served more pages than 8 and every
 * answer sooner, in each of four paired runs.
 */
export const RENDER_LIMIT = 4;
/** Requests that may wait for a render place, per process. */
export const RENDER_QUEUE_MAX = 16;
/**
 * How long a request may wait for a render place before it is refused: a served page's wait plus its
 * render must stay within the 2 s a visitor or crawler is worth keeping, also on a starved machine.
 */
export const RENDER_QUEUE_WAIT_MS = 300;

/** Thrown by `run` when the queue is full or the wait ran out: the render never started. */
export class RenderRefusedError extends Error {
  name = 'RenderRefusedError';
  /** @param {'queue full' | 'waited too long'} reason */
  constructor(reason) {
    super(`Render refused: ${reason}`);
    this.reason = reason;
  }
}

/**
 * The guard's settings from RENDER_LIMIT, RENDER_QUEUE_MAX and RENDER_QUEUE_WAIT_MS, or the defaults;
 * a message for a value that is not a whole number in range.
 * @param {Record<string, string | undefined>} env
 * @returns {{ limit: number, queueMax: number, maxWaitMs: number } | { error: string }}
 */
export function renderGuardSettings(env) {
  const read = (name, fallback, min, max) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
    return n >= min && n <= max ? n : `${name}: must be a whole number from ${min} to ${max}, got ${JSON.stringify(env[name])}`;
  };
  const limit = read('RENDER_LIMIT', RENDER_LIMIT, 1, 10_000);
  const queueMax = read('RENDER_QUEUE_MAX', RENDER_QUEUE_MAX, 0, 100_000);
  const maxWaitMs = read('RENDER_QUEUE_WAIT_MS', RENDER_QUEUE_WAIT_MS, 1, 600_000);
  for (const value of [limit, queueMax, maxWaitMs]) if (typeof value === 'string') return { error: value };
  return { limit: Number(limit), queueMax: Number(queueMax), maxWaitMs: Number(maxWaitMs) };
}

/** @param {{ limit?: number, queueMax?: number, maxWaitMs?: number }} [options] */
export function createRenderQueue({ limit = RENDER_LIMIT, queueMax = RENDER_QUEUE_MAX, maxWaitMs = RENDER_QUEUE_WAIT_MS } = {}) {
  let running = 0;
  let refused = 0;
  /** @type {Array<() => void>} */
  const waiting = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  /** Waits for a place (handed over by `release`), or rejects when `maxWaitMs` runs out first. */
  const place = () =>
    new Promise((resolve, reject) => {
      const take = () => {
        clearTimeout(timer);
        resolve(undefined);
      };
      const timer = setTimeout(() => {
        const at = waiting.indexOf(take);
        if (at !== -1) waiting.splice(at, 1);
        refused += 1;
        reject(new RenderRefusedError('waited too long'));
      }, maxWaitMs);
      waiting.push(take);
    });
  return {
    /**
     * Runs `task` when a place is free; the place is held until its promise settles. Rejects with
     * RenderRefusedError, without running `task`, when the queue is full or the wait runs out.
     * @template T
     * @param {() => Promise<T>} task
     * @returns {Promise<T>}
     */
    async run(task) {
      if (running < limit) running += 1;
      else if (waiting.length >= queueMax) {
        refused += 1;
        throw new RenderRefusedError('queue full');
      } else await place();
      try {
        return await task();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    get refused() {
      return refused;
    },
  };
}
