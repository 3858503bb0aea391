// At most `limit` renders at once in this process; the rest wait their turn, first come first
// served. Without it every request that arrives starts at once and they all share the CPU: under 200
// connections each render took as long as all the others together, and some waited many seconds
// behind later arrivals. In turn, the wait is about the queue's length times one render, for all
// alike. Kept pages never wait here (the page cache answers them before any render).

/** Renders in flight per process: enough to overlap a WordPress round trip, few enough to stay FIFO. */
export const RENDER_LIMIT = 16;

/** @param {number} [limit] */
export function createRenderQueue(limit = RENDER_LIMIT) {
  let running = 0;
  /** @type {Array<() => void>} */
  const waiting = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    /**
     * Runs `task` when a place is free; the place is held until its promise settles.
     * @template T
     * @param {() => Promise<T>} task
     * @returns {Promise<T>}
     */
    async run(task) {
      if (running < limit) running += 1;
      else await new Promise((resolve) => waiting.push(resolve));
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
  };
}
