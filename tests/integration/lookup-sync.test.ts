// The search lookup table follows staff edits: create, edit, clear the price, trash, untrash and
// delete a car through the core REST API (as staff tools do) and watch the GraphQL catalogue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createCar, deleteCar, rest, updateCar } from './support/wordpress';
import { data, expectNoLeaks, testBrand, type CarFilter, type Connection } from './support/catalogue';

const BRAND = testBrand('Zzqa');
const MODEL = 'Lookup';

type Found = Pick<
  Connection<{
    databaseId: number;
    title: string;
    price: number | null;
    priceText: string;
    year: number | null;
    bodyType: string | null;
    fuelType: string | null;
  }>,
  'total' | 'nodes'
>;

const FIND = `query($filter: CarFilter) {
  cars(filter: $filter, perPage: 10) { total nodes { databaseId title price priceText year bodyType fuelType } }
}`;

async function find(filter: CarFilter = {}): Promise<Found> {
  return (await data<{ cars: Found }>(FIND, { filter: { brand: BRAND, ...filter } })).cars;
}

async function total(filter: CarFilter): Promise<number> {
  return (await find(filter)).total;
}

async function carById(id: number): Promise<{ databaseId: number; price: number | null } | null> {
  return (
    await data<{ car: { databaseId: number; price: number | null } | null }>('query($id: ID!) { car(id: $id) { databaseId price } }', {
      id: String(id),
    })
  ).car;
}

async function brandListed(): Promise<boolean> {
  const { carFilters } = await data<{ carFilters: { brands: string[] } }>('{ carFilters { brands } }');
  return carFilters.brands.includes(BRAND);
}

let carId = 0;

beforeAll(async () => {
  carId = await createCar({
    title: `QA Lookup ${BRAND} ${MODEL}`,
    _car_brand: BRAND,
    _car_model: MODEL,
    _car_price: 12345,
    _car_year: 2021,
    _car_body_type: 'SUV',
    _car_fuel_type: 'electric',
    _car_transmission: 'ev',
    _car_drive_type: 'AWD',
  });
});

afterAll(async () => {
  if (carId) await deleteCar(carId, true);
});

