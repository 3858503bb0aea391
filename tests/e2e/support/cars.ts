// A car of the test's own (found by its unique title, deleted afterwards) and a gate for holding a
// request, shared by the specs that tap hearts and watch loading states.
import { test as base } from './fixtures';
import { createCar, deleteCar, unique } from '../../integration/support/wordpress';

export type TestCar = { id: number; title: string };

/** The account fixture's test plus `car`: a BYD Seal sedan at $45,000 that only this test uses. */
export const test = base.extend<{ car: TestCar }>({
  car: async ({}, use) => {
    const title = unique('Fav');
    const id = await createCar({
      title,
      _car_brand: 'BYD',
      _car_model: 'Seal',
      _car_year: 2023,
      _car_price: 45000,
      _car_mileage: 12000,
      _car_fuel_type: 'electric',
      _car_body_type: 'Sedan',
      _car_transmission: 'ev',
    });
    await use({ id, title });
    await deleteCar(id);
  },
});

/** A promise the test resolves when it wants a held request to go on. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
