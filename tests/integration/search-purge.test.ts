// A staff save drops only the kept search answers the car can be part of: the searches it is in
// (their lean GET answers included) and the filter panels it counts in, while an unrelated search
// stays kept and is answered without being computed again. (The site's own caches are emptied by
// the purge call: purge.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, testBrand } from './support/catalogue';
import { wpPhp } from './support/local';
import { createCar, deleteCar, updateCar } from './support/wordpress';

const MINE = testBrand('Qapa');
const OTHER = testBrand('Qapb');
const LIST = 'query($f: CarFilter) { cars(filter: $f) { total nodes { databaseId priceText } } }';
const PANEL = 'query($f: CarFilter) { carFilters(filter: $f) { total brandOptions { value count } } }';

type Question = { text: string; filter: Record<string, unknown> };
const mine: Question = { text: LIST, filter: { brand: MINE } };
const other: Question = { text: LIST, filter: { brand: OTHER } };
/** The other brand's pickups: the edited car (an SUV of another brand) misses both choices. */
const otherPanel: Question = { text: PANEL, filter: { brand: OTHER, bodyType: 'Pickup' } };
/** The other brand alone: the edited car counts there, for its own brand's option. */
const brandPanel: Question = { text: PANEL, filter: { brand: OTHER } };

/** Asks as the site does (a GET, which WordPress may answer from its kept copy). */
async function ask(q: Question) {
  const res = await query(q.text, { f: q.filter }, 'GET');
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  expect(res.body.errors).toBeUndefined();
  return res.body.data;
}

/** Whether WordPress keeps an answer for exactly this GET (the lean read path's own key). */
const kept = (q: Question) =>
  wpPhp<boolean>(
    'echo json_encode( null !== \\CarExport\\Search\\SearchCache::get( "response\\0" . sha1( $argv[1] . "\\0" . $argv[2] . "\\0" ) ) );',
    q.text,
    JSON.stringify({ f: q.filter }),
  );

const ids: number[] = [];
let edited = 0;
beforeAll(async () => {
  edited = await createCar({ title: `QA Purge ${MINE}`, _car_brand: MINE, _car_body_type: 'SUV', _car_price: 20000 });
  ids.push(edited);
  ids.push(await createCar({ title: `QA Purge ${OTHER}`, _car_brand: OTHER, _car_body_type: 'Pickup', _car_price: 30000 }));
});

afterAll(async () => {
  for (const id of ids) await deleteCar(id, true);
});

describe('a save purges only the searches the car can be part of', () => {
  it("drops the car's searches and the panels it counts in, keeps an unrelated search and panel warm", async () => {
    const all = [mine, other, otherPanel, brandPanel];
    for (const q of all) await ask(q);
    for (const q of all) expect(kept(q), JSON.stringify(q.filter)).toBe(true);

    await updateCar(edited, { meta: { _car_price: 21000 } });

    expect(kept(mine), "the edited car's own search").toBe(false);
    expect(kept(brandPanel), 'a panel where the car counts for its brand').toBe(false);
    expect(kept(other), 'a search the car is not in').toBe(true);
    expect(kept(otherPanel), 'a panel the car counts nowhere in').toBe(true);

    // The dropped search answers the new price at once; the kept one still answers right.
    const fresh = await ask(mine);
    expect(fresh.cars.nodes.map((c: { priceText: string }) => c.priceText)).toEqual(['$21,000']);
    expect((await ask(other)).cars.total).toBe(1);
    const counts = (await ask(brandPanel)).carFilters.brandOptions as { value: string; count: number }[];
    expect(counts.find((o) => o.value === MINE)?.count).toBe(1);
  });

  it('a car moving into a search drops that search too (the car matched it only after the save)', async () => {
    await ask(other);
    expect(kept(other)).toBe(true);
    await updateCar(edited, { meta: { _car_brand: OTHER } });
    expect(kept(other)).toBe(false);
    expect((await ask(other)).cars.total).toBe(2);
  });
});
