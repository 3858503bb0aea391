// The catalogue through GraphQL: the Car type, every filter, sorting, paging, car(id),
// featuredCars and carFilters. Expectations are computed from a full listing of the catalogue,
// never from hard-coded ids or totals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCar, deleteCar, http } from './support/wordpress';
import {
  againstCatalogue,
  carsPage,
  data,
  errorOf,
  expectNoLeaks,
  haystack,
  ids,
  listAll,
  mostCommon,
  query,
  same,
  sortedIds,
  type CarFilter,
  type CarRow,
} from './support/catalogue';

const BODY_TYPES = ['SUV', 'Sedan', 'Hatchback', 'Minivan', 'Pickup', 'Sports Car'];
const FUEL_TYPES = ['premium-petrol', 'petrol', 'diesel', 'hybrid', 'plug-in-hybrid', 'electric'];
const TRANSMISSIONS = ['automatic', 'manual', 'dct', 'cvt', 'ev'];
const DRIVE_TYPES = ['FWD', 'RWD', 'AWD', '4WD'];
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const money = (price: number) => `$${price.toLocaleString('en-US')}`;

const IMAGE = 'id alt url width height sizes { name url width height }';
const FULL_CAR = `id databaseId slug title subtitle price priceText brand model year mileage condition bodyType
  fuelType transmission driveType color cylinders countrySpec doors seats engineSize trim registered history
  features featured stockNumber description date modified
  image { ${IMAGE} thumb: size(name: "car-thumb") { name url width height } }
  images { ${IMAGE} }`;

type Size = { name: string; url: string; width: number; height: number };
type Image = { id: number; alt: string; url: string; width: number; height: number; sizes: Size[] };
type FullCar = Omit<CarRow, never> & {
  id: string;
  slug: string;
  mileage: number | null;
  condition: string | null;
  color: string | null;
  cylinders: number | null;
  countrySpec: string | null;
  doors: number | null;
  seats: number | null;
  engineSize: string | null;
  registered: string | null;
  history: string | null;
  features: string[];
  stockNumber: string | null;
  description: string;
  image: (Image & { thumb: Size | null }) | null;
  images: Image[];
};

/** Asserts the filter's answer is exactly the cars of the catalogue that satisfy `matches`. */
async function expectFilter(filter: CarFilter, matches: (car: CarRow) => boolean): Promise<number> {
  return againstCatalogue(async (catalogue) => {
    const expected = catalogue.filter(matches);
    const answer = await listAll({ filter });
    for (const car of answer.nodes) expect(matches(car), `${JSON.stringify(filter)} gave car ${car.databaseId} ${car.title}`).toBe(true);
    expect(answer.total).toBe(expected.length);
    expect(sortedIds(answer.nodes)).toEqual(sortedIds(expected));
    return answer.total;
  });
}

function expectImage(image: Image | null | undefined): asserts image is Image {
  expect(image).toBeTruthy();
  const img = image as Image;
  expect(Number.isInteger(img.id) && img.id > 0).toBe(true);
  expect(typeof img.alt).toBe('string');
  expect(img.url).toMatch(/^https?:\/\/.+\.(jpe?g|png|webp|gif)$/i);
  expect(img.width).toBeGreaterThan(0);
  expect(img.height).toBeGreaterThan(0);
  expect(img.sizes.length).toBeGreaterThan(0);
  const full = img.sizes[img.sizes.length - 1];
  expect(full).toEqual({ name: 'full', url: img.url, width: img.width, height: img.height });
  for (const size of img.sizes) {
    expect(size.url).toMatch(/^https?:\/\//);
    expect(size.width).toBeGreaterThan(0);
    expect(size.height).toBeGreaterThan(0);
  }
}

let catalogue: CarRow[] = [];
const created: number[] = [];

beforeAll(async () => {
  catalogue = (await listAll()).nodes;
});

afterAll(async () => {
  for (const id of created) await deleteCar(id);
});

describe('the seeded catalogue', () => {
  it('has the shape the site needs', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(60);
    expect(new Set(catalogue.map((c) => c.brand).filter(Boolean)).size).toBeGreaterThanOrEqual(8);
    for (const body of BODY_TYPES)
      expect(
        catalogue.some((c) => c.bodyType === body),
        body,
      ).toBe(true);
    expect(catalogue.some((c) => c.price === null)).toBe(true);
    expect(catalogue.filter((c) => c.featured).length).toBeGreaterThanOrEqual(6);
  });
});

