// The filter panel's counts: each option's count is the total of the search with that list's own
// choice replaced by the option (the marketplace rule), over the live catalogue, and a staff save
// changes them at once, also through the kept answers of the lean read path (GET).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCar, deleteCar, updateCar } from './support/wordpress';
import { data, expectNoLeaks, query, testBrand, type CarFilter } from './support/catalogue';

const BRAND = testBrand('Zzfc');

type Option = { value: string; count: number };
type Counts = {
  total: number;
  bodyTypeOptions: Option[];
  fuelTypeOptions: Option[];
  brandOptions: Option[];
  yearOptions: Option[];
  matchingPriceRange: { min: number; max: number };
};
const LISTS = { bodyTypeOptions: 'bodyType', fuelTypeOptions: 'fuelType', brandOptions: 'brand', yearOptions: 'year' } as const;

const COUNTS = `query Counts($filter: CarFilter) { carFilters(filter: $filter) {
  total bodyTypeOptions { value count } fuelTypeOptions { value count } brandOptions { value count } yearOptions { value count }
  matchingPriceRange { min max }
} }`;

/** The counts as the site asks for them: a GET, which the lean read path may answer from its kept copy. */
async function counts(filter: CarFilter): Promise<Counts> {
  const res = await query<{ carFilters: Counts }>(COUNTS, { filter }, 'GET');
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.carFilters;
}

async function total(filter: CarFilter): Promise<number> {
  return (await data<{ cars: { total: number } }>('query($f: CarFilter) { cars(filter: $f) { total } }', { f: filter })).cars.total;
}

const count = (options: Option[], value: string) => options.find((o) => o.value === value)?.count;

const ids: number[] = [];
async function car(fields: Record<string, unknown>): Promise<number> {
  const id = await createCar({ title: `QA Facets ${BRAND}`, _car_brand: BRAND, _car_model: 'Facet', ...fields });
  ids.push(id);
  return id;
}

let sedan = 0;
beforeAll(async () => {
  await car({ _car_body_type: 'SUV', _car_fuel_type: 'electric', _car_year: 2021, _car_price: 12000 });
  sedan = await car({ _car_body_type: 'Sedan', _car_fuel_type: 'electric', _car_year: 2022, _car_price: 20000 });
  await car({ _car_body_type: 'SUV', _car_fuel_type: 'petrol', _car_year: 2022, _car_price: 30000 });
  await car({ _car_body_type: 'SUV', _car_fuel_type: 'electric', _car_year: 2020, _car_price: 9000, _car_sale_status: 'sold' });
});

afterAll(async () => {
  for (const id of ids) await deleteCar(id, true);
  expectNoLeaks();
});

describe('counts per filter option', () => {
  it('every option of every list counts what its own search finds, for several searches', async () => {
    const searches: CarFilter[] = [
      { brand: BRAND },
      { brand: BRAND, bodyType: 'SUV' },
      { search: BRAND.toLowerCase(), fuelType: 'electric', year: 2022 },
      { brand: BRAND, minPrice: 10000, maxPrice: 25000 },
      { brand: BRAND, includeSold: true },
      // A price range alone, and one under a keyword: the bounds are read two different ways.
      { minPrice: 10000, maxPrice: 25000 },
      { search: BRAND.toLowerCase(), minPrice: 15000 },
    ];
    for (const filter of searches) {
      const got = await counts(filter);
      expect(got.total).toBe(await total(filter));
      for (const [list, key] of Object.entries(LISTS) as [keyof typeof LISTS, (typeof LISTS)[keyof typeof LISTS]][]) {
        // The list's own choice is replaced by the option; every other choice stays. Each search
        // finds at least one of the brand's cars, so every list has an option with a count.
        const found = got[list].filter((o) => o.count > 0);
        expect(found.length, `${JSON.stringify(filter)} ${key}: an option with a count`).toBeGreaterThan(0);
        const zero = got[list].filter((o) => o.count === 0).slice(0, 1);
        for (const option of [...found.slice(0, 3), ...zero]) {
          const value = key === 'year' ? Number(option.value) : option.value;
          expect(option.count, `${JSON.stringify(filter)} ${key}=${option.value}`).toBe(await total({ ...filter, [key]: value }));
        }
      }
    }
  });

  it('a chosen body type leaves the other body types counted (SUV chosen, Sedan still 1)', async () => {
    const got = await counts({ brand: BRAND, bodyType: 'SUV' });
    expect(got.total).toBe(2);
    expect(count(got.bodyTypeOptions, 'SUV')).toBe(2);
    expect(count(got.bodyTypeOptions, 'Sedan')).toBe(1);
    // Other lists are narrowed by the choice: SUVs of this brand are one electric, one petrol.
    expect(count(got.fuelTypeOptions, 'electric')).toBe(1);
    expect(count(got.fuelTypeOptions, 'petrol')).toBe(1);
  });

  it('an option no car of the search has stays listed with 0', async () => {
    const got = await counts({ brand: BRAND });
    const zero = got.bodyTypeOptions.find((o) => !['SUV', 'Sedan'].includes(o.value));
    expect(zero, 'the seeded catalogue has other body types').toBeDefined();
    expect(zero!.count).toBe(0);
  });

  it('sold cars count only with includeSold, as in the result list', async () => {
    expect(count((await counts({ brand: BRAND })).bodyTypeOptions, 'SUV')).toBe(2);
    expect(count((await counts({ brand: BRAND, includeSold: true })).bodyTypeOptions, 'SUV')).toBe(3);
    expect(count((await counts({ brand: BRAND, includeSold: true })).yearOptions, '2020')).toBe(1);
  });

  it('the price range of the search leaves out its own price bounds only', async () => {
    expect((await counts({ brand: BRAND })).matchingPriceRange).toEqual({ min: 12000, max: 30000 });
    expect((await counts({ brand: BRAND, minPrice: 15000 })).matchingPriceRange).toEqual({ min: 12000, max: 30000 });
    expect((await counts({ search: BRAND.toLowerCase(), minPrice: 15000 })).matchingPriceRange).toEqual({ min: 12000, max: 30000 });
    expect((await counts({ brand: BRAND, fuelType: 'electric' })).matchingPriceRange).toEqual({ min: 12000, max: 20000 });
    // Bounds alone: the catalogue's own range, sold cars left out as in the results.
    const catalogue = (await counts({})).matchingPriceRange;
    expect(catalogue.max).toBeGreaterThan(catalogue.min);
    expect((await counts({ minPrice: 15000, maxPrice: 20000 })).matchingPriceRange).toEqual(catalogue);
  });

  it('a saved car changes the counts at once, also for a search asked just before', async () => {
    const filter = { brand: BRAND };
    const before = await counts(filter);
    expect(count(before.bodyTypeOptions, 'Sedan')).toBe(1);
    expect(await counts(filter)).toEqual(before); // asked twice: the second may be the kept answer

    await updateCar(sedan, { meta: { _car_body_type: 'SUV' } });
    const after = await counts(filter);
    expect(count(after.bodyTypeOptions, 'SUV')).toBe(3);
    expect(count(after.bodyTypeOptions, 'Sedan')).toBe(0);
    expect(after.total).toBe(3);

    await updateCar(sedan, { status: 'draft' });
    const drafted = await counts(filter);
    expect(count(drafted.bodyTypeOptions, 'SUV')).toBe(2);
    expect(drafted.total).toBe(2);
    expect(count(drafted.brandOptions, BRAND)).toBe(2);
  });
});
