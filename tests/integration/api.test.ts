// The public catalogue half of the /api contract against the running site and the
// live WordPress: shapes, the explore query rules (12 per page, showAll 100, empty parameters
// ignored, sort mapping), 4xx cases, caching headers, and the purge hook that empties the cache.
import { afterAll, describe, expect, it } from 'vitest';
import { createCar, deleteCar, gqlData, unique } from './support/wordpress';
import { purgeSecret, purgeSiteCache, site } from './support/site';
import { SPEC_LABELS } from '../fixtures/expected';

const PUBLIC = 'public, max-age=60, s-maxage=120, stale-while-revalidate=300';

const created: number[] = [];
afterAll(async () => {
  for (const id of created) await deleteCar(id);
});

const titles = (cars: Array<{ title: string }>) => cars.map((c) => c.title);

function expectCard(c: any) {
  expect(c).toEqual(
    expect.objectContaining({
      id: expect.any(Number),
      title: expect.any(String),
      price: expect.stringMatching(/^(\$[\d,]+|Contact for Price)$/),
      fuelType: expect.any(String),
      bodyType: expect.any(String),
      transmission: expect.any(String),
      features: expect.any(Array),
      description: expect.any(String),
      all_fields: expect.objectContaining({ make: expect.any(String), model: expect.any(String) }),
    }),
  );
  expect(c.image === null || typeof c.image === 'string').toBe(true);
}

