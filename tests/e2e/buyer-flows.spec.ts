// What a new buyer meets first, at 1280 and 390 px: a signed-out heart (sign-in first, then the car
// is saved), the progress bar and the car's loading state while a page loads, the guest favourites
// page's first paint, the contact form's own messages, the smooth scroll to the top, a page past the
// end of the list, prices snapped to 1,000 in the address, and English / USD in every header.
import type { Locator, Page } from '@playwright/test';
import { gate, test, type TestCar } from './support/cars';
import { expect, expectNoAxeViolations, bothWidths } from './support/fixtures';
import { deleteUserNamed, favoritesBadge, hydrated, signedInUser, signInDialog, submitSignIn } from './support/session';
import { createCar, deleteCar, randomIp, rest, unique } from '../integration/support/wordpress';
import { deleteStoredMessages, storedMessages } from '../integration/support/local';

const MISSING = 'Please fill in all required fields (First Name, Last Name, and Email).';
const INVALID_EMAIL = 'Please enter a valid e-mail address.';

function cardOf(page: Page, car: TestCar): Locator {
  return page.locator(`[data-testid="car-card"][data-car-id="${car.id}"]`);
}

async function openCard(page: Page, car: TestCar): Promise<Locator> {
  await page.goto(`/explore-cars?${new URLSearchParams({ search: car.title })}`);
  const card = cardOf(page, car);
  await expect(card).toBeVisible();
  return card;
}

async function favoriteIds(token: string): Promise<number[]> {
  const res = await rest('/car-export/v1/favorites?fields=ids', { token });
  expect(res.status).toBe(200);
  return res.body.favorites as number[];
}

test.describe('signed-out heart, with JavaScript', () => {
  test(
    'the tap is not applied; signing in from the dialog saves the car and merges the device list',
    bothWidths,
    async ({ page, account, car }) => {
      // A favourite an earlier visit kept on this device: merged at sign-in as before.
      const kept = await createCar({ title: unique('Kept'), _car_brand: 'BYD', _car_price: 30000 });
      try {
        await page.addInitScript((id) => {
          if (!sessionStorage.getItem('seeded')) localStorage.setItem('guestFavorites', JSON.stringify([id]));
          sessionStorage.setItem('seeded', '1');
        }, kept);
        const heart = (await openCard(page, car)).getByTestId('favorite-button');
        await hydrated(heart);
        await heart.click();
        await expect(signInDialog(page)).toBeVisible();
        // Not applied: the heart stays empty, nothing new is kept on the device.
        await expect(heart).toHaveAttribute('aria-pressed', 'false');
        expect(await page.evaluate(() => localStorage.getItem('guestFavorites'))).toBe(JSON.stringify([kept]));
        // A second tap does not fill it either.
        await page.keyboard.press('Escape');
        await heart.click();
        await expect(heart).toHaveAttribute('aria-pressed', 'false');

        await submitSignIn(signInDialog(page), account.username, account.password);
        await expect(signInDialog(page)).toBeHidden();
        await expect(signedInUser(page)).toContainText(account.username);
        await expect(heart).toHaveAttribute('aria-pressed', 'true');
        await expect(favoritesBadge(page)).toHaveText('2');
        expect((await favoriteIds(account.token)).sort()).toEqual([car.id, kept].sort());
        expect(await page.evaluate(() => localStorage.getItem('guestFavorites'))).toBeNull();
      } finally {
        await deleteCar(kept);
      }
    },
  );

  test('registering from the dialog saves the tapped car too', bothWidths, async ({ page, car }) => {
    const username = unique('buyer');
    try {
      const heart = (await openCard(page, car)).getByTestId('favorite-button');
      await hydrated(heart);
      await heart.click();
      const dialog = signInDialog(page);
      await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();
      const signUp = page.getByRole('dialog', { name: 'Sign Up' });
      await signUp.getByLabel('Username', { exact: true }).fill(username);
      await signUp.getByLabel('Email', { exact: true }).fill(`${username}@example.com`);
      await signUp.getByLabel('Password', { exact: true }).fill('secret123');
      await signUp.getByLabel('Confirm Password').fill('secret123');
      await signUp.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await expect(signUp).toBeHidden();
      await expect(signedInUser(page)).toContainText(username);
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
      await expect(favoritesBadge(page)).toHaveText('1');
    } finally {
      await deleteUserNamed(username);
    }
  });
});

