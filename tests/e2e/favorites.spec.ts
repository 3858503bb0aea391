// Favourites end to end: the heart on a card and its badge, /favorites in its states, the rollback
// when WordPress refuses or the network fails, the signed-out heart (sign-in dialog, then the merge),
// and the same flows with JavaScript off.
import type { Locator, Page } from '@playwright/test';
import { gate, test, type TestCar } from './support/cars';
import { expect, expectNoAxeViolations, bothWidths } from './support/fixtures';
import { favoritesBadge, hydrated, signedInUser, signInByRequest, signInDialog, signInWithDialog, submitSignIn } from './support/session';
import { rest, updateCar } from '../integration/support/wordpress';

/** The explore page narrowed to the test's car, and that car's card. */
async function openCard(page: Page, car: TestCar): Promise<Locator> {
  await page.goto(`/explore-cars?${new URLSearchParams({ search: car.title })}`);
  const card = page.locator(`[data-testid="car-card"][data-car-id="${car.id}"]`);
  await expect(card).toBeVisible();
  return card;
}

function heartOf(card: Locator): Locator {
  return card.getByTestId('favorite-button');
}

/** The painted fill of a heart's icon: "none" for an outline, a colour when filled. */
function heartFill(heart: Locator): Promise<string> {
  return heart.locator('svg').evaluate((svg) => getComputedStyle(svg).fill);
}

/** The header's Favorites link that is on screen (desktop navigation or the compact mobile header). */
function favoritesLink(page: Page): Locator {
  return page
    .getByRole('banner')
    .getByRole('link', { name: /^Favorites/ })
    .filter({ visible: true });
}

async function addFavoriteByApi(token: string, carId: number): Promise<void> {
  const res = await rest('/car-export/v1/favorites', { method: 'POST', token, body: { carId, action: 'add' } });
  expect(res.status).toBe(200);
}