describe('cars: the connection', () => {
  it('defaults to page 1 of 12, newest first, with consistent counts', async () => {
    const res = await data<{ cars: { total: number; page: number; perPage: number; totalPages: number; nodes: CarRow[] } }>(
      '{ cars { total page perPage totalPages nodes { databaseId date } } }',
    );
    const { total, page, perPage, totalPages, nodes } = res.cars;
    expect(page).toBe(1);
    expect(perPage).toBe(12);
    expect(total).toBeGreaterThanOrEqual(60);
    expect(totalPages).toBe(Math.ceil(total / perPage));
    expect(nodes).toHaveLength(12);
  });

  it('totalPages is ceil(total / perPage) for any page size, and 0 when nothing matches', async () => {
    for (const perPage of [1, 7, 25, 100]) {
      const conn = await carsPage({ perPage });
      expect(conn.perPage).toBe(perPage);
      expect(conn.totalPages, `perPage ${perPage}`).toBe(Math.ceil(conn.total / perPage));
      expect(conn.nodes).toHaveLength(Math.min(perPage, conn.total));
    }
    const none = await carsPage({ filter: { brand: 'No Such Brand Anywhere' } });
    expect(none).toEqual({ total: 0, page: 1, perPage: 12, totalPages: 0, nodes: [] });
  });

  it('every Car field is present with its type', async () => {
    // The dearest cars are the seeded, photographed ones (cars other tests create are the newest).
    const { cars } = await data<{ cars: { nodes: FullCar[] } }>(
      `{ cars(perPage: 20, orderBy: PRICE, order: DESC) { nodes { ${FULL_CAR} } } }`,
    );
    expect(cars.nodes.length).toBe(20);
    const nullable = (v: unknown, t: 'string' | 'number') => v === null || typeof v === t;
    for (const car of cars.nodes) {
      const label = `car ${car.databaseId}`;
      expect(car.id, label).toBe(String(car.databaseId));
      expect(car.slug.length, label).toBeGreaterThan(0);
      expect(car.title.length, label).toBeGreaterThan(0);
      for (const key of [
        'subtitle',
        'brand',
        'model',
        'condition',
        'bodyType',
        'fuelType',
        'transmission',
        'driveType',
        'color',
        'countrySpec',
        'engineSize',
        'trim',
        'registered',
        'history',
        'stockNumber',
      ] as const) {
        expect(nullable(car[key], 'string'), `${label} ${key}`).toBe(true);
        expect(car[key], `${label} ${key} is null rather than empty`).not.toBe('');
      }
      for (const key of ['price', 'year', 'mileage', 'cylinders', 'doors', 'seats'] as const) {
        const v = car[key];
        expect(v === null || Number.isInteger(v), `${label} ${key}`).toBe(true);
      }
      if (car.bodyType !== null) expect(BODY_TYPES).toContain(car.bodyType);
      if (car.fuelType !== null) expect(FUEL_TYPES).toContain(car.fuelType);
      if (car.transmission !== null) expect(TRANSMISSIONS).toContain(car.transmission);
      if (car.driveType !== null) expect(DRIVE_TYPES).toContain(car.driveType);
      if (car.condition !== null) expect(['New', 'Used']).toContain(car.condition);
      if (car.registered !== null) expect(['Yes', 'No']).toContain(car.registered);
      expect(Array.isArray(car.features) && car.features.every((f) => typeof f === 'string' && f !== ''), label).toBe(true);
      expect(typeof car.featured, label).toBe('boolean');
      expect(typeof car.description, label).toBe('string');
      expect(car.date, label).toMatch(ISO_UTC);
      expect(car.modified, label).toMatch(ISO_UTC);
      expect(car.priceText, label).toBe(car.price === null ? 'Contact for Price' : money(car.price));
      // A car has a main image exactly when it has a gallery (the featured image alone counts as one).
      expect(car.images.length > 0, `${label} image and gallery`).toBe(car.image !== null);
      if (car.image) expectImage(car.image);
      for (const img of car.images) expectImage(img);
    }
    // The image checks above ran on real pictures.
    expect(cars.nodes.filter((c) => c.image !== null && c.images.length > 0).length).toBeGreaterThanOrEqual(15);
  });

  it('a seeded car has a gallery and a 300×300 car-thumb', async () => {
    const seeded = catalogue.find((c) => c.price !== null && c.brand && c.year) ?? catalogue[0];
    const { car } = await data<{ car: FullCar }>(`query($id: ID!) { car(id: $id) { ${FULL_CAR} } }`, { id: String(seeded?.databaseId) });
    expectImage(car.image);
    expect(car.images.length).toBeGreaterThan(0);
    expect(car.images.map((i) => i.id)).toContain(car.image.id);
    const thumb = car.image.thumb;
    expect(thumb).toMatchObject({ name: 'car-thumb', width: 300, height: 300 });
    expect(thumb?.url).toMatch(/-300x300\.(jpe?g|png|webp)$/i);
    expect(car.image.sizes.map((s) => s.name)).toContain('car-thumb');
    for (const img of car.images) {
      expect(
        img.sizes.find((s) => s.name === 'car-thumb'),
        `image ${img.id}`,
      ).toMatchObject({ width: 300, height: 300 });
    }

    const file = await fetch(thumb?.url ?? '');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^image\//);
    await file.arrayBuffer();

    expect(car.priceText).toBe(money(car.price ?? 0));
    expect(car.priceText).toMatch(/^\$\d{1,3}(,\d{3})*$/);
  });

  it('a car without a price reads "Contact for Price"', async () => {
    const unpriced = catalogue.filter((c) => c.price === null);
    expect(unpriced.length).toBeGreaterThan(0);
    for (const car of unpriced) expect(car.priceText).toBe('Contact for Price');
    const priced = catalogue.filter((c) => c.price !== null && c.price >= 1000);
    expect(priced.length).toBeGreaterThan(0);
    for (const car of priced) expect(car.priceText).toMatch(/^\$\d{1,3}(,\d{3})+$/);
  });
});

