import type { MetaDescriptor, MetaFunction } from '@remix-run/node';
import { COUNTRIES, FOUNDED, SITE_NAME } from '~/lib/content/company';

// Per-route <head> tags: every route's `meta` returns pageMeta(...). Remix does
// not merge a route's meta with its parents', so each call returns the complete set.
// A page whose tags never depend on its data declares them once:
//
//   export const meta = staticPageMeta({ title: 'About Us', description: '…', path: '/about-us' });
//
// and one whose tags do calls pageMeta from its own meta function with `matches`.

export { SITE_NAME, SITE_TAGLINE } from '~/lib/content/company';
export const DEFAULT_TITLE = `${SITE_NAME} | Cars from China, Exported Worldwide`;
export const DEFAULT_DESCRIPTION = `Browse new and used cars from China and buy with confidence: a trusted exporter since ${FOUNDED}, shipping vehicles to ${COUNTRIES} countries.`;

type MatchLike = { id: string; data?: unknown };

export type PageMetaInput = {
  /** The page's own title; the site name is appended ("Explore Cars | Car Export"). */
  title: string;
  description: string;
  /** Path of the canonical URL (with any query that defines the page); default "/". */
  path?: string;
  /** Public origin, e.g. "https://example.com". Default: the root loader's `origin` from `matches`. */
  origin?: string;
  /** The meta function's `matches`, to find the root loader's `origin`. */
  matches?: readonly MatchLike[];
  /** Absolute or site-relative image for Open Graph and Twitter. */
  image?: string | null;
  /** Open Graph type; default "website". */
  type?: 'website' | 'article' | 'product';
  /** Keep the page out of search results (error pages, sign-in pages). */
  noIndex?: boolean;
};

/** "Explore Cars" → "Explore Cars | Car Export"; a title that already names the site is kept. */
export function pageTitle(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
}

/** The root loader's `origin`, read from a meta function's `matches`. */
export function rootOrigin(matches: readonly MatchLike[] | undefined): string {
  const data = matches?.find((m) => m.id === 'root')?.data;
  if (data && typeof data === 'object' && 'origin' in data && typeof data.origin === 'string') return data.origin;
  return '';
}

function absolute(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const path = pathOrUrl.startsWith('/') ? pathOrUrl : `/${pathOrUrl}`;
  return `${origin}${path}`;
}

export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const origin = (input.origin ?? rootOrigin(input.matches)).replace(/\/+$/, '');
  const title = pageTitle(input.title);
  const url = absolute(origin, input.path ?? '/');
  const image = input.image ? absolute(origin, input.image) : null;

  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: input.description },
  ];
  if (image) {
    tags.push({ property: 'og:image', content: image }, { name: 'twitter:image', content: image });
  }
  if (input.noIndex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}

/**
 * Head hints for a page whose largest picture comes from another origin (WordPress's uploads):
 * connect to that origin while the HTML is still parsing and, when `preload` is given, fetch that
 * picture at high priority with the same candidates the <img> offers. Nothing for a same-origin or
 * unparsable URL.
 */
export function imageHints(url: string | null | undefined, preload?: { srcSet?: string; sizes?: string; type?: string }): MetaDescriptor[] {
  if (!url) return [];
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return [];
  }
  const hints: MetaDescriptor[] = [{ tagName: 'link', rel: 'preconnect', href: origin }];
  if (preload) {
    hints.push({
      tagName: 'link',
      rel: 'preload',
      as: 'image',
      href: url,
      ...(preload.srcSet ? { imageSrcSet: preload.srcSet, imageSizes: preload.sizes } : {}),
      // A browser that cannot show this type skips the preload (and fetches what the <img> picks).
      ...(preload.type ? { type: preload.type } : {}),
      // Lower-case: React 18 does not know the camel-case prop and would warn.
      fetchpriority: 'high',
    });
  }
  return hints;
}

/** The meta function of a page whose tags are fixed (title, description, canonical path). */
export function staticPageMeta(page: Omit<PageMetaInput, 'matches' | 'origin'>): MetaFunction {
  return ({ matches }) => pageMeta({ ...page, matches });
}
