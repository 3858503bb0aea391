import {
  json,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { RecentlyViewedSection } from '~/components/car/RecentlyViewedSection';
import { DeferredBelowFold } from '~/components/home/DeferredBelowFold';
import { FeaturedCars } from '~/components/home/FeaturedCars';
import { FilterBar, type HomeFilterOptions } from '~/components/home/FilterBar';
import { HeroSlider, HERO_PRELOAD } from '~/components/home/HeroSlider';
import {
  FEATURED_FETCH,
  HOME_VIDEO_COUNT,
  featuredErrorMessage,
  featuredRow,
  jsonLdScript,
  organizationJsonLd,
} from '~/components/home/home-model';
import { DEFAULT_DESCRIPTION, pageMeta, SITE_NAME } from '~/lib/meta';
import { PUBLIC_CACHE } from '~/lib/api.server';
import { failedPageInit } from '~/lib/outage.server';
import { publicOrigin } from '~/lib/env.server';
import { hasSessionCookie } from '~/lib/session.server';
import { getWordPress } from '~/lib/wordpress/client.server';
import type { HomeData, SiteSettings } from '~/lib/wordpress/types';
import { useNonce } from '~/lib/nonce';

export const links: LinksFunction = () => [
  // The LCP image: the browser starts it while it parses the head, before it meets the <picture>.
  HERO_PRELOAD,
];

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta({
    title: `${SITE_NAME} | Cars from China, exported worldwide`,
    description: DEFAULT_DESCRIPTION,
    path: '/',
    image: '/images/hero/hero-1-1920.jpg',
    matches,
  });

/** A signed-in visitor's page names them in the header: only their own browser may keep it. */
const PRIVATE_CACHE = 'private, no-cache';
/** A failure page must not be kept: the next visitor should get a fresh try. */
const NO_STORE = 'no-store';

const NO_FILTERS: HomeFilterOptions = { brands: [], bodyTypes: [], fuelTypes: [], transmissions: [] };

type HomePayload = Omit<HomeData, 'settings' | 'filters'> & {
  /** Only the four lists of the filter bar. */
  filters: HomeFilterOptions;
  /** Organization JSON-LD, built here so its code stays off the browser bundle. */
  organization: string;
  /** More featured cars exist than the six shown: the mobile row ends with Show All Cars. */
  moreFeatured: boolean;
  /** The featured section's error panel text; null when WordPress answered. */
  error: string | null;
};

/** schema.org Organization with the seller's phone and address (when WordPress answered). */
function organizationScript(request: Request, settings: SiteSettings | null): string {
  return jsonLdScript(
    organizationJsonLd({
      name: SITE_NAME,
      origin: publicOrigin(),
      logoPath: '/favicon.svg',
      description: DEFAULT_DESCRIPTION,
      settings,
    }),
  );
}

/**
 * One WordPress round trip: featured cars (one more than the mobile row, to know whether to offer
 * Show All Cars), filter options, videos and the seller's settings. A WordPress failure never takes
 * the home page down: the page renders with the featured error panel, empty filter lists and no videos.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const data = await getWordPress().homeData(FEATURED_FETCH);
    // The 7th car only tells whether there are more; it is not sent to the browser.
    const row = featuredRow(data.featured);
    const payload: HomePayload = {
      featured: row.cars,
      moreFeatured: row.showAll,
      filters: {
        brands: data.filters.brands,
        bodyTypes: data.filters.bodyTypes,
        fuelTypes: data.filters.fuelTypes,
        transmissions: data.filters.transmissions,
      },
      videos: data.videos.slice(0, HOME_VIDEO_COUNT),
      organization: organizationScript(request, data.settings),
      error: null,
    };
    return json(payload, {
      headers: { 'Cache-Control': hasSessionCookie(request) ? PRIVATE_CACHE : PUBLIC_CACHE },
    });
  } catch (error) {
    console.error('Home: WordPress home data failed:', error instanceof Error ? error.message : error);
    const payload: HomePayload = {
      featured: [],
      moreFeatured: false,
      filters: NO_FILTERS,
      videos: [],
      organization: organizationScript(request, null),
      error: featuredErrorMessage(error),
    };
    return json(payload, failedPageInit(error));
  }
}

export const headers: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const out = new Headers();
  // The root loader varies on the session cookie; keep that. (Remix itself carries the root's
  // Set-Cookie over to the document.)
  const vary = parentHeaders.get('Vary');
  if (vary) out.set('Vary', vary);
  // A response that changes a cookie (an ended session) is personal: no cache may keep it.
  const setsCookie = parentHeaders.has('Set-Cookie') || loaderHeaders.has('Set-Cookie');
  out.set('Cache-Control', setsCookie ? NO_STORE : (loaderHeaders.get('Cache-Control') ?? NO_STORE));
  const retryAfter = loaderHeaders.get('Retry-After');
  if (retryAfter) out.set('Retry-After', retryAfter);
  return out;
};

export default function Home() {
  const { featured, moreFeatured, filters, videos, organization, error } = useLoaderData<typeof loader>();
  const nonce = useNonce();

  return (
    <>
      {/* Already escaped for a script element by jsonLdScript. */}
      <script nonce={nonce} type="application/ld+json" dangerouslySetInnerHTML={{ __html: organization }} />
      <HeroSlider />
      <FilterBar filters={filters} />
      <FeaturedCars cars={featured} showAll={moreFeatured} error={error} />
      <DeferredBelowFold videos={videos} />
      <RecentlyViewedSection />
    </>
  );
}