describe('cars: filters', () => {
  it('search with two words finds the cars that have both (in any field, any order, any case)', async () => {
    const brand = mostCommon(catalogue, 'brand');
    const year = mostCommon(
      catalogue.filter((c) => c.brand === brand),
      'year',
    );
    const words = [brand.toLowerCase(), String(year)];
    const matches = (car: CarRow) => words.every((w) => haystack(car).includes(w));
    const total = await expectFilter({ search: `${brand.toUpperCase()} ${year}` }, matches);
    expect(total).toBeGreaterThan(0);
    expect(await expectFilter({ search: `  ${year}   ${brand.toLowerCase()} ` }, matches)).toBe(total);
  });

  it('search with two words of a title finds that car', async () => {
    const car = catalogue.find((c) => c.title.split(/\s+/).length >= 3);
    const words = (car?.title ?? '').split(/\s+/).slice(1, 3);
    const total = await expectFilter({ search: words.join(' ') }, (c) => words.every((w) => haystack(c).includes(w.toLowerCase())));
    expect(total).toBeGreaterThan(0);
    const found = await listAll({ filter: { search: words.join(' ') } });
    expect(ids(found.nodes)).toContain(car?.databaseId);
  });

  it('search for a word no car has finds nothing', async () => {
    expect(await expectFilter({ search: 'qqzzxxnotaword' }, () => false)).toBe(0);
  });

  it('bodyType: each of the six body types', async () => {
    for (const body of BODY_TYPES) {
      const total = await expectFilter({ bodyType: body }, (c) => c.bodyType === body);
      expect(total, body).toBeGreaterThan(0);
    }
  });

  it('fuelType: premium-petrol and electric', async () => {
    for (const fuel of ['premium-petrol', 'electric']) {
      expect(await expectFilter({ fuelType: fuel }, (c) => c.fuelType === fuel), fuel).toBeGreaterThan(0);
    }
  });

  it('transmission: ev and automatic', async () => {
    for (const transmission of ['ev', 'automatic']) {
      expect(await expectFilter({ transmission }, (c) => c.transmission === transmission), transmission).toBeGreaterThan(0);
    }
  });

  it('brand', async () => {
    const brand = mostCommon(catalogue, 'brand');
    expect(await expectFilter({ brand }, (c) => same(c.brand, brand))).toBeGreaterThan(1);
  });

  it('model', async () => {
    const model = mostCommon(catalogue, 'model');
    expect(await expectFilter({ model }, (c) => same(c.model, model))).toBeGreaterThan(0);
  });

  it('drive', async () => {
    const drive = mostCommon(catalogue, 'driveType');
    expect(await expectFilter({ drive }, (c) => c.driveType === drive)).toBeGreaterThan(1);
  });

  it('year', async () => {
    const year = mostCommon(catalogue, 'year');
    expect(await expectFilter({ year }, (c) => c.year === year)).toBeGreaterThan(1);
  });

  it('minPrice and maxPrice, alone and together; cars without a price never match a bound', async () => {
    const prices = catalogue
      .map((c) => c.price)
      .filter((p): p is number => p !== null)
      .sort((a, b) => a - b);
    const low = prices[Math.floor(prices.length / 4)] ?? 0;
    const high = prices[Math.floor((prices.length * 3) / 4)] ?? 0;
    expect(await expectFilter({ minPrice: high }, (c) => c.price !== null && c.price >= high)).toBeGreaterThan(1);
    expect(await expectFilter({ maxPrice: low }, (c) => c.price !== null && c.price <= low)).toBeGreaterThan(1);
    expect(
      await expectFilter({ minPrice: low, maxPrice: high }, (c) => c.price !== null && c.price >= low && c.price <= high),
    ).toBeGreaterThan(1);
    // A bound of 0 still leaves out "Contact for Price".
    expect(await expectFilter({ minPrice: 0 }, (c) => c.price !== null)).toBe(prices.length);
  });

  it('several filters at once must all hold', async () => {
    const brand = mostCommon(catalogue, 'brand');
    const body = mostCommon(
      catalogue.filter((c) => c.brand === brand),
      'bodyType',
    );
    const total = await expectFilter({ brand, bodyType: body }, (c) => same(c.brand, brand) && c.bodyType === body);
    expect(total).toBeGreaterThan(0);
  });

  it('text filters ignore case', async () => {
    const brand = mostCommon(catalogue, 'brand');
    const pairs: Array<[CarFilter, CarFilter]> = [
      [{ bodyType: 'SUV' }, { bodyType: 'suv' }],
      [{ fuelType: 'electric' }, { fuelType: 'ELECTRIC' }],
      [{ transmission: 'ev' }, { transmission: 'EV' }],
      [{ drive: 'AWD' }, { drive: 'awd' }],
      [{ brand }, { brand: brand.toLowerCase() }],
      [{ brand }, { brand: brand.toUpperCase() }],
    ];
    for (const [exact, other] of pairs) {
      const a = await carsPage({ filter: exact, perPage: 100 });
      const b = await carsPage({ filter: other, perPage: 100 });
      expect(a.total, JSON.stringify(exact)).toBeGreaterThan(0);
      expect(ids(b.nodes), JSON.stringify(other)).toEqual(ids(a.nodes));
      expect(b.total).toBe(a.total);
    }
  });

  it('empty and blank strings count as no filter', async () => {
    await againstCatalogue(async (all) => {
      const conn = await carsPage({
        filter: { search: '', bodyType: '', fuelType: '  ', transmission: '', brand: '', model: '', drive: '' },
        perPage: 100,
      });
      expect(conn.total).toBe(all.length);
    });
  });

  it('bad filter values are errors with a message', async () => {
    expect((await errorOf('{ cars(filter: { minPrice: -1 }) { total } }')).message).toBe('minPrice must be 0 or more.');
    expect((await errorOf('{ cars(filter: { minPrice: 5000, maxPrice: 1000 }) { total } }')).message).toBe(
      'minPrice must not be greater than maxPrice.',
    );
    expect((await errorOf('query($s: String) { cars(filter: { search: $s }) { total } }', { s: 'a'.repeat(201) })).message).toMatch(
      /search must be at most 200 characters/,
    );
    expect((await errorOf('{ cars(filter: { year: "2024" }) { total } }')).status).toBe(400);
  });
});

