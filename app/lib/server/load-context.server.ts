// What server.mjs hands every loader and action as Remix's load context: the response's CSP nonce,
// the WordPress client, and `purgeCaches`, the one place that empties both caches in front of
// WordPress (the catalogue reads here and the whole pages server.mjs keeps for anonymous visitors).
import type { AppLoadContext } from '@remix-run/node';
import { purgeCatalogueCache } from '~/lib/wordpress/catalogue-cache.server';
import { getWordPress, type WordPressClient } from '~/lib/wordpress/client.server';
import type { SiteSettings } from '~/lib/wordpress/types';

export type PurgeResult = { dropped: number; everyInstance: boolean };

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The Content-Security-Policy nonce of this response. */
    cspNonce?: string;
    /** The one WordPress client. */
    wordpress?: WordPressClient;
    /** Empties the catalogue cache and the page cache (WordPress said the content changed). */
    purgeCaches?: () => Promise<PurgeResult>;
  }
}

/**
 * The load context server.mjs builds for a request. `clearPages` empties its page cache; it runs
 * after the catalogue cache is gone, so a page rendered in between cannot bring old data back.
 */
export function createLoadContext({ cspNonce, clearPages }: { cspNonce: string; clearPages: () => void | Promise<void> }): AppLoadContext {
  return {
    cspNonce,
    wordpress: getWordPress(),
    async purgeCaches() {
      const result = await purgeCatalogueCache();
      await clearPages();
      return result;
    },
  };
}

/** The WordPress client of this request (the process's one client when no context was given, e.g. in unit tests). */
export function wordpressOf(context: AppLoadContext | undefined): WordPressClient {
  return context?.wordpress ?? getWordPress();
}

/**
 * The seller's settings for a page that stands without them (contact details, structured data):
 * null, logged with the page's name, when WordPress cannot answer.
 */
export async function optionalSiteSettings(context: AppLoadContext | undefined, page: string): Promise<SiteSettings | null> {
  try {
    return await wordpressOf(context).siteSettings();
  } catch (error) {
    console.error(`${page}: settings could not be loaded:`, error instanceof Error ? error.message : error);
    return null;
  }
}

/** Empties the caches through the context; without one (unit tests) only the catalogue cache exists. */
export function purgeCachesOf(context: AppLoadContext | undefined): Promise<PurgeResult> {
  return context?.purgeCaches ? context.purgeCaches() : purgeCatalogueCache();
}
