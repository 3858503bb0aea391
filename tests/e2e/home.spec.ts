// The home page (its sections, error and empty states, and limits) against the seeded
// WordPress, at 1280 and 390 px, with and without JavaScript.
import type { Page, Request } from '@playwright/test';
import { gqlData } from '../integration/support/wordpress';
import { expect, expectNoAxeViolations, isMobile, test, bothWidths } from './support/fixtures';

const hero = (page: Page) => page.getByTestId('hero');
const dots = (page: Page) => hero(page).getByTestId('hero-dot').locator('visible=true');
const featuredItems = (page: Page) => page.getByTestId('featured-item');

/** The index of the dot marked current. */
async function currentDot(page: Page): Promise<number> {
  const states = await dots(page).evaluateAll((els) => els.map((el) => el.getAttribute('aria-current')));
  return states.indexOf('true');
}

/** How many featured cars WordPress has, up to 7 (the page asks for 7 to know whether more than 6 exist). */
async function featuredCount(): Promise<number> {
  const data = await gqlData<{ featuredCars: { databaseId: number }[] }>('query($n: Int!) { featuredCars(limit: $n) { databaseId } }', {
    n: 7,
  });
  return data.featuredCars.length;
}

test.describe('home', () => {
  test('server-renders the page with title, cache headers and Organization data', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('public, max-age=60, s-maxage=120, stale-while-revalidate=300');
    await expect(page).toHaveTitle('Car Export | Cars from China, exported worldwide');
    await expect(page.getByRole('heading', { level: 1, name: 'Cars from China, exported worldwide' })).toBeVisible();
    await expect(hero(page)).toContainText('shipped to buyers and dealers in more than 40 countries.');
    await expect(hero(page).getByRole('link', { name: 'Explore Cars' })).toHaveAttribute('href', '/explore-cars');

    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Car Export' });
    expect(ld.url).toMatch(/^https?:\/\/.+\/$/);
    expect(ld.contactPoint[0].telephone).toMatch(/\d/);
    expect(ld.address['@type']).toBe('PostalAddress');
  });

  test('hero: two slides, the first eager and high priority, the second lazy', async ({ page }) => {
    await page.goto('/');
    const slides = hero(page).getByTestId('hero-slide');
    await expect(slides).toHaveCount(2);
    const first = slides.nth(0).locator('img');
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(first).toHaveAttribute('srcset', /960w.*1920w/);
    await expect(slides.nth(1).locator('img')).toHaveAttribute('loading', 'lazy');
    await expect(slides.nth(0).locator('source[type="image/webp"]')).toHaveCount(1);
  });

  test('hero: advances by itself every 1600 ms', async ({ page }) => {
    await page.goto('/');
    await expect(dots(page)).toHaveCount(2);
    const slides = hero(page).getByTestId('hero-slide');
    // First slide to second and round to the first again, one dot current all the while and the
    // slide out of view hidden from assistive technology.
    for (const [shown, hidden] of [
      [0, 1],
      [1, 0],
      [0, 1],
    ] as const) {
      await expect.poll(() => currentDot(page), { timeout: 6000 }).toBe(shown);
      await expect(slides.nth(hidden)).toHaveAttribute('aria-hidden', 'true');
    }
  });

  test('hero: arrows, dots and the arrow keys move it; Pause stops it', async ({ page }) => {
    await page.goto('/');
    await expect(dots(page)).toHaveCount(2);
    await hero(page).getByRole('button', { name: 'Pause slide rotation' }).click();
    await expect(hero(page).getByRole('button', { name: 'Start slide rotation' })).toBeVisible();

    const start = await currentDot(page);
    const other = 1 - start;
    await hero(page).getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(() => currentDot(page)).toBe(other);
    await hero(page).getByRole('button', { name: 'Previous slide' }).click();
    await expect.poll(() => currentDot(page)).toBe(start);
    await dots(page).nth(other).click();
    await expect.poll(() => currentDot(page)).toBe(other);
    // The hidden slide is hidden from assistive technology too.
    await expect(hero(page).getByTestId('hero-slide').nth(start)).toHaveAttribute('aria-hidden', 'true');

    // Keyboard: focus a control, then the arrow keys.
    await hero(page).getByRole('button', { name: 'Next slide' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentDot(page)).toBe(start);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => currentDot(page)).toBe(other);
  });

  test('hero: no rotation by default for visitors who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(hero(page).getByRole('button', { name: 'Start slide rotation' })).toBeVisible();
  });

  test('filter bar: searches the catalogue with the chosen parameters only', async ({ page }) => {
    await page.goto('/');
    const form = page.getByTestId('home-filter-form');
    const body = form.getByLabel('Body type');
    const fuel = form.getByLabel('Fuel type');
    await expect(body.locator('option').first()).toHaveText('All body types');
    await expect(form.getByLabel('Brand').locator('option').first()).toHaveText('All brands');
    await expect(fuel.locator('option').first()).toHaveText('All fuel types');
    await expect(form.getByLabel('Transmission').locator('option').first()).toHaveText('All transmissions');
    await expect(fuel.locator('option[value="premium-petrol"]')).toHaveText('Premium Petrol');

    await body.selectOption('SUV');
    await fuel.selectOption('electric');
    await form.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === '/explore-cars');
    const url = new URL(page.url());
    expect([...url.searchParams.keys()].sort()).toEqual(['bodyType', 'fuelType']);
    expect(url.searchParams.get('bodyType')).toBe('SUV');
    expect(url.searchParams.get('fuelType')).toBe('electric');
  });

  test('filter bar: nothing chosen goes to the whole catalogue', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('home-filter-form').getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === '/explore-cars');
    expect(new URL(page.url()).search).toBe('');
  });

  test('featured cars: 4 on desktop; up to 6 in a row on mobile with Show All Cars when more', bothWidths, async ({ page }) => {
    const total = await featuredCount();
    expect(total, 'the seeded catalogue has featured cars').toBeGreaterThan(0);
    await page.goto('/');
    const visible = featuredItems(page).locator('visible=true');
    const showAll = page.getByRole('link', { name: /Show All Cars/ });

    if (!isMobile(page)) {
      await expect(visible).toHaveCount(Math.min(4, total));
      await expect(showAll).toBeHidden();
      const boxes = await visible.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
      expect(new Set(boxes.map(Math.round)).size).toBe(1); // one row of four
      return;
    }

    await expect(visible).toHaveCount(Math.min(6, total));
    const list = page.getByTestId('featured-list');
    const scrolls = await list.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).overflowX === 'auto');
    expect(scrolls).toBe(true);
    if (total > 6) {
      await expect(showAll).toHaveAttribute('href', '/explore-cars');
      await showAll.scrollIntoViewIfNeeded();
      await expect(showAll).toBeVisible();
    } else {
      await expect(showAll).toHaveCount(0);
    }
    // The row scrolls sideways, not the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('featured cards open the car page with the way back to home', async ({ page }) => {
    await page.goto('/');
    const card = featuredItems(page).locator('visible=true').first();
    await expect(card.getByRole('link', { name: /View Details/ })).toHaveAttribute('href', /^\/car\/\d+\?from=%2F$/);
  });

  test('browse by body: six tiles linking to the explore page', async ({ page }) => {
    await page.goto('/');
    const section = page.getByTestId('body-types');
    await expect(section.getByRole('heading', { name: 'Browse by Body' })).toBeVisible();
    const expected: [string, string][] = [
      ['SUV', '/explore-cars?bodyType=SUV'],
      ['Sedan', '/explore-cars?bodyType=Sedan'],
      ['Hatchback', '/explore-cars?bodyType=Hatchback'],
      ['Minivan', '/explore-cars?bodyType=Minivan'],
      ['Pickup', '/explore-cars?bodyType=Pickup'],
      ['Sports Car', '/explore-cars?bodyType=Sports%20Car'],
    ];
    const tiles = section.getByTestId('body-type-tile');
    await expect(tiles).toHaveCount(6);
    for (const [i, [name, href]] of expected.entries()) {
      await expect(tiles.nth(i)).toHaveText(name);
      await expect(tiles.nth(i)).toHaveAttribute('href', href);
    }
    // Each tile draws its silhouette from the sprite (a broken sprite would leave empty tiles).
    await section.scrollIntoViewIfNeeded();
    for (let i = 0; i < 6; i++) {
      await expect
        .poll(() =>
          tiles
            .nth(i)
            .locator('svg use')
            .evaluate((u) => (u as SVGUseElement).getBBox().width),
        )
        .toBeGreaterThan(100);
    }
    await section.getByRole('link', { name: 'Sports Car' }).click();
    await page.waitForURL((url) => url.pathname === '/explore-cars' && url.searchParams.get('bodyType') === 'Sports Car');
  });

  test('why choose: the four points', async ({ page }) => {
    await page.goto('/');
    const section = page.getByTestId('why-choose');
    await expect(section.getByRole('heading', { level: 3 })).toHaveText([
      'Stable Vehicle Supply',
      'Competitive Pricing',
      'Customized Configuration',
      'Safe & Compliant Export',
    ]);
  });

  test('videos: no video bytes before a click; one plays at a time, the first muted', async ({ page }) => {
    const videoRequests: string[] = [];
    page.on('request', (request: Request) => {
      if (/\.(mp4|webm|mov|m4v)(\?|$)/i.test(request.url()) || request.resourceType() === 'media') videoRequests.push(request.url());
    });
    await page.goto('/');
    const section = page.getByTestId('videos');
    // The section hydrates after the rest of the page (its code loads lazily); wait until it has.
    await expect(section).toHaveAttribute('data-hydrated', 'true');
    const cards = section.getByTestId('home-video');
    await expect(cards).toHaveCount(4);
    await section.scrollIntoViewIfNeeded();
    // Posters, titles and durations, but no player yet.
    await expect(cards.first().locator('img')).toBeVisible();
    await expect(cards.first().getByText(/^\d+:\d{2}$/)).toBeVisible();
    await expect(section.locator('video')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(videoRequests).toEqual([]);

    const firstButton = cards.nth(0).getByRole('button', { name: /^Play video: / });
    await firstButton.click();
    const first = cards.nth(0).locator('video');
    await expect(first).toHaveCount(1);
    await expect(first).toHaveAttribute('controls', '');
    await expect.poll(() => first.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await expect.poll(() => first.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0), { timeout: 15_000 }).toBe(true);
    expect(videoRequests.length).toBeGreaterThan(0);

    await cards
      .nth(1)
      .getByRole('button', { name: /^Play video: / })
      .click();
    const second = cards.nth(1).locator('video');
    await expect(second).toHaveCount(1);
    // The first stopped (its player is gone), only one video plays.
    await expect(first).toHaveCount(0);
    await expect(section.locator('video')).toHaveCount(1);
    await expect.poll(() => second.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
    await expect.poll(() => second.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  });

  test('videos: the play buttons are keyboard operable', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('videos')).toHaveAttribute('data-hydrated', 'true');
    const button = page
      .getByTestId('videos')
      .getByRole('button', { name: /^Play video: / })
      .first();
    await button.focus();
    await page.keyboard.press('Enter');
    const video = page.getByTestId('videos').locator('video');
    await expect(video).toHaveCount(1);
    await expect(video).toBeFocused();
  });

  test('has no accessibility violations', bothWidths, async ({ page }) => {
    await page.goto('/');
    await expect(dots(page)).toHaveCount(2);
    // Stop the banner so axe sees a settled page.
    await hero(page).getByRole('button', { name: 'Pause slide rotation' }).click();
    await expectNoAxeViolations(page);
  });
});

test.describe('home without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('renders the hero, the featured cards and the sections on the server', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Cars from China, exported worldwide' })).toBeVisible();
    // The first banner shows; the controls that need JavaScript stay out of the way.
    await expect(hero(page).getByTestId('hero-slide').first().locator('img')).toBeVisible();
    await expect(hero(page).getByRole('button', { name: 'Next slide' })).toHaveCount(0);
    const total = await featuredCount();
    if (total > 0) await expect(featuredItems(page).locator('visible=true').first().getByTestId('car-card')).toBeVisible();
    await expect(page.getByTestId('body-type-tile')).toHaveCount(6);
    await expect(page.getByTestId('home-video')).toHaveCount(4);
  });

  test('the filter form still searches the catalogue', async ({ page }) => {
    await page.goto('/');
    const form = page.getByTestId('home-filter-form');
    await form.getByLabel('Body type').selectOption('SUV');
    await form.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === '/explore-cars');
    // Without JavaScript the empty selects travel too; the explore page ignores them.
    expect(new URL(page.url()).searchParams.get('bodyType')).toBe('SUV');
  });

  // No axe run here: axe itself is JavaScript injected into the page. The markup is the same one
  // the JavaScript run checks before hydration changes anything but the slider controls.
});