test.describe('signed-out heart, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the heart leads to the sign-in page, which saves the car and returns to the list', bothWidths, async ({ page, account, car }) => {
    await openCard(page, car);
    const listUrl = page.url();
    await cardOf(page, car).getByTestId('favorite-button').click();
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=%2Fexplore-cars%3Fsearch%3D.*&favoriteCarId=${car.id}$`));
    // Switching to Sign Up keeps both.
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'href',
      new RegExp(`favoriteCarId=${car.id}`),
    );
    await submitSignIn(page.getByRole('main'), account.username, account.password);
    await expect(page).toHaveURL(listUrl);
    await expect(cardOf(page, car).getByTestId('favorite-button')).toHaveAttribute('aria-pressed', 'true');
    await expect(favoritesBadge(page)).toHaveText('1');
    expect(await favoriteIds(account.token)).toEqual([car.id]);
  });

  test('the way back must be on this site; a bad intent is dropped', async ({ page, car }) => {
    const res = await page.request.post('/resources/favorites', {
      form: { intent: 'toggle', carId: String(car.id), action: 'add', redirectTo: 'https://evil.example/x' },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe(`/login?favoriteCarId=${car.id}`);
    const page2 = await page.goto('/login?redirectTo=%2Fexplore-cars&favoriteCarId=abc');
    expect(page2?.status()).toBe(200);
    await expect(page.locator('input[name="favoriteCarId"]')).toHaveCount(0);
  });
});

test.describe('navigation progress', () => {
  test('opening a car shows the progress bar and the car loading state until it arrives', bothWidths, async ({ page, car }) => {
    // Explore, a held car load and an axe pass over the whole page in its loading state: the axe pass
    // alone took 32 s on a busy two-core machine, past the default 45 s for the whole test.
    test.slow();
    const card = await openCard(page, car);
    const link = card.getByRole('link', { name: car.title }).first();
    await hydrated(link);
    const hold = gate();
    await page.route(new RegExp(`/car/${car.id}\\?.*_data=`), async (route) => {
      await hold.opened;
      await route.continue();
    });
    await link.click();
    const bar = page.getByRole('progressbar', { name: 'Loading page' });
    await expect(bar).toBeVisible();
    await expect(page.locator('main')).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByTestId('car-page-loading')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading page…' })).toHaveCount(1);
    await expectNoAxeViolations(page);
    hold.open();
    await expect(page.getByRole('heading', { level: 1, name: car.title })).toBeVisible();
    await expect(bar).toHaveCount(0);
    await expect(page.locator('main')).not.toHaveAttribute('aria-busy', /.*/);
    await expect(page.getByTestId('car-page-loading')).toHaveCount(0);
  });

  test('any other page shows the bar over the old page, without the car loading state', async ({ page }) => {
    await page.goto('/explore-cars');
    const link = page.locator('a[href="/about-us"]:visible').first();
    await hydrated(link);
    const hold = gate();
    await page.route(/\/about-us\?.*_data=/, async (route) => {
      await hold.opened;
      await route.continue();
    });
    await link.click();
    await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeVisible();
    await expect(page.getByTestId('car-page-loading')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Explore Cars' })).toBeVisible();
    hold.open();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  });
});

test.describe('guest favourites page', () => {
  // A guest with none yet (a new device, or just signed out) is told that signing in brings back
  // the account's favourites.
  test('with none: the empty state and the sign-in banner', bothWidths, async ({ page }) => {
    await page.goto('/favorites');
    await expect(page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
    await expect(page.getByTestId('favorites-summary')).toHaveText('No favorite cars yet');
    await expect(page.getByRole('heading', { name: 'Sign in to save your favorites' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the empty state and the sign-in banner, no spinner', async ({ page }) => {
      await page.goto('/favorites');
      await expect(page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
      await expect(page.getByText('Loading your favorites...')).toBeHidden();
      await expect(page.getByRole('heading', { name: 'Sign in to save your favorites' })).toBeVisible();
    });
  });
});

test.describe('contact form messages', () => {
  test.beforeEach(async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': randomIp() });
  });

  function field(page: Page, name: string): Locator {
    return page.locator(`#contact-form [name="${name}"]`);
  }

  test('empty required fields: the spec message, marked fields, focus on the first', bothWidths, async ({ page }) => {
    await page.goto('/contact-us');
    const form = page.locator('#contact-form');
    await hydrated(form);
    await expect(form).toHaveAttribute('novalidate', '');
    await field(page, 'firstName').fill('Amara');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const alert = form.getByRole('alert');
    await expect(alert).toHaveText(MISSING);
    await expect(field(page, 'lastName')).toBeFocused();
    const alertId = await alert.getAttribute('id');
    for (const name of ['lastName', 'email']) {
      await expect(field(page, name)).toHaveAttribute('aria-invalid', 'true');
      await expect(field(page, name)).toHaveAttribute('aria-describedby', alertId ?? 'missing id');
    }
    await expect(field(page, 'firstName')).not.toHaveAttribute('aria-invalid', /.*/);
    await expectNoAxeViolations(page);

    await field(page, 'lastName').fill('Okafor');
    await field(page, 'email').fill('amara@example');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(alert).toHaveText(INVALID_EMAIL);
    await expect(field(page, 'email')).toBeFocused();
    await expect(field(page, 'email')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'lastName')).not.toHaveAttribute('aria-invalid', /.*/);
  });

  test('a buyer whose browser fills the form in one go and sends it 1.5 s after the page loaded is an ordinary lead', async ({ page }) => {
    const email = `${unique('autofill')}@example.com`;
    try {
      await page.goto('/contact-us');
      const form = page.locator('#contact-form');
      await hydrated(form);
      const shown = Date.now();
      // What autofill does, then Send 1.5 s after the form came up: well inside the 3 s the old guard
      // dropped, and a pace a person with autofill keeps (under a second only a script sends).
      for (const [name, value] of Object.entries({ firstName: 'Amara', lastName: 'Okafor', email, phoneNumber: '+234 803 000 0000' })) {
        await field(page, name).fill(value);
      }
      await page.waitForTimeout(Math.max(0, 1500 - (Date.now() - shown)));
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(form.getByRole('status')).toHaveText('Your message has been sent successfully!');
      await expect.poll(() => storedMessages(email)[0]?.status).toBe('private');
      expect(storedMessages(email)[0]?.meta._message_spam_reasons).toBeUndefined();
    } finally {
      deleteStoredMessages([email]);
    }
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the server gives the same message and marks the same fields', async ({ page, browserErrors }) => {
      browserErrors.expect(/status of 400 \(Bad Request\) \(\S+\/contact-us/); // the refused post: the browser logs it
      await page.goto('/contact-us');
      await field(page, 'lastName').fill('Okafor');
      await page.locator('#contact-form').getByRole('button', { name: 'Send Message' }).click();
      await expect(page.locator('#contact-form').getByRole('alert')).toHaveText(MISSING);
      for (const name of ['firstName', 'email']) await expect(field(page, name)).toHaveAttribute('aria-invalid', 'true');
      await expect(field(page, 'lastName')).toHaveValue('Okafor');
      await expect(field(page, 'lastName')).not.toHaveAttribute('aria-invalid', /.*/);
    });
  });
});

