// The home page's rules: the featured row and its Show All tile, the error text, the filter bar's
// query, video durations, the Organization JSON-LD, and the loader (one WordPress call, cache
// headers, never a 500 when WordPress fails).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUnitEnv } from './support/unit-env';
import { bodySymbolId, BODY_SPRITE } from '~/routes/_index/BodySilhouettes';
import { organizationJsonLd, postalAddress, serializeJsonLd } from '~/lib/seo/jsonld';
import { featuredErrorMessage } from '~/routes/_index/featured-error.server';
import {
  bodyTypeHref,
  BODY_TYPES,
  FEATURED_FETCH_FAILED,
  featuredRow,
  filterQuery,
  formatDuration,
  spokenDuration,
} from '~/routes/_index/home-model';
import { WordPressError } from '~/lib/wordpress/client.server';
import type { CarCard, HomeData } from '~/lib/wordpress/types';

const homeData = vi.fn<(n: number) => Promise<HomeData>>();

vi.mock('~/lib/wordpress/client.server', async (importOriginal) => {
  const actual = await importOriginal<typeof import('~/lib/wordpress/client.server')>();
  return { ...actual, getWordPress: () => ({ homeData }) };
});

function car(id: number): CarCard {
  return {
    id,
    saleStatus: 'available',
    title: `Car ${id}`,
    price: '$10,000',
    priceValue: 10000,
    image: null,
    featured_image: null,
    fuelType: 'electric',
    bodyType: 'SUV',
    transmission: 'ev',
    features: [],
    description: '',
    all_fields: { year: 2024, make: 'BYD', model: 'Seal', mileage: 0 },
  };
}

const cars = (n: number) => Array.from({ length: n }, (_, i) => car(i + 1));

const SETTINGS = {
  phone: '+86 22 5866 0188',
  whatsapp: '+86 139 2050 8816',
  email: 'sales@carexport.example',
  address: 'Room 1806, Binhai Trade Tower, 88 Xingang Road, Binhai New Area, Tianjin 300456, China',
  wechatQr: null,
};

describe('featured row', () => {
  it('keeps six cars and offers Show All Cars only when more than six exist', () => {
    expect(featuredRow(cars(7))).toEqual({ cars: cars(6), showAll: true });
    expect(featuredRow(cars(6))).toEqual({ cars: cars(6), showAll: false });
    expect(featuredRow(cars(3))).toEqual({ cars: cars(3), showAll: false });
    expect(featuredRow([])).toEqual({ cars: [], showAll: false });
  });
});

describe('featured error text', () => {
  it("shows WordPress's message for an HTTP failure", () => {
    expect(featuredErrorMessage(new WordPressError('Database unavailable', 503))).toBe('Database unavailable');
    // A bare status is the client's stand-in, not the server's message: the fallback is shown.
    expect(featuredErrorMessage(new WordPressError('HTTP error! status: 500', 500))).toBe(FEATURED_FETCH_FAILED);
  });

  it("falls back to the spec's text for a network failure or anything else", () => {
    expect(featuredErrorMessage(new WordPressError('Network error: WordPress could not be reached.', 0))).toBe(FEATURED_FETCH_FAILED);
    expect(featuredErrorMessage(new Error('boom'))).toBe('Failed to fetch featured cars');
    expect(featuredErrorMessage('nope')).toBe('Failed to fetch featured cars');
  });
});

describe('body type links', () => {
  it('links each of the six tiles to the explore page, URL-encoded', () => {
    expect(BODY_TYPES).toEqual(['SUV', 'Sedan', 'Hatchback', 'Minivan', 'Pickup', 'Sports Car']);
    expect(bodyTypeHref('SUV')).toBe('/explore-cars?bodyType=SUV');
    expect(bodyTypeHref('Sports Car')).toBe('/explore-cars?bodyType=Sports%20Car');
  });
});

