// Sale status, similar cars and destination ports against the live WordPress: sold cars leave the
// catalogue list, its filter values and the featured cars but keep their page; similar cars are the
// available ones of the same body type within ±25 % of the price; ports are listed only when their
// figures are sound; and an inquiry carries the chosen port to the stored lead, through WordPress's
// route and through the site's /api/inquiry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createCar, deleteCar, rest, unique } from './support/wordpress';
import { data, errorOf, expectNoLeaks, testBrand } from './support/catalogue';
import { deleteStoredMessages, postMeta, randomIp, storedMessages, wpPhp } from './support/local';
import { site } from './support/site';
import { adminSession, formArray, submitEditForm } from './support/admin';
import type { Port } from '~/lib/wordpress/types';

const BRAND = testBrand('Zzsale');
const SOLD_ONLY_BRAND = testBrand('Zzsold');
// A body type no seeded car has, so the similar-cars expectations are exact.
const BODY = 'Minivan';

type Node = { databaseId: number; saleStatus: string; price: number | null; bodyType: string | null };
const NODE = 'databaseId saleStatus price bodyType';

const cars: Record<string, number> = {};
const ports: number[] = [];
const emails: string[] = [];

async function listed(filter: Record<string, unknown>): Promise<Node[]> {
  return (
    await data<{ cars: { nodes: Node[] } }>(`query($f: CarFilter) { cars(filter: $f, perPage: 100) { nodes { ${NODE} } } }`, { f: filter })
  ).cars.nodes;
}

async function similarOf(id: number, limit = 4): Promise<Node[]> {
  const { car } = await data<{ car: { similarCars: Node[] } | null }>(
    `query($id: ID!, $limit: Int) { car(id: $id) { similarCars(limit: $limit) { ${NODE} } } }`,
    { id: String(id), limit },
  );
  return car!.similarCars;
}

/** A published port with the given figures, made as the seed makes one (post + meta). */
function makePort(name: string, meta: Record<string, string>, status = 'publish'): number {
  return wpPhp<number>(
    `
    $meta = json_decode( $argv[3], true );
    $id = wp_insert_post( array( 'post_type' => 'car_port', 'post_status' => $argv[2], 'post_title' => $argv[1], 'meta_input' => $meta ), true );
    echo json_encode( is_wp_error( $id ) ? 0 : $id );
  `,
    name,
    status,
    JSON.stringify(meta),
  );
}

const GOOD_PORT = {
  _port_country: 'Testland',
  _port_roro_usd: '1200',
  _port_container_usd: '1700',
  _port_insurance_rate: '1.25',
  _port_transit_days: '33',
};

beforeAll(async () => {
  const car = (key: string, fields: Record<string, unknown>) =>
    createCar({ title: `QA ${key} ${BRAND}`, _car_brand: BRAND, _car_body_type: BODY, ...fields }).then((id) => (cars[key] = id));
  await Promise.all([
    // Priced far above the seeded minivans, so only these cars fall in each other's band.
    car('base', { _car_price: 900_000 }),
    car('near', { _car_price: 1_000_000, _car_sale_status: 'available' }),
    car('nearer', { _car_price: 920_000 }),
    car('edge', { _car_price: 1_125_000 }),
    car('outside', { _car_price: 1_125_001 }),
    car('reserved', { _car_price: 910_000, _car_sale_status: 'reserved' }),
    car('sold', { _car_price: 905_000, _car_sale_status: 'sold' }),
    car('soldFeatured', { _car_price: 700_000, _car_sale_status: 'sold', _car_featured: true }),
    car('otherBody', { _car_price: 900_000, _car_body_type: 'Pickup' }),
    car('noPrice', {}),
    createCar({ title: `QA sold only ${SOLD_ONLY_BRAND}`, _car_brand: SOLD_ONLY_BRAND, _car_sale_status: 'sold', _car_price: 12_000 }).then(
      (id) => (cars.soldOnly = id),
    ),
  ]);
  ports.push(makePort(unique('QA Port Good'), GOOD_PORT));
  ports.push(makePort(unique('QA Port Bad'), { ...GOOD_PORT, _port_insurance_rate: 'lots' }));
  ports.push(makePort(unique('QA Port Draft'), GOOD_PORT, 'draft'));
  ports.push(makePort(unique('QA Port Overland'), { ...GOOD_PORT, _port_route: 'overland' }));
  ports.push(makePort(unique('QA Port Nowhere'), { ...GOOD_PORT, _port_route: 'air' }));
});

