// The link between several site instances behind one load balancer: with REDIS_URL set, the
// catalogue cache (app/lib/wordpress/catalogue-cache-store.server.ts) and the page cache (server/page-store.mjs) keep
// their entries in one Redis, and a purge reaches every instance.
//
// How a purge fans out: every key carries a purge generation. The number itself lives in Redis
// (`car-export:generation`); a purge INCRs it and PUBLISHes the new value, and each instance keeps
// the value it last heard in memory (subscribed to `car-export:purge`, and re-read from Redis on
// every reconnect), so reading a key costs one round trip. Entries of an old generation are never
// read again and expire by their own TTL; a refresh that was in flight during a purge lands under
// the old generation and so is never served after it.
//
// Redis down or slow never takes the site down: commands time out after COMMAND_TIMEOUT_MS, then
// for PAUSE_MS nothing is sent to Redis at all and both caches use their in-process copy (what the
// site does without REDIS_URL). The outage is logged once; the client reconnects in the background;
// when Redis answers again the in-process copies are dropped (they missed the purges of the outage)
// and a purge that could not reach Redis meanwhile is sent then.
import Redis from 'ioredis';

export const COMMAND_TIMEOUT_MS = 250;
export const PAUSE_MS = 5_000;
const PREFIX = 'car-export:';
const GENERATION_KEY = `${PREFIX}generation`;
const PURGE_CHANNEL = `${PREFIX}purge`;

/**
 * @typedef {{
 *   redis: import('ioredis').Redis,
 *   key: (...parts: string[]) => string,
 *   generation: () => number,
 *   usable: () => boolean,
 *   failed: (error: unknown) => void,
 *   attempt: <T>(command: (redis: import('ioredis').Redis) => Promise<T>, fallback: () => T | Promise<T>) => Promise<T>,
 *   purge: () => Promise<boolean>,
 *   onReset: (listener: () => void) => () => void,
 *   whenReady: (timeoutMs?: number) => Promise<boolean>,
 *   close: () => Promise<void>,
 * }} SharedCache
 */

/**
 * One connection (plus one for the subscription) to the Redis at `url`.
 * @param {{ url: string, log?: Pick<Console, 'info' | 'warn'>, now?: () => number }} options
 * @returns {SharedCache}
 */
export function createSharedCache({ url, log = console, now = Date.now }) {
  const options = {
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    // A command while disconnected fails at once instead of waiting in a queue.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Reconnects forever in the background, at most every 2 s.
    retryStrategy: (times) => Math.min(100 * times, 2_000),
  };
  const redis = new Redis(url, options);
  // The subscription is made before the first connection and renewed on every reconnect.
  const subscriber = new Redis(url, { ...options, enableOfflineQueue: true, commandTimeout: undefined });

  let generation = 0;
  // Until the stored generation has been read on this connection, keys would carry a wrong one.
  let synced = false;
  let pausedUntil = 0;
  let outage = false;
  let purgeOwed = false;
  const listeners = new Set();

  const reset = () => {
    for (const listener of listeners) listener();
  };

  function failed(error) {
    pausedUntil = now() + PAUSE_MS;
    if (outage) return;
    outage = true;
    log.warn(
      `Redis unreachable (${error instanceof Error ? error.message : String(error)}): serving from the in-process caches until it answers again`,
    );
  }

  function usable() {
    return synced && redis.status === 'ready' && now() >= pausedUntil;
  }

  function recovered() {
    if (!outage) return;
    outage = false;
    log.info('Redis answers again: the shared caches are back in use');
  }

  function adopt(value) {
    const next = Number(value ?? 0);
    if (Number.isFinite(next) && next !== generation) {
      generation = next;
      reset();
    }
  }

  async function sendPurge() {
    const next = await redis.incr(GENERATION_KEY);
    adopt(next);
    await redis.publish(PURGE_CHANNEL, String(next));
  }

  async function reconnected() {
    try {
      if (purgeOwed) {
        await sendPurge();
        purgeOwed = false;
      } else {
        // A Redis that lost its data starts the count from the clock, never from 0 again: keys an
        // instance wrote under an old number must not become current after a few purges.
        await redis.set(GENERATION_KEY, String(now()), 'NX');
        adopt(await redis.get(GENERATION_KEY));
      }
      synced = true;
      pausedUntil = 0;
      recovered();
      // Whatever the in-process copies took in meanwhile may predate a purge they never heard of.
      reset();
    } catch (error) {
      failed(error);
      // Connected but not answering: try again later rather than wait for a reconnect that may not come.
      setTimeout(() => {
        if (redis.status === 'ready' && !synced) reconnected();
      }, PAUSE_MS).unref();
    }
  }

  redis.on('ready', reconnected);
  redis.on('close', () => {
    synced = false;
  });
  redis.on('error', failed);
  subscriber.on('error', () => {
    /* the main connection reports the outage */
  });
  subscriber.on('message', (_channel, message) => adopt(message));
  subscriber.on('ready', () => {
    // Purges published while the subscription was down are read from the stored number.
    if (redis.status === 'ready') redis.get(GENERATION_KEY).then(adopt, failed);
  });
  subscriber.subscribe(PURGE_CHANNEL).catch(() => {
    /* renewed on reconnect */
  });

  return {
    redis,
    key: (...parts) => PREFIX + parts.join(':'),
    generation: () => generation,
    usable,
    failed,
    /**
     * Runs `command` on Redis, or `fallback` (the in-process copy) while Redis is unusable or when
     * the command fails or times out.
     */
    async attempt(command, fallback) {
      if (!usable()) return fallback();
      try {
        const value = await command(redis);
        recovered();
        return value;
      } catch (error) {
        failed(error);
        return fallback();
      }
    },
    /** Moves every instance to a new generation. False when Redis could not be told (sent later). */
    async purge() {
      try {
        if (redis.status !== 'ready') throw new Error(`connection ${redis.status}`);
        await sendPurge();
        purgeOwed = false;
        return true;
      } catch (error) {
        failed(error);
        purgeOwed = true;
        // The in-process copies are keyed by the generation too: moving it here keeps a refresh
        // under way from being served after this purge. Redis's own number is adopted on reconnect.
        generation += 1;
        reset();
        return false;
      }
    },
    /** `listener` runs whenever the in-process copies must be dropped (a purge, a reconnect). */
    onReset(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Resolves true once connected (and the generation read), false after `timeoutMs`. */
    async whenReady(timeoutMs = 2_000) {
      const end = now() + timeoutMs;
      while (!synced || subscriber.status !== 'ready') {
        if (now() > end) return false;
        await new Promise((r) => setTimeout(r, 20));
      }
      return true;
    },
    async close() {
      redis.disconnect();
      subscriber.disconnect();
    },
  };
}

const GLOBAL = Symbol.for('car-export.shared-cache');

/**
 * The process's shared cache, or null without REDIS_URL. Kept on globalThis because the Remix build
 * bundles its own copy of this module beside the one server.mjs imports: both must use one
 * connection and one generation.
 * @returns {SharedCache | null}
 */
export function sharedCache() {
  const url = process.env.REDIS_URL;
  if (!url) return null;
  const holder = /** @type {Record<symbol, SharedCache | undefined>} */ (/** @type {unknown} */ (globalThis));
  holder[GLOBAL] ??= createSharedCache({ url });
  return holder[GLOBAL];
}
