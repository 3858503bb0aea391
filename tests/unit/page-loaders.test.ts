// The explore, favourites and compare loaders against a stubbed WordPress client answering with the
// captured WordPress payloads (tests/fixtures) mapped as the real client maps them: status, the
// Cache-Control policy (favourites are the visitor's own and never public), the data for a good
// address, what a malformed one gets, and the failure answer when WordPress is down.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUnitEnv } from './support/unit-env';
import carFixture from '../fixtures/graphql-car.json';
import searchFixture from '../fixtures/graphql-search-cars.json';
import favoritesFixture from '../fixtures/rest-favorites-list.json';
import type { FilterFacets } from '~/lib/wordpress/types';

const wp = vi.hoisted(() => ({
  searchCars: vi.fn(),
  filterFacets: vi.fn(),
  ports: vi.fn(),
  getCar: vi.fn(),
  carsByIds: vi.fn(),
  favorites: vi.fn(),
  validateToken: vi.fn(),
}));

vi.mock('~/lib/wordpress/client.server', async (importOriginal) => {
  const real = await importOriginal<typeof import('~/lib/wordpress/client.server')>();
  return { ...real, getWordPress: () => wp };
});

const { WordPressError } = await import('~/lib/wordpress/client.server');
const S = await import('~/lib/wordpress/schemas.server');
const { mapCarCard, mapCarDetail, mapCarList } = await import('~/lib/wordpress/map.server');
const { commitUserSession, forgetToken } = await import('~/lib/auth/session.server');
const explore = await import('~/routes/explore-cars/route');
const favorites = await import('~/routes/favorites/route');
const compare = await import('~/routes/compare/route');

const searchResult = () => mapCarList(S.searchCarsDataSchema.parse(searchFixture).cars);
const yangwang = () => mapCarDetail(S.carDataSchema.parse(carFixture).car!);
const favoriteCards = () => S.favoritesListSchema.parse(favoritesFixture).favorites.map(mapCarCard);

const option = (value: string, count: number) => ({ value, count });
const facets: FilterFacets = {
  brands: [option('BYD', 12), option('Yangwang', 3)],
  bodyTypes: [option('SUV', 30), option('Sports Car', 2)],
  fuelTypes: [option('electric', 31)],
  transmissions: [option('ev', 31)],
  models: [option('U9', 1)],
  driveTypes: [option('AWD', 20)],
  years: [option('2024', 40)],
  priceRange: { min: 5800, max: 233000 },
  matchingPriceRange: { min: 5800, max: 233000 },
};

const PUBLIC = 'public, max-age=60, s-maxage=120, stale-while-revalidate=300';
const NO_STORE = 'private, no-store';
const outage = () => new WordPressError('Network error: WordPress could not be reached.', 0);

