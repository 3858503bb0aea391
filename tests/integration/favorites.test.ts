// Favourites (/car-export/v1/favorites): each account's own list of cars, kept in user meta.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCar, deleteCar, gqlData, rest, suiteUsers, updateCar, type TestUser } from './support/wordpress';
import { deleteMedia, uploadImage } from './support/local';

const FAVORITES = '/car-export/v1/favorites';

const users = suiteUsers();
const user = users.create;

function toggle(u: TestUser | undefined, body: Record<string, unknown>) {
  return rest(FAVORITES, { method: 'POST', token: u?.token, body });
}

async function listIds(u: TestUser): Promise<number[]> {
  const res = await rest(FAVORITES, { token: u.token });
  expect(res.status).toBe(200);
  const ids = (res.body.favorites as Array<{ databaseId: number }>).map((c) => c.databaseId);
  // The ids-only form of the same list agrees with the cards.
  const only = await rest(`${FAVORITES}?fields=ids`, { token: u.token });
  expect(only.status).toBe(200);
  expect(only.body).toEqual({ success: true, favorites: ids });
  return ids;
}

let catalogue: number[] = [];
let image: { id: number; url: string };
let pricedCar: number;
let unpricedCar: number;
let draftCar: number;
const cars: number[] = [];

beforeAll(async () => {
  // Read the catalogue before adding this file's own cars, so these are cars staff published.
  const data = await gqlData<{ cars: { nodes: Array<{ databaseId: number }> } }>('{ cars(perPage: 3) { nodes { databaseId } } }');
  catalogue = data.cars.nodes.map((n) => n.databaseId);

  image = await uploadImage('favorites-test.png');
  pricedCar = await createCar({
    title: 'QA Favourite BYD Seal',
    content: '<p>Seller note with <strong>HTML</strong>.</p>',
    featured_media: image.id,
    _car_price: 23456,
    _car_brand: 'BYD',
    _car_model: 'Seal',
    _car_year: 2022,
    _car_mileage: 12000,
    _car_fuel_type: 'electric',
    _car_body_type: 'Sedan',
    _car_transmission: 'ev',
    _car_features: ['Heated seats', 'Panoramic roof'],
  });
  unpricedCar = await createCar({ title: 'QA Favourite Contact Car', _car_brand: 'Geely', _car_year: 2019 });
  draftCar = await createCar({ title: 'QA Draft Car', status: 'draft' });
  cars.push(pricedCar, unpricedCar, draftCar);
});

afterAll(async () => {
  await users.removeAll();
  for (const id of cars) await deleteCar(id);
  if (image) await deleteMedia(image.id);
});