describe('GET /api/search/cars', () => {
  it('answers the car list result with 12 per page by default, publicly cacheable', async () => {
    const res = await site('/api/search/cars');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(PUBLIC);
    expect(Object.keys(res.body).sort()).toEqual(['cars', 'limit', 'page', 'total', 'totalPages']);
    expect(res.body.page).toBe(1);
    expect(res.body.limit).toBe(12);
    expect(res.body.totalPages).toBe(Math.ceil(res.body.total / 12));
    expect(res.body.cars.length).toBe(Math.min(12, res.body.total));
    res.body.cars.forEach(expectCard);
  });

  it('returns the same cars as the GraphQL catalogue for a filter', async () => {
    await purgeSiteCache();
    const direct = await gqlData<{ cars: { total: number; nodes: { databaseId: number }[] } }>(
      '{ cars(filter: { fuelType: "electric" }, orderBy: PRICE, order: ASC, perPage: 12) { total nodes { databaseId } } }',
    );
    const res = await site('/api/search/cars?fuelType=electric&sortBy=price&sortOrder=asc');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(direct.cars.total);
    expect(res.body.cars.map((c: any) => c.id)).toEqual(direct.cars.nodes.map((n) => n.databaseId));
    // The seeded catalogue has 31 electric cars; the 12 cheapest, cheapest first.
    expect(res.body.total).toBe(31);
    expect(titles(res.body.cars)).toEqual([
      '2022 Chery QQ Ice Cream Cone',
      '2023 Geely Panda Mini Standard',
      '2024 BYD Seagull Freedom',
      '2022 Great Wall Ora Good Cat GT',
      '2024 BYD Dolphin Comfort',
      '2025 XPeng Mona M03 Max',
      '2024 Changan Deepal SL03 515 km',
      '2023 BYD Atto 3 Extended Range',
      '2023 Geely Radar RD6 Long Range',
      '2024 Zeekr X Long Range',
      '2022 XPeng P7 Performance',
      '2024 Geely Galaxy E8 Long Range',
    ]);
    expect(res.body.cars.map((c: any) => c.fuelType)).toEqual(Array(12).fill('electric'));
  });

  it('sorts by price both ways', async () => {
    const asc = (await site('/api/search/cars?sortBy=price&sortOrder=asc&minPrice=1')).body.cars.map((c: any) => c.priceValue);
    const desc = (await site('/api/search/cars?sortBy=price&sortOrder=desc&minPrice=1')).body.cars.map((c: any) => c.priceValue);
    // The seeded prices at both ends of the catalogue (68 of the 72 seeded cars have a price).
    expect(asc).toEqual([5800, 6500, 7900, 8900, 9200, 9800, 11400, 11500, 12900, 13200, 13900, 14600]);
    expect(desc).toEqual([233000, 152000, 118000, 112000, 86500, 72500, 72000, 68500, 64900, 63500, 62800, 62000]);
  });

  it('filters by brand, year, price range and drive', async () => {
    const filters = (await site('/api/search/filters')).body;
    expect(filters.brands).toEqual([
      'BYD',
      'Changan',
      'Chery',
      'Denza',
      'Geely',
      'Great Wall',
      'Haval',
      'Hongqi',
      'Li Auto',
      'MG',
      'NIO',
      'Nissan',
      'Toyota',
      'XPeng',
      'Yangwang',
      'Zeekr',
    ]);
    const byd = await site('/api/search/cars?brand=BYD&showAll=true');
    // Newest first: the seeded BYDs in the order they were listed.
    expect(titles(byd.body.cars)).toEqual([
      '2024 BYD Seal Performance AWD',
      '2024 BYD Dolphin Comfort',
      '2024 BYD Seagull Freedom',
      '2023 BYD Atto 3 Extended Range',
      '2024 BYD Seal U DM-i Boost',
      '2022 BYD Han EV Flagship AWD',
      '2025 BYD Shark 6 Premium',
      '2023 BYD Tang DM-p Honour AWD',
      '2022 BYD Song Plus DM-i Flagship',
      '2021 BYD Qin Plus DM-i Luxury',
    ]);
    expect(byd.body.cars.map((c: any) => c.all_fields.make)).toEqual(Array(10).fill('BYD'));
    const ranged = await site('/api/search/cars?minPrice=20000&maxPrice=40000&showAll=1&sortBy=price&sortOrder=asc');
    expect(ranged.body.total).toBe(23);
    expect(ranged.body.cars.map((c: any) => c.priceValue)).toEqual([
      21300, 21500, 21900, 22800, 24500, 26400, 27200, 27400, 27800, 27900, 29500, 29800, 29900, 31200, 31900, 32500, 32500, 34900, 36800,
      36900, 38900, 38900, 39900,
    ]);
    const byYear = await site('/api/search/cars?year=2025&showAll=true');
    expect(titles(byYear.body.cars)).toEqual([
      '2025 Yangwang U9 Track Edition',
      '2025 Yangwang U7 Flagship',
      '2025 XPeng Mona M03 Max',
      '2025 BYD Shark 6 Premium',
    ]);
    await purgeSiteCache();
    const awd = await site('/api/search/cars?drive=AWD');
    expect(awd.body.total).toBe(30);
    expect(titles(awd.body.cars).slice(0, 3)).toEqual([
      '2025 Yangwang U9 Track Edition',
      '2024 BYD Seal Performance AWD',
      '2025 Yangwang U7 Flagship',
    ]);
  });

  it('shows 100 with showAll, and honours page and limit', async () => {
    const all = await site('/api/search/cars?showAll=true&limit=5');
    expect(all.body.limit).toBe(100);
    expect(all.body.cars.length).toBe(Math.min(100, all.body.total));
    const p2 = await site('/api/search/cars?page=2&limit=5');
    expect(p2.body).toMatchObject({ page: 2, limit: 5, totalPages: Math.ceil(p2.body.total / 5) });
    const p1 = await site('/api/search/cars?page=1&limit=10');
    expect(p2.body.cars.map((c: any) => c.id)).toEqual(p1.body.cars.slice(5, 10).map((c: any) => c.id));
  });

  it('ignores empty parameters', async () => {
    const plain = await site('/api/search/cars');
    const empties = await site(
      '/api/search/cars?page=&limit=&search=&bodyType=&fuelType=&transmission=&brand=&model=&drive=&year=&minPrice=&maxPrice=&sortBy=&sortOrder=&showAll=',
    );
    expect(empties.status).toBe(200);
    expect(empties.body).toEqual(plain.body);
  });

  it.each([
    ['page=0', 'page must be between'],
    ['page=abc', 'page must be a whole number'],
    ['limit=1000', 'limit must be between'],
    ['year=twenty', 'year must be a whole number'],
    ['minPrice=9000&maxPrice=10', 'minPrice must not be greater than maxPrice'],
    ['sortBy=name', 'sortBy must be recent or price'],
    ['sortOrder=sideways', 'sortOrder must be asc or desc'],
    [`search=${'x'.repeat(201)}`, 'search must be at most 200 characters'],
  ])('refuses %s with 400 and a message', async (qs, message) => {
    const res = await site(`/api/search/cars?${qs}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('refuses other methods with 405 and Allow', async () => {
    const res = await site('/api/search/cars', { method: 'POST', body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });
});

describe('GET /api/cars/:id', () => {
  it('answers the car detail with specs, features and images', async () => {
    // A car with pictures (other suites add bare cars at the top of the list).
    const id = (await site('/api/search/cars?limit=100')).body.cars.find((c: any) => c.image !== null).id;
    const res = await site(`/api/cars/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(PUBLIC);
    const car = res.body;
    for (const key of [
      'id',
      'title',
      'subtitle',
      'price',
      'brand',
      'model',
      'image',
      'images',
      'specs',
      'features',
      'condition',
      'bodyType',
      'year',
      'transmission',
      'color',
      'fuelType',
      'driveType',
      'cylinders',
      'countrySpec',
      'doors',
      'seats',
      'engineSize',
      'trim',
      'registered',
      'history',
      'description',
    ]) {
      expect(car, key).toHaveProperty(key);
    }
    expect(car.id).toBe(id);
    expect(car.specs.map((s: any) => s.label)).toEqual(SPEC_LABELS);
    expect(car.features.length).toBeGreaterThan(0);
    expect(car.images.length).toBeGreaterThan(0);
    expect(car.images[0]).toEqual(expect.objectContaining({ url: expect.any(String), alt: expect.any(String), thumb: expect.any(Object) }));
  });

  it('fills the spec fallbacks for a car with almost nothing filled in', async () => {
    const id = await createCar({ title: unique('QA Bare API car') });
    created.push(id);
    const res = await site(`/api/cars/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.price).toBe('Contact for Price');
    expect(res.body.features).toEqual(['Air Conditioning', 'Bluetooth', 'Navigation System', 'Parking Sensors']);
    expect(res.body.images).toEqual([]);
    expect(res.body.image).toBeNull();
    const spec = Object.fromEntries(res.body.specs.map((s: any) => [s.label, s.value]));
    expect(spec.Make).toBe('N/A');
    expect(spec.Mileage).toBe('N/A');
    expect(spec.History).toBe('N/A');
  });

  it.each(['999999999', 'abc', '0', '-5', '1.5'])('answers 404 with the spec message for %s', async (id) => {
    const res = await site(`/api/cars/${id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'The requested car could not be found.' });
  });

  it('does not show a draft car', async () => {
    const id = await createCar({ title: unique('QA Draft API car'), status: 'draft' });
    created.push(id);
    expect((await site(`/api/cars/${id}`)).status).toBe(404);
  });
});

describe('GET /api/featured-cars', () => {
  it('answers a list of 4 featured cars by default, as WordPress orders them', async () => {
    await purgeSiteCache();
    const direct = await gqlData<{ featuredCars: { databaseId: number }[] }>('{ featuredCars(limit: 4) { databaseId } }');
    const res = await site('/api/featured-cars');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(PUBLIC);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((c: any) => c.id)).toEqual(direct.featuredCars.map((c) => c.databaseId));
    res.body.forEach(expectCard);
  });

  it('answers 6 for mobile', async () => {
    await purgeSiteCache();
    const direct = await gqlData<{ featuredCars: unknown[] }>('{ featuredCars(limit: 6) { databaseId } }');
    expect((await site('/api/featured-cars?limit=6')).body).toHaveLength(direct.featuredCars.length);
  });

  it.each(['0', '25', 'abc', '-1', '2.5'])('refuses limit=%s with 400', async (limit) => {
    const res = await site(`/api/featured-cars?limit=${limit}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/limit/);
  });
});

describe('GET /api/search/filters', () => {
  it('answers the filter options over the published catalogue', async () => {
    await purgeSiteCache();
    const direct = await gqlData<{ carFilters: Record<string, unknown> }>(
      '{ carFilters { brands models bodyTypes fuelTypes transmissions driveTypes years priceRange { min max } } }',
    );
    const res = await site('/api/search/filters');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(PUBLIC);
    expect(res.body).toEqual({
      brands: direct.carFilters.brands,
      bodyTypes: direct.carFilters.bodyTypes,
      fuelTypes: direct.carFilters.fuelTypes,
      transmissions: direct.carFilters.transmissions,
      models: direct.carFilters.models,
      driveTypes: direct.carFilters.driveTypes,
      years: direct.carFilters.years,
      priceRange: direct.carFilters.priceRange,
    });
  });
});

describe('unknown /api routes', () => {
  it('answer a JSON 404', async () => {
    const res = await site('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body.message).toBeTypeOf('string');
  });
});

describe('POST /api/purge', () => {
  it('refuses a missing or wrong secret', async () => {
    expect((await site('/api/purge', { method: 'POST', body: { type: 'car', id: 1, slug: 'x', event: 'save' } })).status).toBe(401);
    const wrong = await site('/api/purge', { method: 'POST', headers: { 'X-Purge-Secret': 'wrong-secret-wrong-secret' }, body: {} });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid purge secret.' });
    expect((await site('/api/purge')).status).toBe(405);
  });

  it('empties the catalogue cache so a new car shows at once', async () => {
    const brand = `Qapurge${Date.now().toString(36)}`;
    const before = await site(`/api/search/cars?brand=${brand}`);
    expect(before.body.total).toBe(0); // now cached as empty
    const id = await createCar({ title: unique('QA Purge car'), _car_brand: brand, _car_price: 12345 });
    created.push(id);
    const res = await site('/api/purge', {
      method: 'POST',
      headers: { 'X-Purge-Secret': purgeSecret() },
      body: { type: 'car', id, slug: 'qa-purge-car', event: 'save' },
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const after = await site(`/api/search/cars?brand=${brand}`);
    expect(after.body.total).toBe(1);
    expect(after.body.cars[0].id).toBe(id);
    expect(after.body.cars[0].price).toBe('$12,345');
  });
});