describe('lookup table in step with staff edits', () => {
  it('a new car is found by its brand with its price and year', async () => {
    const found = await find();
    expect(found.total).toBe(1);
    expect(found.nodes).toEqual([
      {
        databaseId: carId,
        title: `QA Lookup ${BRAND} ${MODEL}`,
        price: 12345,
        priceText: '$12,345',
        year: 2021,
        bodyType: 'SUV',
        fuelType: 'electric',
      },
    ]);
    expect(await total({ year: 2021, bodyType: 'SUV', fuelType: 'electric', transmission: 'ev', drive: 'AWD', model: MODEL })).toBe(1);
    expect(await total({ minPrice: 12345, maxPrice: 12345 })).toBe(1);
    expect(await total({ year: 2020 })).toBe(0);
    // The search index has the new words too.
    const search = await data<{ cars: Found }>(FIND, { filter: { search: `${BRAND.toLowerCase()} lookup 2021` } });
    expect(search.cars.nodes.map((n) => n.databaseId)).toEqual([carId]);
  });

  it('its brand is offered by carFilters while it is published', async () => {
    expect(await brandListed()).toBe(true);
  });

  it('a new price and body type are found by the new values, not the old ones', async () => {
    await updateCar(carId, { meta: { _car_price: 23456, _car_body_type: 'Pickup' } });
    const found = await find();
    expect(found.total).toBe(1);
    expect(found.nodes[0]).toMatchObject({ price: 23456, priceText: '$23,456', bodyType: 'Pickup' });
    expect(await total({ bodyType: 'Pickup' })).toBe(1);
    expect(await total({ bodyType: 'SUV' })).toBe(0);
    expect(await total({ minPrice: 20000 })).toBe(1);
    expect(await total({ maxPrice: 12345 })).toBe(0);

    const sorted = await data<{ cars: Found }>(
      'query($f: CarFilter) { cars(filter: $f, orderBy: PRICE, order: DESC) { nodes { databaseId price } } }',
      { f: { brand: BRAND } },
    );
    expect(sorted.cars.nodes).toEqual([{ databaseId: carId, price: 23456 }]);
  });

  it('a new title is searchable, the old words are not', async () => {
    await updateCar(carId, { title: `QA Lookup ${BRAND} Renamedqa` });
    expect(await total({ search: 'renamedqa' })).toBe(1);
    expect(await total({ search: `${BRAND} ${MODEL}` })).toBe(1); // the model still matches
    await updateCar(carId, { meta: { _car_model: 'Otherqa' } });
    expect(await total({ model: MODEL })).toBe(0);
    expect(await total({ model: 'Otherqa' })).toBe(1);
  });

  it('clearing the price makes it "Contact for Price" and drops it from price filters', async () => {
    await updateCar(carId, { meta: { _car_price: '' } });
    const found = await find();
    expect(found.total).toBe(1);
    expect(found.nodes[0]).toMatchObject({ price: null, priceText: 'Contact for Price' });
    expect(await total({ minPrice: 0 })).toBe(0);
    expect(await total({ maxPrice: 100000000 })).toBe(0);

    // Contact for Price sorts last in both directions, among the other electric cars too.
    for (const order of ['ASC', 'DESC']) {
      const sorted = await data<{ cars: { total: number; nodes: Array<{ databaseId: number; price: number | null }> } }>(
        `{ cars(filter: { fuelType: "electric" }, orderBy: PRICE, order: ${order}, perPage: 100) { total nodes { databaseId price } } }`,
      );
      const nodes = sorted.cars.nodes;
      expect(sorted.cars.total).toBe(nodes.length);
      const at = nodes.findIndex((n) => n.databaseId === carId);
      expect(at, order).toBeGreaterThanOrEqual(0);
      expect(
        nodes.slice(at).every((n) => n.price === null),
        order,
      ).toBe(true);
      expect(
        nodes.slice(0, at).some((n) => n.price !== null),
        order,
      ).toBe(true);
    }
  });

  it('trashing it takes it out of cars, car(id) and carFilters', async () => {
    const res = await rest(`/wp/v2/cars/${carId}`, { method: 'DELETE', token: await adminToken() });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('trash');
    expect(await total({})).toBe(0);
    expect(await carById(carId)).toBeNull();
    expect(await brandListed()).toBe(false);
  });

  it('restoring it (status publish) brings it back', async () => {
    const res = await rest(`/wp/v2/cars/${carId}`, { method: 'POST', token: await adminToken(), body: { status: 'publish' } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('publish');
    const found = await find();
    expect(found.total).toBe(1);
    expect(found.nodes[0]).toMatchObject({ databaseId: carId, price: null, bodyType: 'Pickup' });
    expect(await carById(carId)).toEqual({ databaseId: carId, price: null });
    expect(await brandListed()).toBe(true);
  });

  it('setting it back to draft hides it again', async () => {
    await updateCar(carId, { status: 'draft' });
    expect(await total({})).toBe(0);
    expect(await carById(carId)).toBeNull();
    await updateCar(carId, { status: 'publish', meta: { _car_price: 5000 } });
    expect(await total({ maxPrice: 5000 })).toBe(1);
  });

  it('deleting it for good removes it everywhere', async () => {
    const res = await rest(`/wp/v2/cars/${carId}?force=true`, { method: 'DELETE', token: await adminToken() });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBe(true);
    expect(await total({})).toBe(0);
    expect(await total({ search: BRAND })).toBe(0);
    expect(await carById(carId)).toBeNull();
    expect(await brandListed()).toBe(false);
    carId = 0;
  });

  it('no response in this file leaked SQL, table names or server paths', () => {
    expectNoLeaks();
  });
});