describe('signed out', () => {
  it('GET is refused with 401 and a message', async () => {
    const res = await rest(FAVORITES);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Please sign in to use favorites.');
    expect(res.body.favorites).toBeUndefined();
  });

  it('POST is refused with 401 and changes nothing', async () => {
    const res = await toggle(undefined, { carId: pricedCar, action: 'add' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Please sign in to use favorites.');
  });
});

describe('signed in', () => {
  it('a new account starts with an empty list', async () => {
    const u = await user();
    const res = await rest(FAVORITES, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, favorites: [] });
  });

  it('add answers with the ids, and the list returns the car card', async () => {
    const u = await user();
    const add = await toggle(u, { carId: pricedCar, action: 'add' });
    expect(add.status).toBe(200);
    expect(add.body).toEqual({ success: true, message: 'Car added to favorites.', favorites: [pricedCar] });

    const res = await rest(FAVORITES, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.favorites).toHaveLength(1);
    const card = res.body.favorites[0];
    expect(card).toMatchObject({
      databaseId: pricedCar,
      title: 'QA Favourite BYD Seal',
      price: 23456,
      priceText: '$23,456',
      image: { id: image.id, url: image.url },
      fuelType: 'electric',
      bodyType: 'Sedan',
      transmission: 'ev',
      year: 2022,
      brand: 'BYD',
      model: 'Seal',
      mileage: 12000,
      features: ['Heated seats', 'Panoramic roof'],
    });
    expect(card.description).toContain('<strong>HTML</strong>');
  });

  it('the card is exactly what the catalogue (GraphQL) says about the car, field for field', async () => {
    const u = await user();
    await toggle(u, { carId: pricedCar, action: 'add' });
    const [card] = (await rest(FAVORITES, { token: u.token })).body.favorites;
    const { car } = await gqlData<{ car: Record<string, any> }>(
      `query($id: ID!) { car(id: $id) {
        databaseId title price priceText brand model year mileage bodyType fuelType transmission features description saleStatus
        image { id alt url width height sizes { name url width height mimeType } }
      } }`,
      { id: String(pricedCar) },
    );
    expect(card).toEqual(car);
  });

  it('a car without price, image or specs lists as "Contact for Price" with nulls', async () => {
    const u = await user();
    expect((await toggle(u, { carId: unpricedCar, action: 'add' })).status).toBe(200);
    const [card] = (await rest(FAVORITES, { token: u.token })).body.favorites;
    expect(card).toMatchObject({
      databaseId: unpricedCar,
      price: null,
      priceText: 'Contact for Price',
      image: null,
      fuelType: null,
      year: 2019,
      brand: 'Geely',
      model: null,
      mileage: null,
      features: [],
    });
  });

  it('keeps catalogue cars in the order they were added', async () => {
    expect(catalogue.length).toBeGreaterThan(0);
    const u = await user();
    const order = [...catalogue].reverse();
    let last: any;
    for (const id of order) {
      last = await toggle(u, { carId: id, action: 'add' });
      expect(last.status).toBe(200);
    }
    expect(last.body.favorites).toEqual(order);
    expect(await listIds(u)).toEqual(order);
  });

  it('add is idempotent', async () => {
    const u = await user();
    await toggle(u, { carId: pricedCar, action: 'add' });
    const again = await toggle(u, { carId: pricedCar, action: 'add' });
    expect(again.status).toBe(200);
    expect(again.body.favorites).toEqual([pricedCar]);
    expect(await listIds(u)).toEqual([pricedCar]);
  });

  it('remove takes the car out of the list', async () => {
    const u = await user();
    await toggle(u, { carId: pricedCar, action: 'add' });
    await toggle(u, { carId: unpricedCar, action: 'add' });
    const res = await toggle(u, { carId: pricedCar, action: 'remove' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Car removed from favorites.', favorites: [unpricedCar] });
    expect(await listIds(u)).toEqual([unpricedCar]);
    // Removing what is not listed is harmless.
    const again = await toggle(u, { carId: pricedCar, action: 'remove' });
    expect(again.status).toBe(200);
    expect(again.body.favorites).toEqual([unpricedCar]);
  });

  it('accepts the car id as a string of digits, as form posts send it', async () => {
    const u = await user();
    const res = await toggle(u, { carId: String(pricedCar), action: 'add' });
    expect(res.status).toBe(200);
    expect(res.body.favorites).toEqual([pricedCar]);
  });

  it('an unknown car is 404 and leaves the list alone', async () => {
    const u = await user();
    await toggle(u, { carId: pricedCar, action: 'add' });
    const res = await toggle(u, { carId: 999999999, action: 'add' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('The requested car could not be found.');
    expect(await listIds(u)).toEqual([pricedCar]);
  });

  it('a draft car is 404', async () => {
    const u = await user();
    const res = await toggle(u, { carId: draftCar, action: 'add' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('The requested car could not be found.');
    expect(await listIds(u)).toEqual([]);
  });

  it('a post that is not a car (an image in the media library) is 404', async () => {
    const u = await user();
    const res = await toggle(u, { carId: image.id, action: 'add' });
    expect(res.status).toBe(404);
    expect(await listIds(u)).toEqual([]);
  });

  it('a car unpublished after it was saved drops out of the list but can still be removed', async () => {
    const u = await user();
    const car = await createCar({ title: 'QA Soon Unpublished' });
    cars.push(car);
    await toggle(u, { carId: car, action: 'add' });
    await toggle(u, { carId: pricedCar, action: 'add' });
    await updateCar(car, { status: 'draft' });

    expect(await listIds(u)).toEqual([pricedCar]);
    const remove = await toggle(u, { carId: car, action: 'remove' });
    expect(remove.status).toBe(200);
    expect(remove.body.favorites).toEqual([pricedCar]);
    // It cannot be added back while unpublished.
    expect((await toggle(u, { carId: car, action: 'add' })).status).toBe(404);
  });

  it('an unknown action is 400', async () => {
    const u = await user();
    for (const action of ['toggle', '', 'ADD']) {
      const res = await toggle(u, { carId: pricedCar, action });
      expect(res.status, action).toBe(400);
      expect(typeof res.body.message).toBe('string');
      expect(res.body.message).toMatch(/add.*remove/);
    }
    const missing = await toggle(u, { carId: pricedCar });
    expect(missing.status).toBe(400);
    expect(await listIds(u)).toEqual([]);
  });

  it('a list shape other than cars or ids is 400 with a message', async () => {
    const u = await user();
    await toggle(u, { carId: pricedCar, action: 'add' });
    const res = await rest(`${FAVORITES}?fields=everything`, { token: u.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Fields must be one of: cars, ids.');
    expect(res.body.favorites).toBeUndefined();
  });

  it('a missing or malformed car id is 400', async () => {
    const u = await user();
    const missing = await toggle(u, { action: 'add' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Car ID is missing.');
    for (const carId of ['abc', -5, '1; DROP TABLE wp_users', { id: pricedCar }]) {
      const res = await toggle(u, { carId, action: 'add' });
      expect(res.status, JSON.stringify(carId)).toBe(400);
      expect(typeof res.body.message).toBe('string');
      expect(res.text).not.toMatch(/SQL|\.php/i);
    }
    expect(await listIds(u)).toEqual([]);
  });
});

describe('isolation between accounts', () => {
  it("one account's changes never show in another's list", async () => {
    const a = await user();
    const b = await user();
    await toggle(a, { carId: pricedCar, action: 'add' });
    expect(await listIds(b)).toEqual([]);
    await toggle(b, { carId: unpricedCar, action: 'add' });
    expect(await listIds(a)).toEqual([pricedCar]);
    expect(await listIds(b)).toEqual([unpricedCar]);
  });

  it("no parameter lets one account read or change another's list", async () => {
    const a = await user();
    const b = await user();
    await toggle(a, { carId: pricedCar, action: 'add' });

    for (const key of ['user', 'userId', 'user_id', 'id', 'author']) {
      const read = await rest(`${FAVORITES}?${key}=${a.id}`, { token: b.token });
      expect(read.status).toBe(200);
      expect(read.body.favorites).toEqual([]);

      const remove = await toggle(b, { carId: pricedCar, action: 'remove', [key]: a.id });
      expect(remove.status).toBe(200);
      expect(remove.body.favorites).toEqual([]);
      const add = await toggle(b, { carId: unpricedCar, action: 'add', [key]: a.id });
      expect(add.body.favorites).toEqual([unpricedCar]);
      await toggle(b, { carId: unpricedCar, action: 'remove' });
    }
    expect(await listIds(a)).toEqual([pricedCar]);
    expect(await listIds(b)).toEqual([]);

    // Nor through core: the list lives in user meta, which another account cannot read or write.
    const core = await rest(`/wp/v2/users/${a.id}`, { method: 'POST', token: b.token, body: { meta: { car_export_favorites: [] } } });
    expect(core.status).toBe(403);
    const coreRead = await rest(`/wp/v2/users/${a.id}?context=edit`, { token: b.token });
    expect(coreRead.status).toBe(403);
    expect(await listIds(a)).toEqual([pricedCar]);
  });

  it('the same car in two lists is removed from one only', async () => {
    const a = await user();
    const b = await user();
    await toggle(a, { carId: pricedCar, action: 'add' });
    await toggle(b, { carId: pricedCar, action: 'add' });
    await toggle(b, { carId: pricedCar, action: 'remove' });
    expect(await listIds(a)).toEqual([pricedCar]);
    expect(await listIds(b)).toEqual([]);
  });
});