describe('cars: sorting', () => {
  it('DATE DESC is newest first, and DATE ASC is exactly its reverse', async () => {
    await againstCatalogue(async () => {
      const desc = (await listAll({ orderBy: 'DATE', order: 'DESC' })).nodes;
      const asc = (await listAll({ orderBy: 'DATE', order: 'ASC' })).nodes;
      for (let i = 1; i < desc.length; i += 1) {
        expect((desc[i - 1]?.date ?? '') >= (desc[i]?.date ?? ''), `position ${i}`).toBe(true);
      }
      expect(ids(asc)).toEqual(ids(desc).reverse());
      const plain = (await listAll()).nodes;
      expect(ids(plain)).toEqual(ids(desc));
    });
  });

  for (const order of ['ASC', 'DESC'] as const) {
    it(`PRICE ${order} orders by price with "Contact for Price" cars last`, async () => {
      await againstCatalogue(async (all) => {
        const sorted = (await listAll({ orderBy: 'PRICE', order })).nodes;
        expect(sortedIds(sorted)).toEqual(sortedIds(all));
        const firstUnpriced = sorted.findIndex((c) => c.price === null);
        const unpriced = all.filter((c) => c.price === null).length;
        expect(unpriced).toBeGreaterThan(0);
        expect(firstUnpriced).toBe(sorted.length - unpriced);
        const prices = sorted.slice(0, firstUnpriced).map((c) => c.price as number);
        const expected = [...prices].sort((a, b) => (order === 'ASC' ? a - b : b - a));
        expect(prices).toEqual(expected);
      });
    });
  }

  it('PRICE sorting works together with a filter', async () => {
    await againstCatalogue(async (all) => {
      const sorted = (await listAll({ filter: { fuelType: 'electric' }, orderBy: 'PRICE', order: 'DESC' })).nodes;
      expect(sortedIds(sorted)).toEqual(sortedIds(all.filter((c) => c.fuelType === 'electric')));
      const seenUnpriced = sorted.findIndex((c) => c.price === null);
      if (seenUnpriced >= 0) expect(sorted.slice(seenUnpriced).every((c) => c.price === null)).toBe(true);
      const prices = sorted.filter((c) => c.price !== null).map((c) => c.price as number);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
    });
  });
  it('PRICE within a price range: pages follow price then id, both ways, with no car twice or missed', async () => {
    await againstCatalogue(async (all) => {
      const priced = all
        .map((c) => c.price)
        .filter((p): p is number => p !== null)
        .sort((a, b) => a - b);
      const filter = { minPrice: priced[1] ?? 0, maxPrice: priced[priced.length - 2] ?? 0 };
      const inRange = all.filter((c) => c.price !== null && c.price >= filter.minPrice && c.price <= filter.maxPrice);
      const byPrice = [...inRange].sort((a, b) => (a.price as number) - (b.price as number) || a.databaseId - b.databaseId);
      for (const order of ['ASC', 'DESC'] as const) {
        const expected = ids(order === 'ASC' ? byPrice : [...byPrice].reverse());
        const seen: number[] = [];
        const first = await carsPage({ filter, perPage: 5, orderBy: 'PRICE', order });
        for (let page = 1; page <= first.totalPages; page += 1) {
          seen.push(...ids((page === 1 ? first : await carsPage({ filter, perPage: 5, page, orderBy: 'PRICE', order })).nodes));
        }
        expect(seen, order).toEqual(expected);
      }
    });
  });
});

