import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { CardCar } from '~/components/car/CarCard';
import { RecentlyViewedSection } from '~/components/car/RecentlyViewedSection';
import { FilterBar, type HomeFilterOptions } from '~/routes/_index/FilterBar';
import { HeroSlider, HERO_PRELOAD } from '~/routes/_index/HeroSlider';
import { FEATURED_FETCH, HOME_VIDEO_COUNT, featuredRow } from '~/routes/_index/home-model';
import { featuredErrorMessage } from '~/routes/_index/featured-error.server';
import { organizationJsonLd, serializeJsonLd } from '~/lib/seo/jsonld';
import { DEFAULT_DESCRIPTION, pageMeta, SITE_NAME } from '~/lib/seo/meta';
import { cacheHeaders, pageHeaders, pagePolicy } from '~/lib/http/cache-headers.server';
import { failedPageInit } from '~/lib/wordpress/failure.server';
import { publicOrigin } from '~/lib/server/env.server';
import type { HomeData, SiteSettings } from '~/lib/wordpress/types';
import { useNonce } from '~/lib/page/nonce';
import { wordpressOf } from '~/lib/server/load-context.server';
import { deferred } from '~/lib/page/deferred';
import * as ServerSections from '~/routes/_index/deferred.server';

// Under the banner and the filter bar: hydrated after the rest of the page, so their code (the car
// cards among it) is not part of the first-load JavaScript.
const FeaturedCars = deferred(() => import('./deferred-sections').then((m) => m.FeaturedCars), ServerSections.FeaturedCars);
const BelowFold = deferred(() => import('./deferred-sections').then((m) => m.BelowFold), ServerSections.BelowFold);

export const meta: MetaFunction<typeof loader> = ({ matches }) => [
  ...pageMeta({
    title: `${SITE_NAME} | Cars from China, exported worldwide`,
    description: DEFAULT_DESCRIPTION,
    path: '/',
    image: '/images/hero/hero-1-1920.jpg',
    matches,
  }),
  // The LCP image: the browser starts it while it parses the head, before it meets the <picture>.
  HERO_PRELOAD,
];

const NO_FILTERS: HomeFilterOptions = { brands: [], bodyTypes: [], fuelTypes: [], transmissions: [] };

type HomePayload = Omit<HomeData, 'settings' | 'filters' | 'featured'> & {
  featured: CardCar[];
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
function organizationScript(settings: SiteSettings | null): string {
  return serializeJsonLd(organizationJsonLd({ origin: publicOrigin(), settings }));
}

/**
 * One WordPress round trip: featured cars (one more than the mobile row, to know whether to offer
 * Show All Cars), filter options, videos and the seller's settings. A WordPress failure never takes
 * the home page down: the page renders with the featured error panel, empty filter lists and no videos.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    const data = await wordpressOf(context).homeData(FEATURED_FETCH);
    // The 7th car only tells whether there are more; it is not sent to the browser.
    const row = featuredRow(data.featured);
    const payload: HomePayload = {
      // Only what a card shows: the features and description would double in the page's HTML
      // (hydration data) for nothing.
      featured: row.cars.map(({ features, description, ...card }) => card),
      moreFeatured: row.showAll,
      filters: {
        brands: data.filters.brands,
        bodyTypes: data.filters.bodyTypes,
        fuelTypes: data.filters.fuelTypes,
        transmissions: data.filters.transmissions,
      },
      videos: data.videos.slice(0, HOME_VIDEO_COUNT),
      organization: organizationScript(data.settings),
      error: null,
    };
    return json(payload, {
      headers: cacheHeaders(pagePolicy(request)),
    });
  } catch (error) {
    console.error('Home: WordPress home data failed:', error instanceof Error ? error.message : error);
    const payload: HomePayload = {
      featured: [],
      moreFeatured: false,
      filters: NO_FILTERS,
      videos: [],
      organization: organizationScript(null),
      error: featuredErrorMessage(error),
    };
    return json(payload, failedPageInit(error));
  }
}

/** Cache-Control from the loader's policy (none when it sets a cookie), Vary: Cookie, Retry-After. */
export const headers = pageHeaders;

export default function Home() {
  const { featured, moreFeatured, filters, videos, organization, error } = useLoaderData<typeof loader>();
  const nonce = useNonce();

  return (
    <>
      {/* Already escaped for a script element by serializeJsonLd. */}
      <script nonce={nonce} type="application/ld+json" dangerouslySetInnerHTML={{ __html: organization }} />
      <HeroSlider />
      <FilterBar filters={filters} />
      <FeaturedCars cars={featured} showAll={moreFeatured} error={error} />
      <BelowFold videos={videos} />
      <RecentlyViewedSection />
    </>
  );
}