test.describe('scroll on route change', () => {
  /** The scroll positions, frame by frame, from clicking a footer link far down the page until the top. */
  async function scrollTrace(page: Page): Promise<number[]> {
    await page.goto('/about-us');
    const link = page.locator('footer a[href="/privacy-policy"]').first();
    await hydrated(link);
    await link.scrollIntoViewIfNeeded();
    await page.evaluate(() => {
      const w = window as unknown as { ys: number[] };
      w.ys = [];
      const t0 = performance.now();
      const sample = () => {
        w.ys.push(Math.round(window.scrollY));
        if (performance.now() - t0 < 8000) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await link.click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 8000 }).toBe(0);
    return page.evaluate(() => (window as unknown as { ys: number[] }).ys);
  }

  test('glides to the top', async ({ page }) => {
    const ys = await scrollTrace(page);
    const start = ys[0] ?? 0;
    expect(start).toBeGreaterThan(500);
    // Positions between where the visitor was and the top: a smooth scroll, not a jump.
    expect(ys.filter((y) => y > 0 && y < start * 0.9).length).toBeGreaterThan(2);
  });

  test('jumps at once for visitors who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const ys = await scrollTrace(page);
    const start = ys[0] ?? 0;
    expect(start).toBeGreaterThan(500);
    expect(ys.filter((y) => y > 0 && y < start * 0.9)).toEqual([]);
  });
});

