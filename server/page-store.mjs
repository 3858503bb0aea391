// Where the page cache (server/page-cache.mjs) keeps whole pages: in this process, or with
// REDIS_URL in the Redis every site instance shares (server/shared-cache.mjs).
//
// In Redis one page is one key per encoding (`car-export:page:g<generation>:<variant>:<url hash>`,
// variant identity, br or gzip), each holding the status, headers and times as JSON followed by the
// body bytes, with the page's own TTL. A hit is one GET of the copy the visitor's encoding needs, so
// brotli runs once per page for all instances, not once per instance; the first visitor of an
// encoding makes that copy from the identity one and stores it beside it, expiring with it.
import { createHash } from 'node:crypto';
import { createMemoryPageStore } from './page-cache.mjs';
import { sharedCache } from './shared-cache.mjs';

/** A page larger than this renders each time rather than crossing the network on every hit. */
export const MAX_SHARED_PAGE_BYTES = 4 * 1024 * 1024;

/** @param {{ status: number, statusText: string, headers: [string, string][], storedAt: number, expiresAt: number }} meta */
function pack(meta, body) {
  const head = Buffer.from(JSON.stringify(meta));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.byteLength);
  return Buffer.concat([length, head, body]);
}

function unpack(buffer) {
  const headLength = buffer.readUInt32BE(0);
  const meta = JSON.parse(buffer.subarray(4, 4 + headLength).toString('utf8'));
  return { meta, body: new Uint8Array(buffer.subarray(4 + headLength)) };
}

/**
 * @param {import('./shared-cache.mjs').SharedCache} shared
 * @param {{ maxBytes?: number, now?: () => number }} options  (the in-process stand-in's bound)
 * @returns {import('./page-cache.mjs').PageStore}
 */
export function createRedisPageStore(shared, { maxBytes, now = Date.now } = {}) {
  // Serves while Redis is unreachable; emptied when it answers again and on every purge.
  const local = createMemoryPageStore({ maxBytes, now });
  shared.onReset(() => local.clear());
  const redisKey = (slot, variant) => shared.key('page', slot.generation, variant, slot.hash);

  function write(slot, variant, entry, body) {
    const ttl = entry.expiresAt - now();
    if (ttl <= 0) return Promise.resolve();
    // The render's nonce goes along, so any instance can write its own response's nonce in its place.
    const { status, statusText, headers, storedAt, expiresAt, nonce } = entry;
    const value = pack({ status, statusText, headers, storedAt, expiresAt, nonce: variant === 'identity' ? nonce : null }, body);
    return shared.attempt(
      (redis) => redis.set(redisKey(slot, variant), value, 'PX', ttl),
      () => undefined,
    );
  }

  async function read(redis, slot, variant) {
    const buffer = await redis.getBuffer(redisKey(slot, variant));
    if (!buffer) return null;
    const { meta, body } = unpack(buffer);
    if (meta.expiresAt <= now()) return null;
    return { ...meta, body: variant === 'identity' ? body : undefined, encoded: variant === 'identity' ? {} : { [variant]: body } };
  }

  return {
    maxBytes: Math.min(MAX_SHARED_PAGE_BYTES, maxBytes ?? MAX_SHARED_PAGE_BYTES),
    /** The generation is read when the visit starts, so a render under way during a purge stays in the old one. */
    slot: (url) => ({
      generation: `g${shared.generation()}`,
      hash: createHash('sha256').update(url).digest('base64url'),
      local: local.slot(url),
    }),
    get(slot, encoding) {
      return shared.attempt(
        async (redis) => (encoding && (await read(redis, slot, encoding))) || read(redis, slot, 'identity'),
        () => local.get(slot.local),
      );
    },
    set(slot, entry) {
      if (!shared.usable()) return local.set(slot.local, entry);
      return write(slot, 'identity', entry, entry.body);
    },
    keepEncoded(slot, entry, encoding) {
      // Not awaited: the visitor already has the copy; the next ones find it.
      if (shared.usable()) void write(slot, encoding, entry, entry.encoded[encoding]);
    },
    /** This process's stand-in only: the shared pages go with the purge generation. */
    clear() {
      local.clear();
    },
    get size() {
      return local.size;
    },
  };
}

/**
 * The store for server.mjs: shared when REDIS_URL is set, else in this process. With Redis it waits
 * up to `readyMs` for the connection, so the first visitors already share; a Redis that does not
 * answer by then is used once it does.
 */
export async function pageStoreFromEnv({ maxBytes, now, readyMs = 2_000 } = {}) {
  const shared = sharedCache();
  if (!shared) return createMemoryPageStore({ maxBytes, now });
  if (!(await shared.whenReady(readyMs))) console.warn(`Redis did not answer within ${readyMs} ms: starting with the in-process caches`);
  return createRedisPageStore(shared, { maxBytes, now });
}