describe('body type sprite', () => {
  const sprite = readFileSync(path.join(__dirname, '../../public', BODY_SPRITE), 'utf8');

  it('has a symbol for every tile', () => {
    for (const type of BODY_TYPES) expect(sprite).toContain(`<symbol id="${bodySymbolId(type)}" viewBox="0 0 160 64">`);
    expect(bodySymbolId('Sports Car')).toBe('sports-car');
  });

  it('is well-formed: no "--" inside a comment (browsers then draw nothing)', () => {
    for (const [, comment] of sprite.matchAll(/<!--([\s\S]*?)-->/g)) expect(comment).not.toContain('--');
    expect(sprite.trim().startsWith('<svg xmlns="http://www.w3.org/2000/svg">')).toBe(true);
    expect(sprite.trim().endsWith('</svg>')).toBe(true);
  });
});

describe('filter bar query', () => {
  it('leaves empty selects and unknown fields out', () => {
    expect(
      filterQuery([
        ['brand', ''],
        ['bodyType', 'SUV'],
        ['fuelType', ''],
        ['transmission', 'automatic'],
        ['other', 'x'],
      ]),
    ).toBe('bodyType=SUV&transmission=automatic');
    expect(filterQuery([['brand', '  ']])).toBe('');
    expect(filterQuery([['brand', 'Great Wall']])).toBe('brand=Great+Wall');
  });
});

describe('video durations', () => {
  it('formats seconds as m:ss or h:mm:ss', () => {
    expect(formatDuration(7)).toBe('0:07');
    expect(formatDuration(750)).toBe('12:30');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(-1)).toBeNull();
  });

  it('speaks them in words', () => {
    expect(spokenDuration(7)).toBe('7 seconds');
    expect(spokenDuration(61)).toBe('1 minute 1 second');
    expect(spokenDuration(120)).toBe('2 minutes');
    expect(spokenDuration(0)).toBe('0 seconds');
    expect(spokenDuration(undefined)).toBeNull();
  });
});

describe('Organization JSON-LD', () => {
  it('names the company with its URL, logo, seller phone and address', () => {
    const org = organizationJsonLd({ origin: 'https://cars.example/', settings: SETTINGS });
    expect(org).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Car Export',
      url: 'https://cars.example/',
      logo: 'https://cars.example/favicon.svg',
      contactPoint: [{ '@type': 'ContactPoint', telephone: '+862258660188', contactType: 'sales' }],
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Room 1806, Binhai Trade Tower, 88 Xingang Road, Binhai New Area',
        addressLocality: 'Tianjin',
        postalCode: '300456',
        addressCountry: 'CN',
      },
    });
  });

  it('leaves contact and address out when the settings are unknown', () => {
    const org = organizationJsonLd({ origin: '', settings: null });
    expect(org).not.toHaveProperty('contactPoint');
    expect(org).not.toHaveProperty('address');
    expect(org.url).toBe('/');
  });

  it('keeps an address of another shape whole', () => {
    expect(postalAddress('Harbour Road 1, Tianjin')).toEqual({ '@type': 'PostalAddress', streetAddress: 'Harbour Road 1, Tianjin' });
    expect(postalAddress(' , ')).toBeNull();
  });

  it('cannot close its script element', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});