test.describe('with JavaScript', () => {
  test('heart on a card → badge → /favorites lists it → remove → empty state', bothWidths, async ({ page, account, car }) => {
    await signInByRequest(page, account.username, account.password);
    const card = await openCard(page, car);
    const heart = heartOf(card);
    await hydrated(heart);
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expect(heart).toHaveAccessibleName('Add to favorites');
    expect(await heartFill(heart)).toBe('none');
    await expect(favoritesBadge(page)).toHaveCount(0);

    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(heart).toHaveAccessibleName('Remove from favorites');
    // Saved reads as a filled heart (red), not only as another colour of the outline.
    await expect.poll(() => heartFill(heart)).toBe('rgb(239, 68, 68)');
    await expect(favoritesBadge(page)).toHaveText('1');

    await favoritesLink(page).click();
    await expect(page).toHaveURL(/\/favorites$/);
    await expect(page).toHaveTitle(/My Favorites/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible();
    await expect(page.getByTestId('favorites-summary')).toHaveText('You have 1 favorite car');
    const listed = page.locator(`[data-testid="car-card"][data-car-id="${car.id}"]`);
    await expect(listed.getByRole('heading', { name: car.title })).toBeVisible();
    await expect(listed.getByTestId('car-price')).toHaveText('$45,000');
    await expect(listed).toContainText('2023 · BYD Seal');
    await expect(listed).toContainText('12,000 mi');
    await expect(listed.getByRole('link', { name: /View Details/ })).toHaveAttribute('href', `/car/${car.id}`);
    await expectNoAxeViolations(page);

    const remove = heartOf(listed);
    await hydrated(remove);
    await remove.click();
    // Removal drops the card at once, and the page says so.
    await expect(listed).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
    await expect(page.getByText('Start exploring our car collection and add vehicles you love to your favorites.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Explore Cars' })).toHaveAttribute('href', '/explore-cars');
    await expect(favoritesBadge(page)).toHaveCount(0);
    await expectNoAxeViolations(page);

    // WordPress has it too.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
    await expect(page.getByTestId('favorites-summary')).toHaveText('No favorite cars yet');
  });

  test('a heart, then Favorites at once: the list and badge show the new favourite', bothWidths, async ({ page, account, car }) => {
    await signInByRequest(page, account.username, account.password);
    const card = await openCard(page, car);
    const heart = heartOf(card);
    await hydrated(heart);

    // Hold the session reload that follows the toggle, so the visitor's click on Favorites cuts it short.
    const held = gate();
    let reloadSeen!: () => void;
    const reloadStarted = new Promise<void>((resolve) => (reloadSeen = resolve));
    let reloads = 0;
    await page.route(/_data=root/, async (route) => {
      if (++reloads > 1) return route.continue();
      reloadSeen();
      await held.opened;
      await route.continue().catch(() => {}); // the navigation may have cancelled it meanwhile
    });
    await heart.click();
    await reloadStarted;
    await favoritesLink(page).click();
    await expect(page).toHaveURL(/\/favorites$/);
    held.open();

    await expect(page.getByTestId('favorites-summary')).toHaveText('You have 1 favorite car');
    await expect(page.locator(`[data-testid="car-card"][data-car-id="${car.id}"]`)).toBeVisible();
    await expect(favoritesBadge(page)).toHaveText('1');
  });

  test(
    'rolled back with the message when WordPress refuses (car unpublished meanwhile)',
    bothWidths,
    async ({ page, account, car, browserErrors }) => {
      browserErrors.expect(/status of 404 \(Not Found\) \(\S+\/resources\/favorites/); // WordPress refuses the unpublished car: the browser logs the failed request
      await signInByRequest(page, account.username, account.password);
      const card = await openCard(page, car);
      const heart = heartOf(card);
      await hydrated(heart);

      // Staff unpublish the car after the page loaded: WordPress now refuses to add it.
      await updateCar(car.id, { status: 'draft' });

      const hold = gate();
      await page.route('**/resources/favorites', async (route) => {
        await hold.opened;
        await route.continue();
      });
      await heart.click();
      // Optimistic while the request is out...
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
      await expect(favoritesBadge(page)).toHaveText('1');
      hold.open();
      // ...then back, with WordPress's reason.
      await expect(page.getByRole('alert').filter({ hasText: 'The requested car could not be found.' })).toBeVisible();
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      await expect(favoritesBadge(page)).toHaveCount(0);

      await page.goto('/favorites');
      await expect(page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
    },
  );

  test(
    'a removal that fails on the network comes back, with the network message',
    bothWidths,
    async ({ page, account, car, browserErrors }) => {
      browserErrors.expect(/ERR_INTERNET_DISCONNECTED \(\S+\/resources\/favorites/); // the test cuts the connection: the browser logs the failed request
      await addFavoriteByApi(account.token, car.id);
      await signInByRequest(page, account.username, account.password);
      await page.goto('/favorites');
      const listed = page.locator(`[data-testid="car-card"][data-car-id="${car.id}"]`);
      await expect(listed).toBeVisible();
      await expect(favoritesBadge(page)).toHaveText('1');
      const heart = heartOf(listed);
      await hydrated(heart);

      const hold = gate();
      await page.route('**/resources/favorites', async (route) => {
        await hold.opened;
        await route.abort('internetdisconnected');
      });
      await heart.click();
      await expect(listed).toHaveCount(0);
      hold.open();
      await expect(page.getByRole('alert').filter({ hasText: 'Network error while updating favorites' })).toBeVisible();
      await expect(listed).toBeVisible();
      await expect(heartOf(listed)).toHaveAttribute('aria-pressed', 'true');
      await expect(favoritesBadge(page)).toHaveText('1');
      await expect(page.getByTestId('favorites-summary')).toHaveText('You have 1 favorite car');
    },
  );

  test(
    'signed out, the heart opens the sign-in dialog; after signing in the car is a favourite',
    bothWidths,
    async ({ page, account, car }) => {
      const card = await openCard(page, car);
      const heart = heartOf(card);
      await hydrated(heart);
      await heart.click();
      // Not applied while signed out: the dialog opens and the heart stays empty.
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      await signInWithDialog(page, account.username, account.password, account.username);

      // The tapped car is added with the sign-in, then the badge and hearts show it.
      await expect(favoritesBadge(page)).toHaveText('1');
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
      expect(await page.evaluate(() => localStorage.getItem('guestFavorites'))).toBeNull();
      await favoritesLink(page).click();
      await expect(page.locator(`[data-testid="car-card"][data-car-id="${car.id}"]`)).toBeVisible();
      await expect(page.getByText('Sign in to save your favorites')).toHaveCount(0);
    },
  );

  test('signed out, a heart kept on this device by an earlier version removes it there, without asking to sign in', async ({
    page,
    car,
  }) => {
    await page.addInitScript((id) => {
      // Only on the first load: the test then checks what the page itself left in storage.
      if (!sessionStorage.getItem('seeded')) localStorage.setItem('guestFavorites', JSON.stringify([id, 999999]));
      sessionStorage.setItem('seeded', '1');
    }, car.id);
    const card = await openCard(page, car);
    const heart = heartOf(card);
    await hydrated(heart);
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(heart).toHaveAccessibleName('Remove from favorites');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expect(heart).toHaveAccessibleName('Add to favorites');
    await expect(signInDialog(page)).toHaveCount(0);
    // Only that car left the list; after a reload the heart stays empty.
    expect(await page.evaluate(() => localStorage.getItem('guestFavorites'))).toBe('[999999]');
    await page.reload();
    await hydrated(heartOf(card));
    await expect(heartOf(card)).toHaveAttribute('aria-pressed', 'false');
  });

  test(
    'signed out, /favorites shows loading (never "No favorites yet"), then the cars kept on this device and the banner',
    bothWidths,
    async ({ page, car }) => {
      // Whether the empty state was ever on screen, from the first parsed element on.
      await page.addInitScript(() => {
        const w = window as unknown as { sawEmpty: boolean };
        w.sawEmpty = false;
        const check = () => {
          for (const h of document.querySelectorAll('h2'))
            if (h.textContent === 'No favorites yet' && h.getClientRects().length > 0) w.sawEmpty = true;
        };
        new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
      });
      // Kept on this device by an earlier visit (a signed-out tap no longer adds to it).
      await page.addInitScript((id) => localStorage.setItem('guestFavorites', JSON.stringify([id])), car.id);

      // Hold the guest cards' request to see the loading state.
      const hold = gate();
      await page.route(/\/favorites\?.*ids=/, async (route) => {
        await hold.opened;
        await route.continue();
      });
      await page.goto('/favorites');
      await expect(page.getByText('Loading your favorites...')).toBeVisible();
      // The banner waits for the favourites it is about.
      await expect(page.getByRole('heading', { name: 'Sign in to save your favorites' })).toHaveCount(0);
      hold.open();
      const listed = page.locator(`[data-testid="car-card"][data-car-id="${car.id}"]`);
      await expect(listed).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Sign in to save your favorites' })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { sawEmpty: boolean }).sawEmpty)).toBe(false);
      await expect(page.getByTestId('favorites-summary')).toHaveText('You have 1 favorite car');
      await expectNoAxeViolations(page);

      const banner = page.getByRole('link', { name: 'Sign In / Register' });
      await expect(banner).toHaveAttribute('href', '/login?redirectTo=%2Ffavorites');
      await hydrated(banner);
      await banner.click();
      await expect(signInDialog(page)).toBeVisible();
    },
  );
  test('after signing out, /favorites asks to sign in beside "No favorites yet"', async ({ page, account }) => {
    await signInByRequest(page, account.username, account.password);
    await page.goto('/favorites');
    await expect(page.getByTestId('favorites-summary')).toHaveText('No favorite cars yet');
    await expect(page.getByRole('heading', { name: 'Sign in to save your favorites' })).toHaveCount(0);
    const logout = await page.request.post('/logout', { form: { redirectTo: '/favorites' }, maxRedirects: 0 });
    expect(logout.status()).toBe(302);
    await page.goto('/favorites');
    await expect(page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in to save your favorites' })).toBeVisible();
  });

  test('a failed load of the cars kept on this device has Try Again, which loads them', async ({ page, car, browserErrors }) => {
    browserErrors.expect(/status of 503 \(Service Unavailable\) \(\S+\/favorites\?ids=/); // the failed load the test makes
    await page.addInitScript((id) => localStorage.setItem('guestFavorites', JSON.stringify([id])), car.id);
    let failures = 1;
    await page.route(/\/favorites\?.*ids=/, async (route) => {
      if (failures-- > 0) {
        // As the loader answers when WordPress fails.
        await route.fulfill({ status: 503, json: { signedIn: false, favorites: [], error: 'Failed to load favorites' } });
        return;
      }
      await route.continue();
    });
    await page.goto('/favorites');
    const failed = page.getByRole('alert').filter({ hasText: 'Failed to load favorites' });
    await expect(failed).toBeVisible();
    const retry = page.getByRole('button', { name: 'Try Again' });
    await hydrated(retry);
    await retry.click();
    await expect(page.locator(`[data-testid="car-card"][data-car-id="${car.id}"]`)).toBeVisible();
    await expect(failed).toHaveCount(0);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the heart posts a real form; the favourite persists and can be removed', bothWidths, async ({ page, account, car }) => {
    await signInByRequest(page, account.username, account.password);
    const card = await openCard(page, car);
    await heartOf(card).click();
    // The action redirects back to the same list.
    await expect(page).toHaveURL(/\/explore-cars\?search=/);
    await expect(heartOf(card)).toHaveAttribute('aria-pressed', 'true');
    await expect(favoritesBadge(page)).toHaveText('1');

    await page.goto('/favorites');
    const listed = page.locator(`[data-testid="car-card"][data-car-id="${car.id}"]`);
    await expect(listed).toBeVisible();
    await expect(page.getByTestId('favorites-summary')).toHaveText('You have 1 favorite car');
    await heartOf(listed).click();
    await expect(page).toHaveURL(/\/favorites$/);
    await expect(page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
    await expect(favoritesBadge(page)).toHaveCount(0);
  });

  test('signed out, the heart goes to /login and back to the list', bothWidths, async ({ page, account, car }) => {
    await openCard(page, car);
    const listUrl = page.url();
    await heartOf(page.locator(`[data-testid="car-card"][data-car-id="${car.id}"]`)).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fexplore-cars%3Fsearch%3D/);
    await submitSignIn(page.getByRole('main'), account.username, account.password);
    await expect(page).toHaveURL(listUrl);
    await expect(signedInUser(page)).toContainText(account.username);
  });

  test('signed out, /favorites is empty with the sign-in banner; signing in returns to it', async ({ page, account }) => {
    const response = await page.goto('/favorites');
    // Per-visitor content: no shared cache may keep it.
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in to save your favorites' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In / Register' })).toHaveAttribute('href', '/login?redirectTo=%2Ffavorites');
    // Valid HTML: the no-script rule that hides the loading state is a <style> of the head, none in the body.
    const html = await (await page.request.get('/favorites')).text();
    expect(html.slice(0, html.indexOf('<body'))).toContain('<noscript><style>[data-needs-script]{display:none}</style></noscript>');
    expect(html.slice(html.indexOf('<body'))).not.toContain('<style');
    await page.goto('/login?redirectTo=%2Ffavorites');
    await submitSignIn(page.getByRole('main'), account.username, account.password);
    await expect(page).toHaveURL(/\/favorites$/);
    await expect(page.getByText('Sign in to save your favorites')).toHaveCount(0);
    await expect(page.getByTestId('favorites-summary')).toHaveText('No favorite cars yet');
  });
});
