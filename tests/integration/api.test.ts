// The public catalogue half of the /api contract (spec section 7) against the running site and the
// live WordPress: shapes, the explore query rules (12 per page, showAll 100, empty parameters
// ignored, sort mapping), 4xx cases, caching headers, and the purge hook that empties the cache.
import { afterAll, describe, expect, it } from 'vitest';
import { createCar, deleteCar, gqlData, unique } from './support/wordpress';
import { purgeSiteCache, site } from './support/site';

const PUBLIC = 'public, max-age=60, stale-while-revalidate=300';
const SPEC_LABELS = [
  'Make', 'Model', 'Year', 'Mileage', 'Condition', 'Body Type', 'Fuel Type', 'Transmission', 'Drive Type',
  'Color', 'Cylinders', 'Country Spec', 'Doors', 'Seats', 'Engine Size', 'Trim', 'Registered', 'History',
];

const created: number[] = [];
afterAll(async () => {
  for (const id of created) await deleteCar(id);
});

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
    expect(res.body.cars.every((c: any) => c.fuelType === 'electric')).toBe(true);
  });

  it('sorts by price both ways', async () => {
    const asc = (await site('/api/search/cars?sortBy=price&sortOrder=asc&minPrice=1')).body.cars.map((c: any) => c.priceValue);
    const desc = (await site('/api/search/cars?sortBy=price&sortOrder=desc&minPrice=1')).body.cars.map((c: any) => c.priceValue);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it('filters by brand, year, price range and drive', async () => {
    const filters = (await site('/api/search/filters')).body;
    const brand = filters.brands[0];
    const res = await site(`/api/search/cars?brand=${encodeURIComponent(brand)}&showAll=true`);
    expect(res.body.total).toBeGreaterThan(0);
    expect(res.body.cars.every((c: any) => c.all_fields.make === brand)).toBe(true);
    const ranged = await site('/api/search/cars?minPrice=20000&maxPrice=40000&showAll=1');
    expect(ranged.body.cars.every((c: any) => c.priceValue >= 20000 && c.priceValue <= 40000)).toBe(true);
    const year = filters.years[0];
    const byYear = await site(`/api/search/cars?year=${year}&showAll=true`);
    expect(byYear.body.cars.every((c: any) => c.all_fields.year === year)).toBe(true);
    await purgeSiteCache();
    const awd = await site('/api/search/cars?drive=AWD');
    const direct = await gqlData<{ cars: { total: number } }>('{ cars(filter: { drive: "AWD" }) { total } }');
    expect(awd.body.total).toBe(direct.cars.total);
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
    const empties = await site('/api/search/cars?page=&limit=&search=&bodyType=&fuelType=&transmission=&brand=&model=&drive=&year=&minPrice=&maxPrice=&sortBy=&sortOrder=&showAll=');
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
    for (const key of ['id', 'title', 'subtitle', 'price', 'brand', 'model', 'image', 'images', 'specs', 'features', 'condition', 'bodyType', 'year',
      'transmission', 'color', 'fuelType', 'driveType', 'cylinders', 'countrySpec', 'doors', 'seats', 'engineSize', 'trim', 'registered', 'history', 'description']) {
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

  // Needs the site's PURGE_SECRET (npm test passes it to both).
  it.runIf(Boolean(process.env.PURGE_SECRET))('empties the catalogue cache so a new car shows at once', async () => {
    const brand = `Qapurge${Date.now().toString(36)}`;
    const before = await site(`/api/search/cars?brand=${brand}`);
    expect(before.body.total).toBe(0); // now cached as empty
    const id = await createCar({ title: unique('QA Purge car'), _car_brand: brand, _car_price: 12345 });
    created.push(id);
    const res = await site('/api/purge', {
      method: 'POST',
      headers: { 'X-Purge-Secret': process.env.PURGE_SECRET! },
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