describe('home loader', () => {
  useUnitEnv();
  beforeEach(() => {
    homeData.mockReset();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const call = async (cookie?: string) => {
    const { loader } = await import('~/routes/_index/route');
    const request = new Request('http://site.test/', { headers: cookie ? { Cookie: cookie } : {} });
    return loader({ request, params: {}, context: {} });
  };

  it('makes one WordPress call and sends six cars plus whether more exist', async () => {
    homeData.mockResolvedValue({
      featured: cars(7),
      filters: {
        brands: ['BYD'],
        bodyTypes: ['SUV'],
        fuelTypes: ['electric'],
        transmissions: ['ev'],
        models: [],
        driveTypes: [],
        years: [],
        priceRange: { min: 0, max: 1 },
      },
      videos: [1, 2, 3, 4, 5].map((i) => ({ id: String(i), title: `V${i}`, thumbnail: null, videoUrl: `/v${i}.mp4`, duration: 5 })),
      settings: SETTINGS,
    });
    const response = await call();
    expect(homeData).toHaveBeenCalledTimes(1);
    expect(homeData).toHaveBeenCalledWith(7);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=60, s-maxage=120, stale-while-revalidate=300');
    const body = await response.json();
    expect(body.featured).toHaveLength(6);
    expect(body.moreFeatured).toBe(true);
    expect(body.videos).toHaveLength(4);
    expect(body.error).toBeNull();
    expect(JSON.parse(body.organization).contactPoint[0].telephone).toBe('+862258660188');
  });

  it('asks WordPress for one car more than the row shows, so Show All Cars appears exactly when more exist', async () => {
    const home = (featured: CarCard[]): HomeData => ({
      featured,
      filters: {
        brands: [],
        bodyTypes: [],
        fuelTypes: [],
        transmissions: [],
        models: [],
        driveTypes: [],
        years: [],
        priceRange: { min: 0, max: 0 },
      },
      videos: [],
      settings: SETTINGS,
    });
    // WordPress answers at most as many featured cars as asked for, from however many are featured.
    for (const [featuredInShop, more] of [
      [7, true],
      [6, false],
    ] as const) {
      homeData.mockReset();
      homeData.mockImplementation(async (n) => home(cars(Math.min(n, featuredInShop))));
      const body = await (await call()).json();
      expect(
        body.featured.map((c: { id: number }) => c.id),
        `${featuredInShop} featured`,
      ).toEqual([1, 2, 3, 4, 5, 6]);
      expect(body.moreFeatured, `${featuredInShop} featured`).toBe(more);
    }
  });

  it('keeps a signed-in page out of shared caches', async () => {
    homeData.mockResolvedValue({
      featured: [],
      filters: {
        brands: [],
        bodyTypes: [],
        fuelTypes: [],
        transmissions: [],
        models: [],
        driveTypes: [],
        years: [],
        priceRange: { min: 0, max: 0 },
      },
      videos: [],
      settings: SETTINGS,
    });
    const response = await call('_ga=1; __session=abc');
    expect(response.headers.get('Cache-Control')).toBe('private, no-cache');
  });

  it('renders the error panel data instead of failing when WordPress is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    homeData.mockRejectedValue(new WordPressError('Network error: WordPress could not be reached.', 0));
    const response = await call();
    // 503 with Retry-After: crawlers and caches treat it as a passing failure, not the page.
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe('30');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const body = await response.json();
    expect(body).toMatchObject({ featured: [], moreFeatured: false, videos: [], error: 'Failed to fetch featured cars' });
    // The Organization still names the company, without the contact details WordPress did not give.
    expect(JSON.parse(body.organization)).toMatchObject({ '@type': 'Organization', url: 'https://cars.example/' });
    expect(JSON.parse(body.organization)).not.toHaveProperty('contactPoint');
    expect(body.filters.brands).toEqual([]);
  });

  it("passes WordPress's message on", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    homeData.mockRejectedValue(new WordPressError('Database unavailable', 502));
    const body = await (await call()).json();
    expect(body.error).toBe('Database unavailable');
  });
});

describe('home document headers', () => {
  const run = async (loaderHeaders: HeadersInit, parentHeaders: HeadersInit) => {
    const { headers } = await import('~/routes/_index/route');
    if (typeof headers !== 'function') throw new Error('headers is not a function');
    return new Headers(
      headers({
        loaderHeaders: new Headers(loaderHeaders),
        parentHeaders: new Headers(parentHeaders),
        actionHeaders: new Headers(),
        errorHeaders: undefined,
      }),
    );
  };

  it("keeps the loader's cache policy and the root's Vary", async () => {
    const h = await run({ 'Cache-Control': 'public, max-age=60, s-maxage=120, stale-while-revalidate=300' }, { Vary: 'Cookie' });
    expect(h.get('Cache-Control')).toBe('public, max-age=60, s-maxage=120, stale-while-revalidate=300');
    expect(h.get('Vary')).toBe('Cookie');
  });

  it('lets no cache keep a response that clears the session cookie', async () => {
    const h = await run(
      { 'Cache-Control': 'public, max-age=60, s-maxage=120, stale-while-revalidate=300' },
      { Vary: 'Cookie', 'Set-Cookie': '__session=; Max-Age=0' },
    );
    expect(h.get('Cache-Control')).toBe('private, no-store');
  });
});
