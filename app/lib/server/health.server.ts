// Liveness and readiness, answered by server.mjs at /healthz and /readyz (through the build's entry
// module). Readiness asks WordPress itself, uncached, through the one WordPress client module.
import { env } from './env.server';
import { getOutbox } from '~/lib/leads/leads.server';
import { createWordPressClient } from '~/lib/wordpress/client.server';
import { contextualFetch } from './request-context.server';

/** A readiness probe must answer fast: a WordPress slower than this counts as not ready. */
export const READY_TIMEOUT_MS = 1000;

export type Readiness = {
  status: 'ready' | 'unavailable';
  wordpress: { ok: boolean; ms: number; error?: string };
  /** Leads the outbox keeps for WordPress (waiting), and those WordPress refused for good (dead). */
  outbox: { depth: number; dead: number; oldestAgeSeconds: number | null };
};

let probe: ReturnType<typeof createWordPressClient> | undefined;

export async function checkReadiness(): Promise<Readiness> {
  // Its own client: no catalogue cache (a cached answer would say nothing about WordPress now) and
  // the short time-out.
  probe ??= createWordPressClient({
    baseUrl: env().wordpressUrl,
    cache: false,
    timeoutMs: READY_TIMEOUT_MS,
    readTimeoutMs: READY_TIMEOUT_MS,
    fetch: contextualFetch(globalThis.fetch),
  });
  const started = performance.now();
  let wordpress: Readiness['wordpress'];
  try {
    // The smallest public read the client has: the site settings (one GraphQL field set).
    await probe.siteSettings();
    wordpress = { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    wordpress = {
      ok: false,
      ms: Math.round(performance.now() - started),
      error: error instanceof Error ? error.message : String(error),
    };
  }
  const stats = getOutbox().stats();
  const outbox = {
    depth: stats.depth,
    dead: stats.dead,
    oldestAgeSeconds: stats.oldestAgeMs === null ? null : Math.round(stats.oldestAgeMs / 1000),
  };
  return { status: wordpress.ok ? 'ready' : 'unavailable', wordpress, outbox };
}