describe('cars: paging', () => {
  it('pages do not overlap and together are the whole listing, in order', async () => {
    await againstCatalogue(async (all) => {
      const perPage = 7;
      const first = await carsPage({ perPage, orderBy: 'PRICE', order: 'ASC' });
      const seen: number[] = [...ids(first.nodes)];
      for (let page = 2; page <= first.totalPages; page += 1) {
        const conn = await carsPage({ perPage, page, orderBy: 'PRICE', order: 'ASC' });
        expect(conn.page).toBe(page);
        expect(conn.total).toBe(first.total);
        expect(conn.nodes.length).toBe(page < first.totalPages ? perPage : first.total - perPage * (first.totalPages - 1));
        seen.push(...ids(conn.nodes));
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(all.length);
      expect(seen).toEqual(ids((await listAll({ orderBy: 'PRICE', order: 'ASC' })).nodes));
    });
  });

  it('a page past the end is empty but still counts the matches', async () => {
    const { total, totalPages } = await carsPage({ perPage: 10 });
    const past = await carsPage({ perPage: 10, page: totalPages + 1 });
    expect(past.nodes).toEqual([]);
    expect(past.total).toBe(total);
    expect(past.page).toBe(totalPages + 1);
    expect(past.totalPages).toBe(totalPages);
  });

  it('perPage outside 1..100 and page below 1 are errors with a message', async () => {
    for (const [text, message] of [
      ['{ cars(perPage: 101) { total } }', 'perPage must be between 1 and 100.'],
      ['{ cars(perPage: 0) { total } }', 'perPage must be between 1 and 100.'],
      ['{ cars(page: 0) { total } }', 'page must be 1 or more.'],
      ['{ cars(page: -2) { total } }', 'page must be 1 or more.'],
    ] as const) {
      const res = await query(text);
      expect(res.status, text).toBe(200);
      expect(res.body.errors?.[0]?.message, text).toBe(message);
      expect(res.body.errors?.[0]?.path, text).toEqual(['cars']);
      expect(res.body.data, text).toBeNull();
    }
  });
});

describe('car(id)', () => {
  it('returns a seeded car with the same fields as the listing', async () => {
    const row = catalogue.find((c) => c.price !== null) as CarRow;
    const { car } = await data<{ car: CarRow }>(
      `query($id: ID!) { car(id: $id) { databaseId title subtitle trim brand model
      year price priceText bodyType fuelType transmission driveType featured date } }`,
      { id: String(row.databaseId) },
    );
    const { modified: _ignored, ...expected } = row;
    expect(car).toEqual(expected);
  });

  it('accepts the id as a number literal too', async () => {
    const row = catalogue[0] as CarRow;
    const res = await data<{ car: { databaseId: number } }>(`{ car(id: ${row.databaseId}) { databaseId } }`);
    expect(res.car.databaseId).toBe(row.databaseId);
  });

  it('is null for an unknown id, a non-numeric id and the id of something that is not a car', async () => {
    const unknown = Math.max(...ids(catalogue)) + 1_000_000;
    const news = await data<{ newsPosts: { nodes: Array<{ databaseId: number }> } }>('{ newsPosts(perPage: 1) { nodes { databaseId } } }');
    const notACar = news.newsPosts.nodes[0]?.databaseId ?? 1;
    const res = await data<Record<string, unknown>>(`{
      unknown: car(id: "${unknown}") { id }
      zero: car(id: "0") { id }
      word: car(id: "abc") { id }
      news: car(id: "${notACar}") { id }
    }`);
    expect(res).toEqual({ unknown: null, zero: null, word: null, news: null });
  });

  it('is null for a draft or private car, which also stay out of the listing', async () => {
    const draft = await createCar({ title: 'QA Draft Catalogue Car', status: 'draft', _car_brand: 'Zzqadraft', _car_price: 1000 });
    created.push(draft);
    const hidden = await createCar({ title: 'QA Private Catalogue Car', status: 'private', _car_brand: 'Zzqadraft', _car_price: 1000 });
    created.push(hidden);
    const res = await data<Record<string, unknown>>(`{ d: car(id: "${draft}") { id } p: car(id: "${hidden}") { id }
      cars(filter: { brand: "Zzqadraft" }) { total } carFilters { brands } }`);
    expect(res.d).toBeNull();
    expect(res.p).toBeNull();
    expect(res.cars).toEqual({ total: 0 });
    expect((res.carFilters as { brands: string[] }).brands).not.toContain('Zzqadraft');
  });
});

describe('featuredCars', () => {
  it('lists only featured cars, newest first: all of them up to the limit', async () => {
    await againstCatalogue(async (all) => {
      const featured = all.filter((c) => c.featured);
      const { featuredCars } = await data<{ featuredCars: CarRow[] }>('{ featuredCars(limit: 24) { databaseId featured date } }');
      expect(featuredCars.every((c) => c.featured)).toBe(true);
      expect(featuredCars.length).toBe(Math.min(24, featured.length));
      // The listing is newest first too, so its featured cars are in the expected order.
      expect(ids(featuredCars)).toEqual(ids(featured).slice(0, 24));
      for (let i = 1; i < featuredCars.length; i += 1) {
        expect((featuredCars[i - 1]?.date ?? '') >= (featuredCars[i]?.date ?? '')).toBe(true);
      }
    });
  });

  it('respects the limit, and defaults to 4', async () => {
    const res = await data<{ two: CarRow[]; dflt: CarRow[]; six: CarRow[] }>(`{
      two: featuredCars(limit: 2) { databaseId } dflt: featuredCars { databaseId } six: featuredCars(limit: 6) { databaseId } }`);
    expect(res.two).toHaveLength(2);
    expect(res.dflt).toHaveLength(4);
    expect(res.six).toHaveLength(6);
    expect(ids(res.six).slice(0, 2)).toEqual(ids(res.two));
    expect(ids(res.six).slice(0, 4)).toEqual(ids(res.dflt));
  });

  it('a limit outside 1..24 is an error with a message', async () => {
    expect((await errorOf('{ featuredCars(limit: 25) { id } }')).message).toBe('limit must be between 1 and 24.');
    expect((await errorOf('{ featuredCars(limit: 0) { id } }')).message).toBe('limit must be between 1 and 24.');
  });
});

describe('carFilters', () => {
  type Filters = {
    brands: string[];
    models: string[];
    bodyTypes: string[];
    fuelTypes: string[];
    transmissions: string[];
    driveTypes: string[];
    years: number[];
    priceRange: { min: number; max: number };
  };
  const FILTERS = '{ carFilters { brands models bodyTypes fuelTypes transmissions driveTypes years priceRange { min max } } }';
  const textLists: Array<[keyof Filters, keyof CarRow]> = [
    ['brands', 'brand'],
    ['models', 'model'],
    ['bodyTypes', 'bodyType'],
    ['fuelTypes', 'fuelType'],
    ['transmissions', 'transmission'],
    ['driveTypes', 'driveType'],
  ];

  it('lists are distinct, sorted, and exactly the values found on published cars', async () => {
    await againstCatalogue(async (all) => {
      const { carFilters } = await data<{ carFilters: Filters }>(FILTERS);
      for (const [list, field] of textLists) {
        const values = carFilters[list] as string[];
        const lower = values.map((v) => v.toLowerCase());
        expect(new Set(lower).size, `${list} distinct`).toBe(values.length);
        for (let i = 1; i < values.length; i += 1) {
          expect(natural.compare(values[i - 1] ?? '', values[i] ?? ''), `${list} sorted at ${values[i]}`).toBeLessThan(0);
        }
        const onCars = new Set(
          all
            .map((c) => c[field])
            .filter((v): v is string => typeof v === 'string' && v !== '')
            .map((v) => v.toLowerCase()),
        );
        expect([...lower].sort(), list).toEqual([...onCars].sort());
      }
    });
  });

  it('years are numbers, newest first, exactly the years of published cars', async () => {
    await againstCatalogue(async (all) => {
      const { carFilters } = await data<{ carFilters: Filters }>(FILTERS);
      expect(carFilters.years.every((y) => Number.isInteger(y))).toBe(true);
      for (let i = 1; i < carFilters.years.length; i += 1) {
        expect((carFilters.years[i - 1] ?? 0) > (carFilters.years[i] ?? 0)).toBe(true);
      }
      const years = [...new Set(all.map((c) => c.year).filter((y): y is number => y !== null))].sort((a, b) => b - a);
      expect(carFilters.years).toEqual(years);
    });
  });

  it('priceRange is the lowest and highest price of priced cars', async () => {
    await againstCatalogue(async (all) => {
      const { carFilters } = await data<{ carFilters: Filters }>(FILTERS);
      const prices = all.map((c) => c.price).filter((p): p is number => p !== null);
      expect(carFilters.priceRange).toEqual({ min: Math.min(...prices), max: Math.max(...prices) });
    });
  });

  it('covers what the site offers: 8+ brands, the six body types, premium-petrol, electric, ev, automatic', async () => {
    const { carFilters } = await data<{ carFilters: Filters }>(FILTERS);
    expect(carFilters.brands.length).toBeGreaterThanOrEqual(8);
    expect([...carFilters.bodyTypes].sort()).toEqual([...BODY_TYPES].sort());
    expect(carFilters.fuelTypes).toEqual(expect.arrayContaining(['premium-petrol', 'electric']));
    expect(carFilters.transmissions).toEqual(expect.arrayContaining(['ev', 'automatic']));
  });

  it('every value it offers finds at least one car', async () => {
    const { carFilters } = await data<{ carFilters: Filters }>(FILTERS);
    const checks: Array<[string, CarFilter]> = [
      ...carFilters.brands.map((v): [string, CarFilter] => [`brand ${v}`, { brand: v }]),
      ...carFilters.bodyTypes.map((v): [string, CarFilter] => [`body ${v}`, { bodyType: v }]),
      ...carFilters.fuelTypes.map((v): [string, CarFilter] => [`fuel ${v}`, { fuelType: v }]),
      ...carFilters.transmissions.map((v): [string, CarFilter] => [`transmission ${v}`, { transmission: v }]),
      ...carFilters.driveTypes.map((v): [string, CarFilter] => [`drive ${v}`, { drive: v }]),
      ...carFilters.years.map((v): [string, CarFilter] => [`year ${v}`, { year: v }]),
      ...carFilters.models.map((v): [string, CarFilter] => [`model ${v}`, { model: v }]),
      ['price range', { minPrice: carFilters.priceRange.min, maxPrice: carFilters.priceRange.max }],
    ];
    // Many aliased counts per request (each costs 3), well under the complexity limit.
    for (let start = 0; start < checks.length; start += 40) {
      const batch = checks.slice(start, start + 40);
      const vars = batch.map((_, i) => `$f${i}: CarFilter`).join(', ');
      const fields = batch.map((_, i) => `c${i}: cars(filter: $f${i}, perPage: 1) { total }`).join('\n');
      const variables = Object.fromEntries(batch.map(([, f], i) => [`f${i}`, f]));
      const res = await data<Record<string, { total: number }>>(`query(${vars}) { ${fields} }`, variables);
      batch.forEach(([label], i) => expect(res[`c${i}`]?.total, label).toBeGreaterThan(0));
    }
  });
});

describe('responses', () => {
  it('the car-thumb address of every listed car image answers', async () => {
    // Every seeded car has photos; the ten seeded BYDs stand for the catalogue.
    const { cars } = await data<{ cars: { nodes: Array<{ title: string; image: { size: { url: string } | null } | null }> } }>(
      '{ cars(filter: { brand: "BYD" }, perPage: 10) { nodes { title image { size(name: "car-thumb") { url } } } } }',
    );
    expect(cars.nodes).toHaveLength(10);
    for (const node of cars.nodes) {
      const url = node.image?.size?.url;
      expect(url, `${node.title} has a car-thumb`).toMatch(/-300x300\.(jpe?g|png|webp)$/i);
      const res = await http(url ?? '', { method: 'HEAD' });
      expect(res.status, url).toBe(200);
    }
  });

  it('no response in this file leaked SQL, table names or server paths', () => {
    expectNoLeaks();
  });
});
