// A save of the car form with a refused value never puts a car on the site: a draft (a duplicate
// given a stock number another car has) stays a draft with the refused value named, a live car keeps
// its previous value, and the screen after the save says only what happened (no green "Car
// published." or "Car updated." beside the red refusal).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, formArray, submitEditForm, type AdminSession } from './support/admin';
import { postMeta, wpPhp } from './support/local';
import { createCar, deleteCar, unique } from './support/wordpress';

let admin: AdminSession;
const made: number[] = [];

beforeAll(async () => {
  admin = await adminSession();
});

afterAll(async () => {
  for (const id of made) await deleteCar(id);
});

const car = async (fields: Parameters<typeof createCar>[0]) => {
  const id = await createCar(fields);
  made.push(id);
  return id;
};

const statusOf = (id: number) => wpPhp<string>(`echo json_encode( get_post_status( (int) $argv[1] ) );`, String(id));

/** The screen the browser lands on after the save: the redirect's address, its message included. */
async function screenAfter(res: Response): Promise<string> {
  expect(res.status).toBe(302);
  const location = res.headers.get('location') ?? '';
  expect(location).toContain('post.php');
  return (await admin.get(location)).text();
}

/** Publish on a draft, as the Publish box sends it. */
const publish = (id: number, values: Record<string, string>) =>
  submitEditForm(admin, id, {
    post_title: 'QA Duplicate',
    post_status: 'draft',
    original_post_status: 'draft',
    publish: 'Publish',
    ...formArray('car_export_car', values),
  });

describe('publishing a draft with a refused value', () => {
  it('keeps the car a draft, stores the valid fields, names the refusal and says nothing of publishing', async () => {
    const stock = `QA-DUP-${unique()}`;
    const owner = await car({ title: 'QA Stock Holder', _car_stock_number: stock });
    const copy = await car({ title: 'QA Duplicate', status: 'draft' });

    const { res } = await publish(copy, { stockNumber: stock, year: '2021' });
    const page = await screenAfter(res);

    expect(statusOf(copy)).toBe('draft');
    expect(postMeta(copy)._car_stock_number).toBeUndefined();
    expect(postMeta(copy)._car_year).toBe('2021');
    expect(page).toContain('Some car details were not saved.');
    expect(page).toContain('The car was not published: it is still a draft.');
    expect(page).toContain(`Stock number ${stock} is already used by “QA Stock Holder” (ID ${owner}).`);
    expect(page).not.toContain('Car published.');
  });

  it('publishes once the refused value is corrected', async () => {
    const copy = await car({ title: 'QA Duplicate', status: 'draft' });
    const { res } = await publish(copy, { stockNumber: `QA-OK-${unique()}` });
    const page = await screenAfter(res);
    expect(statusOf(copy)).toBe('publish');
    expect(page).toContain('Car published.');
    expect(page).not.toContain('Some car details were not saved.');
  });
});

describe('updating a live car with a refused value', () => {
  it('keeps it live with its previous value and shows the refusal without "Car updated."', async () => {
    const live = await car({ title: 'QA Live Car', _car_engine_size: '2.0L' });
    const long = '2.0L four-cylinder turbo petrol with hybrid assist, 60 chars';
    expect(long.length).toBe(60);
    const { res } = await submitEditForm(admin, live, {
      post_title: 'QA Live Car',
      post_status: 'publish',
      original_post_status: 'publish',
      save: 'Update',
      ...formArray('car_export_car', { engineSize: long }),
    });
    const page = await screenAfter(res);

    expect(statusOf(live)).toBe('publish');
    expect(postMeta(live)._car_engine_size).toBe('2.0L');
    expect(page).toContain('Engine size must be at most 40 characters.');
    expect(page).toContain('The other changes were saved. Correct these fields and update the car again:');
    expect(page).not.toContain('Car updated.');
    expect(page).not.toContain('not published');
  });
});