// The seeded catalogue has 31 SUVs (no test adds or removes one): three pages of 12. Their cheapest
// prices run 19,900, 21,300, 21,900, 22,800: a bound of 21,400 / 21,700 only finds 21,300 and 21,900
// once snapped to 21,000 / 22,000.
for (const javaScriptEnabled of [true, false]) {
  test.describe(`explore addresses, ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test('a page past the end redirects to the last page', async ({ page }) => {
      await page.goto('/explore-cars?bodyType=SUV&page=7');
      await expect(page).toHaveURL(/\/explore-cars\?bodyType=SUV&page=3$/);
      await expect(page.getByRole('navigation', { name: /pagination/i }).locator('[aria-current="page"]')).toHaveText('3');
      await expect(page.locator('[data-testid="car-card"]')).toHaveCount(7);
      await expect(page.getByText('No Cars Found')).toHaveCount(0);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /page=3$/);

      await page.goto(`/explore-cars?${new URLSearchParams({ search: unique('nothing'), page: '4' })}`);
      await expect(page).not.toHaveURL(/page=/);
      await expect(page.getByText('No Cars Found')).toBeVisible();
    });

    test('prices in the address snap to 1,000 for the chip, the slider and the results', async ({ page }) => {
      await page.goto('/explore-cars?bodyType=SUV&minPrice=21400&maxPrice=21700&sortBy=price&sortOrder=asc');
      await expect(page).toHaveURL(/minPrice=21000&maxPrice=22000/);
      await expect(page.getByRole('list', { name: 'Active filters' }).getByRole('listitem')).toHaveText([
        /Body Type: SUV/,
        /Price: \$21,000 – \$22,000/,
      ]);
      await expect(page.getByLabel('Minimum price').first()).toHaveValue('21000');
      await expect(page.getByLabel('Maximum price').first()).toHaveValue('22000');
      await expect(page.locator('[data-testid="car-card"] [data-testid="car-price"]')).toHaveText(['$21,300', '$21,900']);
    });
  });
}

test('English and USD are in the header at every width', bothWidths, async ({ page }) => {
  await page.goto('/');
  const labels = page.getByRole('banner').getByRole('list', { name: 'Language and currency' });
  await expect(labels.getByText('English', { exact: true })).toBeVisible();
  await expect(labels.getByText('USD', { exact: true })).toBeVisible();
  // Nothing pushes the phone's page wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(page);
});
