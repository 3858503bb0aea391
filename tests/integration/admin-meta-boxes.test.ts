// The car and video edit screens in wp-admin, as staff submit them: valid values are stored, a
// refused one keeps its old value and is named in a notice once, and a save without the form's
// nonce (quick edit, a script, a forged post) changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, formArray, submitEditForm, type AdminSession } from './support/admin';
import { postMeta, wpPhp } from './support/local';
import { createCar, deleteCar, unique } from './support/wordpress';

let admin: AdminSession;
let car = 0;
let video = 0;

beforeAll(async () => {
  admin = await adminSession();
  car = await createCar({ year: 2018, mileage: 42000 });
  video = wpPhp<number>(
    `$id = wp_insert_post( array( 'post_type' => 'video', 'post_status' => 'draft', 'post_title' => $argv[1] ), true ); echo json_encode( is_wp_error( $id ) ? 0 : $id );`,
    unique('QA video'),
  );
  expect(video).toBeGreaterThan(0);
});

afterAll(async () => {
  if (car) await deleteCar(car);
  if (video) wpPhp(`wp_delete_post( (int) $argv[1], true ); echo 'null';`, String(video));
});

const editScreen = async (id: number) => (await admin.get(`/wp-admin/post.php?post=${id}&action=edit`)).text();

describe('the car details form', () => {
  const save = (values: Record<string, string>, options?: { without?: string }) =>
    submitEditForm(admin, car, { post_title: 'QA Car Edited', post_status: 'publish', ...formArray('car_export_car', values) }, options);

  it('stores valid fields and refuses an invalid one, keeping its old value', async () => {
    const { printed, res } = await save({ year: '2019', mileage: '51000' });
    expect(printed.car_export_car_nonce, 'the car form prints its nonce').toBeTruthy();
    expect(res.status).toBe(302);
    expect(postMeta(car)).toMatchObject({ _car_year: '2019', _car_mileage: '51000' });

    await save({ year: '1800', mileage: '52000' });
    expect(postMeta(car)).toMatchObject({ _car_year: '2019', _car_mileage: '52000' });
    const page = await editScreen(car);
    expect(page).toContain('Year must be between');
    // The refused value comes back into the form, beside its message.
    expect(page).toMatch(/name="car_export_car\[year\]"[^>]*value="1800"/);
  });

  it('takes a mileage in km, keeps it in miles, shows it back in km, and gives both', async () => {
    await save({ mileage: '19,312', mileageUnit: 'km' });
    expect(postMeta(car)._car_mileage).toBe('12000');
    const page = await editScreen(car);
    // As typed, in the unit typed: never the miles silently in the field beside "miles".
    expect(page).toMatch(/name="car_export_car\[mileage\]"[^>]*value="19312"/);
    expect(page).toMatch(/<option value="km" selected='selected'>km<\/option>/);
    expect(page).toContain('Now: 12,000 mi = 19,312 km.');
    // Miles, the unit the form starts in, are kept as typed.
    await save({ mileage: '30000', mileageUnit: 'mi' });
    expect(postMeta(car)._car_mileage).toBe('30000');
  });

  it("changes nothing without the form's nonce", async () => {
    const before = postMeta(car)._car_mileage;
    await save({ mileage: '99' }, { without: 'car_export_car_nonce' });
    expect(postMeta(car)._car_mileage).toBe(before);
  });
});

describe('stock numbers', () => {
  it('one another car has is refused on save with a notice naming that car, and stays typed in the form', async () => {
    const stock = `QA-STK-${unique()}`;
    const other = await createCar({ title: 'QA Stock Owner', _car_stock_number: stock });
    try {
      const before = postMeta(car)._car_stock_number ?? '';
      // Case does not make a different stock number.
      await submitEditForm(admin, car, {
        post_title: 'QA Car Edited',
        post_status: 'publish',
        ...formArray('car_export_car', { stockNumber: stock.toLowerCase() }),
      });
      expect(postMeta(car)._car_stock_number ?? '').toBe(before);
      const page = await editScreen(car);
      expect(page).toContain(`Stock number ${stock.toLowerCase()} is already used by “QA Stock Owner” (ID ${other}).`);
      expect(/<input[^>]*name="car_export_car\[stockNumber\]"[^>]*>/.exec(page)?.[0]).toContain(`value="${stock.toLowerCase()}"`);
    } finally {
      await deleteCar(other);
    }
  });
});

describe('a text longer than its limit', () => {
  it('is refused whole with the limit named, and comes back into the form uncut', async () => {
    const before = postMeta(car)._car_engine_size ?? '';
    const long = '2.0L four-cylinder turbo petrol with hybrid assist';
    expect(long.length).toBeGreaterThan(40);
    await submitEditForm(admin, car, {
      post_title: 'QA Car Edited',
      post_status: 'publish',
      ...formArray('car_export_car', { engineSize: long }),
    });
    expect(postMeta(car)._car_engine_size ?? '').toBe(before);
    const page = await editScreen(car);
    expect(page).toContain('Engine size must be at most 40 characters.');
    // No maxlength: a browser would cut a pasted value to it silently.
    const input = /<input[^>]*name="car_export_car\[engineSize\]"[^>]*>/.exec(page)?.[0] ?? '';
    expect(input).toContain(`value="${long}"`);
    expect(input).not.toContain('maxlength');
  });
});

describe('the video form', () => {
  const save = (values: Record<string, string>, options?: { without?: string }) =>
    submitEditForm(admin, video, { post_title: 'QA Video Edited', ...formArray('car_export_video', values) }, options);

  it('stores a https URL and a duration, and names a refused duration once', async () => {
    const { printed, res } = await save({ url: 'https://videos.example.com/walkaround.mp4', duration: '1:35' });
    expect(printed.car_export_video_nonce, 'the video form prints its nonce').toBeTruthy();
    expect(res.status).toBe(302);
    expect(postMeta(video)).toMatchObject({ _video_url: 'https://videos.example.com/walkaround.mp4', _video_duration: '95' });

    await save({ url: 'https://videos.example.com/walkaround.mp4', duration: 'soon' });
    expect(postMeta(video)._video_duration).toBe('95');
    expect(await editScreen(video)).toContain('The duration was not saved');
    expect(await editScreen(video)).not.toContain('The duration was not saved');
  });

  it("changes nothing without the form's nonce", async () => {
    await save({ url: 'https://videos.example.com/other.mp4', duration: '10' }, { without: 'car_export_video_nonce' });
    expect(postMeta(video)).toMatchObject({ _video_url: 'https://videos.example.com/walkaround.mp4', _video_duration: '95' });
  });
});