afterAll(async () => {
  await Promise.all(Object.values(cars).map((id) => deleteCar(id, true)));
  wpPhp(`foreach ( json_decode( $argv[1], true ) as $id ) { wp_delete_post( (int) $id, true ); } echo 1;`, JSON.stringify(ports));
  deleteStoredMessages(emails);
});

describe('sale status', () => {
  it('is AVAILABLE when never set, and follows what staff store', async () => {
    const all = await listed({ brand: BRAND, includeSold: true });
    const status = (key: string) => all.find((c) => c.databaseId === cars[key])?.saleStatus;
    expect(status('base')).toBe('AVAILABLE');
    expect(status('near')).toBe('AVAILABLE');
    expect(status('reserved')).toBe('RESERVED');
    expect(status('sold')).toBe('SOLD');
  });

  it('hides sold cars from the list unless includeSold, and always lists reserved ones', async () => {
    const shown = (await listed({ brand: BRAND })).map((c) => c.databaseId);
    expect(shown).toContain(cars.reserved);
    expect(shown).not.toContain(cars.sold);
    expect(shown).not.toContain(cars.soldFeatured);
    expect(shown).toHaveLength(8);
    const all = (await listed({ brand: BRAND, includeSold: true })).map((c) => c.databaseId);
    expect(all).toHaveLength(10);
    expect(all).toEqual(expect.arrayContaining([cars.sold, cars.soldFeatured]));
  });

  it('keeps a sold car reachable by id', async () => {
    const { car } = await data<{ car: Node | null }>(`query($id: ID!) { car(id: $id) { ${NODE} } }`, { id: String(cars.sold) });
    expect(car).toMatchObject({ databaseId: cars.sold, saleStatus: 'SOLD' });
  });

  it('leaves filter values only sold cars have out of carFilters unless includeSold', async () => {
    const q = `query($s: Boolean) { carFilters(includeSold: $s) { brands } }`;
    expect((await data<{ carFilters: { brands: string[] } }>(q, { s: false })).carFilters.brands).not.toContain(SOLD_ONLY_BRAND);
    expect((await data<{ carFilters: { brands: string[] } }>(q, { s: true })).carFilters.brands).toContain(SOLD_ONLY_BRAND);
    expect((await data<{ carFilters: { brands: string[] } }>('{ carFilters { brands } }')).carFilters.brands).toContain(BRAND);
  });

  it('never features a sold car', async () => {
    const { featuredCars } = await data<{ featuredCars: Node[] }>(`{ featuredCars(limit: 24) { ${NODE} } }`);
    expect(featuredCars.map((c) => c.databaseId)).not.toContain(cars.soldFeatured);
    expect(featuredCars.every((c) => c.saleStatus !== 'SOLD')).toBe(true);
  });

  it('refuses a status that is not one of the three, and stores nothing', async () => {
    const res = await rest(`/wp/v2/cars/${cars.base}`, {
      method: 'POST',
      token: await adminToken(),
      body: { meta: { _car_sale_status: 'gone' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Sale status must be one of: Available, Reserved, Sold\./);
    const all = await listed({ brand: BRAND, includeSold: true });
    expect(all.find((c) => c.databaseId === cars.base)?.saleStatus).toBe('AVAILABLE');
  });
});

describe('similar cars', () => {
  it('are available cars of the same body type within ±25 % of the price, closest first, without the car itself', async () => {
    // base 900,000: band 675,000–1,125,000. nearer (920k), near (1M) and edge (1.125M, on the bound)
    // qualify; reserved and sold are not available, outside is 1 dollar over, otherBody is a pickup.
    expect((await similarOf(cars.base!)).map((c) => c.databaseId)).toEqual([cars.nearer, cars.near, cars.edge]);
    expect((await similarOf(cars.base!, 2)).map((c) => c.databaseId)).toEqual([cars.nearer, cars.near]);
  });

  it('are empty when nothing matches', async () => {
    expect(await similarOf(cars.otherBody!)).toEqual([]);
  });

  it('are the newest available cars of the body type for a car without a price', async () => {
    const similar = await similarOf(cars.noPrice!, 12);
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.map((c) => c.databaseId)).not.toContain(cars.noPrice);
    expect(similar.every((c) => c.bodyType === BODY && c.saleStatus === 'AVAILABLE')).toBe(true);
  });

  it('refuses a limit out of range', async () => {
    const { message } = await errorOf(`{ car(id: "${cars.base}") { similarCars(limit: 13) { databaseId } } }`);
    expect(message).toBe('limit must be between 1 and 12.');
  });
});

describe('ports', () => {
  it('lists published ports with sound figures, by country, and leaves out broken and draft ones', async () => {
    const { ports: list } = await data<{ ports: Array<Omit<Port, 'id'> & { databaseId: number }> }>(
      '{ ports { databaseId name country roroFreight containerFreight insuranceRate transitDays route } }',
    );
    const ids = list.map((p) => p.databaseId);
    expect(ids).toContain(ports[0]);
    expect(ids).not.toContain(ports[1]);
    expect(ids).not.toContain(ports[2]);
    expect(ids).not.toContain(ports[4]);
    // A port stored without a route (as before routes existed) is a seaport.
    expect(list.find((p) => p.databaseId === ports[0])).toMatchObject({
      country: 'Testland',
      roroFreight: 1200,
      containerFreight: 1700,
      insuranceRate: 1.25,
      transitDays: 33,
      route: 'sea',
    });
    expect(list.find((p) => p.databaseId === ports[3])?.route).toBe('overland');
    const countries = list.map((p) => p.country);
    expect(countries).toEqual([...countries].sort((a, b) => a.localeCompare(b)));
    // The seeded ports, Almaty the one reached overland.
    expect(list.map((p) => p.name)).toEqual(expect.arrayContaining(['Lagos (Tin Can Island)', 'Mombasa', 'Jebel Ali', 'Callao', 'Manila']));
    expect(list.filter((p) => p.route === 'overland' && p.country !== 'Testland').map((p) => p.name)).toEqual([
      'Almaty (overland via Khorgos)',
    ]);
  });
});

describe('staff edit a port in wp-admin', () => {
  const meta = postMeta;

  it('saves good figures, and refuses a bad one with a notice, keeping its old value', async () => {
    const admin = await adminSession();
    const id = ports[0]!;
    const save = async (fields: Record<string, string>) => {
      const { printed, res } = await submitEditForm(admin, id, {
        post_title: 'QA Port Edited',
        post_status: 'publish',
        ...formArray('car_export_port', fields),
      });
      expect(printed.car_export_port_nonce, 'the port form prints its nonce').toBeTruthy();
      expect(res.status).toBe(302);
    };
    const good = { country: 'Testland', roroFreight: '1300', containerFreight: '1800', insuranceRate: '0.75', transitDays: '35' };
    await save(good);
    expect(meta(id)).toMatchObject({
      _port_roro_usd: '1300',
      _port_container_usd: '1800',
      _port_insurance_rate: '0.75',
      _port_transit_days: '35',
      _port_route: 'sea',
    });

    // The route is a choice: overland is kept and shown selected, anything else refused.
    await save({ ...good, route: 'overland' });
    expect(meta(id)._port_route).toBe('overland');
    await save({ ...good, route: 'air' });
    expect(meta(id)._port_route).toBe('overland');
    const edit = await (await admin.get(`/wp-admin/post.php?post=${id}&action=edit`)).text();
    expect(edit).toContain('Route must be sea or overland.');
    expect(edit).toMatch(/<option value="overland" selected='selected'>Overland \(truck or rail\)<\/option>/);
    await save({ ...good, route: 'sea' });
    expect(meta(id)._port_route).toBe('sea');

    await save({ ...good, roroFreight: 'cheap' });
    expect(meta(id)._port_roro_usd).toBe('1300');
    const page = await (await admin.get(`/wp-admin/post.php?post=${id}&action=edit`)).text();
    expect(page).toContain('RoRo freight (USD) must be a whole number from 0 to 100000.');
    // The notice shows once.
    expect(await (await admin.get(`/wp-admin/post.php?post=${id}&action=edit`)).text()).not.toContain('must be a whole number');
  });

  it("ignores a save without the form's nonce", async () => {
    const admin = await adminSession();
    const id = ports[0]!;
    const before = meta(id)._port_transit_days;
    await submitEditForm(
      admin,
      id,
      { post_title: 'QA Port Edited', 'car_export_port[transitDays]': '99' },
      { without: 'car_export_port_nonce' },
    );
    expect(meta(id)._port_transit_days).toBe(before);
  });
});

describe('an inquiry carries the chosen port', () => {
  const inquiry = (overrides: Record<string, unknown>) => {
    const emailAddress = `${unique('port')}@example.com`;
    emails.push(emailAddress);
    return {
      name: 'Ngozi Okafor',
      phoneNumber: '+234 803 000 0000',
      emailAddress,
      carId: cars.base,
      message: 'Price to Lagos?',
      ...overrides,
    };
  };
  const portName = () => wpPhp<string>(`echo json_encode( get_the_title( (int) $argv[1] ) );`, String(ports[0]));

  it('stores the port and method with the lead (WordPress route)', async () => {
    const body = inquiry({ portId: ports[0], shipping: 'container' });
    const res = await rest('/car-export/v1/inquiries', { method: 'POST', body, headers: { 'X-Forwarded-For': randomIp() } });
    expect(res.status).toBe(201);
    const [lead] = storedMessages(body.emailAddress);
    expect(lead?.meta._inquiry_port).toBe(`${portName()}, Testland (container)`);
  });

  it("stores it through the site's /api/inquiry, RoRo by default", async () => {
    const body = inquiry({ portId: ports[0] });
    const res = await site('/api/inquiry', { method: 'POST', body });
    expect(res.status).toBe(201);
    const [lead] = storedMessages(body.emailAddress);
    expect(lead?.meta._inquiry_port).toBe(`${portName()}, Testland (RoRo)`);
  });

  it('names the methods of an overland port as staff ship it: truck, rail container', async () => {
    const name = wpPhp<string>(`echo json_encode( get_the_title( (int) $argv[1] ) );`, String(ports[3]));
    for (const [shipping, method] of [
      ['roro', 'truck'],
      ['container', 'rail container'],
    ] as const) {
      const body = inquiry({ portId: ports[3], shipping });
      const res = await site('/api/inquiry', { method: 'POST', body });
      expect(res.status).toBe(201);
      expect(storedMessages(body.emailAddress)[0]?.meta._inquiry_port).toBe(`${name}, Testland (${method})`);
    }
  });

  it('refuses a port that is not published, and stores nothing', async () => {
    for (const portId of [ports[1], ports[2], cars.base]) {
      const body = inquiry({ portId });
      const res = await rest('/car-export/v1/inquiries', { method: 'POST', body, headers: { 'X-Forwarded-For': randomIp() } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The chosen destination port is not available. Please choose another.');
      expect(storedMessages(body.emailAddress)).toEqual([]);
    }
    const bad = inquiry({ portId: 'lagos' });
    const res = await site('/api/inquiry', { method: 'POST', body: bad });
    expect(res.status).toBe(400);
    expect(storedMessages(bad.emailAddress)).toEqual([]);
  });

  it('without a port stores no port', async () => {
    const body = inquiry({});
    const res = await rest('/car-export/v1/inquiries', { method: 'POST', body, headers: { 'X-Forwarded-For': randomIp() } });
    expect(res.status).toBe(201);
    expect(storedMessages(body.emailAddress)[0]?.meta).not.toHaveProperty('_inquiry_port');
  });
});

it('leaks nothing', () => expectNoLeaks());