/** A loader's answer, thrown or returned (redirects and error pages are thrown). */
async function run(loader: (args: never) => Promise<Response>, path: string, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(new URL(path, 'http://site.test'), { headers });
  try {
    return await loader({ request, params: {}, context: {} } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The Cookie header of a signed-in visitor whose token WordPress issued for account 5. */
async function signedInCookie(token: string): Promise<string> {
  const setCookie = await commitUserSession(new Request('http://site.test/'), {
    token,
    user: { id: 5, username: 'buyer', email: 'buyer@example.com', displayName: 'Buyer' },
  });
  return setCookie.split(';')[0]!;
}

/** An unsigned token with WordPress's payload shape, valid for an hour (the site never checks signatures). */
function token(): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iss: 'http://wp.test', exp, data: { user: { id: 5, gen: 1 } } })}.sig`;
}

useUnitEnv();
beforeEach(() => {
  for (const fn of Object.values(wp)) fn.mockReset();
  wp.ports.mockResolvedValue([]);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('explore loader', () => {
  it('answers a search with its cars, the counted lists and a public page', async () => {
    wp.searchCars.mockResolvedValue(searchResult());
    wp.filterFacets.mockResolvedValue(facets);
    const res = await run(explore.loader, '/explore-cars?bodyType=SUV&sortBy=price&sortOrder=asc');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe(PUBLIC);
    const body = await res.json();
    expect(body.error).toBeNull();
    expect(body.state).toMatchObject({ bodyType: 'SUV', sortBy: 'price', sortOrder: 'asc', page: 1 });
    expect(body.result.cars.map((c: { id: number }) => c.id)).toEqual([2359, 2373, 2380]);
    expect(body.result).toMatchObject({ total: 72, totalPages: 24 });
    expect(body.filters.bodyTypes).toEqual(facets.bodyTypes);
    // The search and the counts are asked for the same filters.
    expect(wp.searchCars.mock.calls[0]![0]).toMatchObject({ bodyType: 'SUV', sortBy: 'price', sortOrder: 'asc', page: 1 });
    expect(wp.filterFacets.mock.calls[0]![0]).toMatchObject({ bodyType: 'SUV' });
  });

  it('keeps a signed-in visitor’s page out of shared caches', async () => {
    wp.searchCars.mockResolvedValue(searchResult());
    wp.filterFacets.mockResolvedValue(facets);
    wp.validateToken.mockResolvedValue(true);
    const res = await run(explore.loader, '/explore-cars', { Cookie: await signedInCookie(token()) });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-cache');
  });

  it('sends a hand-edited address to its clean form, and a page past the end to the last page', async () => {
    wp.searchCars.mockResolvedValue(searchResult());
    wp.filterFacets.mockResolvedValue(facets);
    const messy = await run(explore.loader, '/explore-cars?bodyType=SUV&page=abc&sortBy=colour');
    expect(messy.status).toBe(302);
    expect(messy.headers.get('Location')).toBe('/explore-cars?bodyType=SUV');

    const beyond = await run(explore.loader, '/explore-cars?bodyType=SUV&page=99');
    expect(beyond.status).toBe(302);
    expect(beyond.headers.get('Location')).toBe('/explore-cars?bodyType=SUV&page=24');
  });

  it('shows the error panel, never cached, when WordPress cannot answer; the lists it has stay', async () => {
    wp.searchCars.mockRejectedValue(outage());
    wp.filterFacets.mockResolvedValue(facets);
    const res = await run(explore.loader, '/explore-cars?bodyType=SUV');
    expect(res.status).toBe(503);
    expect(res.headers.get('Cache-Control')).toBe(NO_STORE);
    expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
    const body = await res.json();
    expect(body.error).toBe('Failed to fetch cars');
    expect(body.result.cars).toEqual([]);
    expect(body.state.bodyType).toBe('SUV');
    expect(body.filters.bodyTypes).toEqual(facets.bodyTypes);
  });
});

describe('favourites loader', () => {
  it('a guest’s saved ids: the cars still published, never stored by any cache', async () => {
    wp.getCar.mockImplementation(async (id: number) => (id === 2359 ? yangwang() : null));
    const res = await run(favorites.loader, '/favorites?ids=2359,4040');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe(NO_STORE);
    const body = await res.json();
    expect(body).toMatchObject({ signedIn: false, error: null });
    expect(body.favorites.map((c: { id: number; title: string; price: string }) => [c.id, c.title, c.price])).toEqual([
      [2359, '2024 Yangwang U9 Launch Edition', '$233,000'],
    ]);
    expect(wp.getCar.mock.calls.map((c) => c[0])).toEqual([2359, 4040]);
  });

  it('a guest without ids, or with ids that are not car numbers, gets an empty list without asking WordPress', async () => {
    for (const path of ['/favorites', '/favorites?ids=abc,-3,1e9x']) {
      const res = await run(favorites.loader, path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Cache-Control'), path).toBe(NO_STORE);
      expect(await res.json(), path).toEqual({ signedIn: false, favorites: [], error: null });
    }
    expect(wp.getCar).not.toHaveBeenCalled();
  });

  it('a signed-in visitor’s list comes from their account with their token, private and never stored', async () => {
    const jwt = token();
    wp.favorites.mockResolvedValue({ success: true, favorites: favoriteCards() });
    const res = await run(favorites.loader, '/favorites', { Cookie: await signedInCookie(jwt) });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe(NO_STORE);
    expect(wp.favorites).toHaveBeenCalledWith(jwt);
    const body = await res.json();
    expect(body.signedIn).toBe(true);
    expect(body.favorites.map((c: { id: number }) => c.id)).toEqual([773]);
  });

  it('sends a visitor whose token WordPress revoked to sign in again, with the cookie cleared, not a failure', async () => {
    wp.favorites.mockRejectedValue(new WordPressError('The token has been revoked. Please sign in again.', 403, 'jwt_auth_invalid_token'));
    const res = await run(favorites.loader, '/favorites', { Cookie: await signedInCookie(token()) });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/login?redirectTo=%2Ffavorites&signedOut=1');
    expect(res.headers.get('Set-Cookie')).toMatch(/^__session=;/);
    expect(res.headers.get('Cache-Control')).toBe(NO_STORE);
  });

  it('sends a visitor whose token WordPress now refuses to sign in again, not to a guest list', async () => {
    wp.validateToken.mockResolvedValue(false);
    const jwt = token();
    const cookie = await signedInCookie(jwt);
    // Signing in vouched for the token; this request is a later one, when WordPress is asked again.
    forgetToken(jwt);
    const res = await run(favorites.loader, '/favorites', { Cookie: cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/login?redirectTo=%2Ffavorites&signedOut=1');
    expect(wp.favorites).not.toHaveBeenCalled();
  });

  it('says the list failed to load, never cached, when WordPress fails or refuses', async () => {
    const cookie = await signedInCookie(token());
    wp.favorites.mockRejectedValue(outage());
    const down = await run(favorites.loader, '/favorites', { Cookie: cookie });
    expect(down.status).toBe(503);
    expect(down.headers.get('Cache-Control')).toBe(NO_STORE);
    expect(await down.json()).toEqual({ signedIn: true, favorites: [], error: 'Failed to load favorites' });

    wp.favorites.mockResolvedValue({ success: false, favorites: [] });
    const refused = await run(favorites.loader, '/favorites', { Cookie: cookie });
    expect(refused.status).toBe(502);
    expect((await refused.json()).error).toBe('Failed to load favorites');

    wp.getCar.mockRejectedValue(outage());
    const guest = await run(favorites.loader, '/favorites?ids=2359');
    expect(guest.status).toBe(503);
    expect(guest.headers.get('Cache-Control')).toBe(NO_STORE);
    expect(await guest.json()).toEqual({ signedIn: false, favorites: [], error: 'Failed to load favorites' });
  });
});

describe('compare loader', () => {
  it('loads the asked cars in one call and says what it left out and why', async () => {
    wp.carsByIds.mockResolvedValue([yangwang()]);
    const res = await run(compare.loader, '/compare?ids=2359&ids=abc&ids=4040');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe(PUBLIC);
    expect(wp.carsByIds).toHaveBeenCalledTimes(1);
    expect(wp.carsByIds).toHaveBeenCalledWith([2359, 4040]);
    const body = await res.json();
    expect(body.cars).toEqual([
      expect.objectContaining({ id: 2359, title: '2024 Yangwang U9 Launch Edition', price: '$233,000', removeHref: '/compare' }),
    ]);
    expect(body.notices).toEqual(['Ignored "abc": not a car number.', 'Car "4040" is no longer available and left out.']);
    expect(body.rows.length).toBeGreaterThan(0);
  });

  it('an address with no car numbers is an empty page, WordPress not asked', async () => {
    const res = await run(compare.loader, '/compare?ids=x');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ cars: [], rows: [], notices: ['Ignored "x": not a car number.'] });
    expect(wp.carsByIds).not.toHaveBeenCalled();
  });

  it('answers the error page, never cached, when WordPress is down', async () => {
    wp.carsByIds.mockRejectedValue(outage());
    const res = await run(compare.loader, '/compare?ids=2359');
    expect(res.status).toBe(503);
    expect(res.headers.get('Cache-Control')).toBe(NO_STORE);
    expect(await res.json()).toEqual({ message: 'The cars could not be loaded right now. Please try again.' });
  });
});
