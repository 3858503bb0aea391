// Photos as a phone and a desktop get them: every WordPress photo offers WebP sizes through srcset
// with a sizes attribute that matches its box, the browser picks a file sharp enough for the box
// (and not the original upload), boxes keep their shape while photos load (width and height), and
// the page's largest photo is fetched at once at high priority while the others wait until needed.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/** Each srcset candidate: a WebP file with a width descriptor. */
async function expectWebpSrcset(img: Locator): Promise<void> {
  const srcset = (await img.getAttribute('srcset')) ?? '';
  const candidates = srcset.split(',').map((c) => c.trim());
  expect(candidates.length, srcset).toBeGreaterThan(1);
  for (const c of candidates) expect(c, srcset).toMatch(/\.webp \d+w$/);
  expect(await img.getAttribute('sizes')).toBeTruthy();
  expect(Number(await img.getAttribute('width'))).toBeGreaterThan(0);
  expect(Number(await img.getAttribute('height'))).toBeGreaterThan(0);
}

/** The file the browser chose is a WebP size at least as wide as the box's device pixels (capped by the largest size). */
async function expectSharpWebp(img: Locator): Promise<void> {
  await img.scrollIntoViewIfNeeded();
  await expect(img).toHaveJSProperty('complete', true);
  // naturalWidth of a srcset image is scaled by its density, so the chosen file's own width is read
  // from its srcset descriptor.
  const shown = await img.evaluate((el: HTMLImageElement) => {
    const candidates = el.srcset.split(',').map((c) => c.trim().split(' '));
    const width = (url: string) => Number(candidates.find(([u]) => new URL(u!, location.href).href === url)?.[1]?.replace('w', '') ?? 0);
    return {
      // With width descriptors, naturalWidth is the slot width the sizes attribute gave.
      slot: el.naturalWidth,
      box: Math.round(el.getBoundingClientRect().width),
      src: el.currentSrc,
      chosen: width(el.currentSrc),
      needed: Math.round(el.getBoundingClientRect().width * window.devicePixelRatio),
      largest: Math.max(...candidates.map((c) => Number(c[1]!.replace('w', '')))),
    };
  });
  expect(shown.src).toMatch(/\.webp$/);
  expect(shown.chosen, JSON.stringify(shown)).toBeGreaterThanOrEqual(Math.min(shown.needed, shown.largest) * 0.8);
  // The sizes attribute describes the box: never much smaller (blurry), at most a third larger (heavy).
  expect(shown.slot, JSON.stringify(shown)).toBeGreaterThanOrEqual(shown.box * 0.9);
  expect(shown.slot, JSON.stringify(shown)).toBeLessThanOrEqual(shown.box * 1.34);
}

async function firstCardImage(page: Page): Promise<Locator> {
  const img = page.getByTestId('car-card').first().locator('img').first();
  await expect(img).toBeAttached();
  return img;
}

test('explore: card photos offer WebP sizes, the first cards load at once at high priority, later ones lazily', async ({ page }) => {
  await page.goto('/explore-cars');
  const first = await firstCardImage(page);
  await expectWebpSrcset(first);
  await expect(first).toHaveAttribute('loading', 'eager');
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expectSharpWebp(first);
  const later = page.getByTestId('car-card').nth(5).locator('img').first();
  await expect(later).toHaveAttribute('loading', 'lazy');
  await expectWebpSrcset(later);
});

test('home: the banner (largest paint) is preloaded at high priority and never lazy; featured cards offer WebP sizes', async ({ page }) => {
  await page.goto('/');
  const preload = page.locator('head link[rel="preload"][as="image"]');
  await expect(preload).toHaveAttribute('fetchpriority', 'high');
  await expect(preload).toHaveAttribute('imagesrcset', /\.webp 960w/);
  const banner = page.getByTestId('hero-slide').first().locator('img');
  await expect(banner).toHaveAttribute('loading', 'eager');
  await expect(banner).toHaveAttribute('fetchpriority', 'high');

  const card = page.getByTestId('featured').getByTestId('car-card').first().locator('img').first();
  await expectWebpSrcset(card);
  await expectSharpWebp(card);
});

test('car page: the first photo is the WebP preload, eager at high priority, sharp for its box', async ({ page }) => {
  const res = await page.request.get('/api/search/cars?limit=1');
  const id = ((await res.json()) as { cars: { id: number }[] }).cars[0]!.id;
  await page.goto(`/car/${id}`);
  const photo = page.getByTestId('gallery-image');
  await expectWebpSrcset(photo);
  await expect(photo).toHaveAttribute('loading', 'eager');
  await expect(photo).toHaveAttribute('fetchpriority', 'high');
  // The preload offers the same candidates, so the browser fetches the photo once.
  const preload = page.locator('head link[rel="preload"][as="image"]');
  await expect(preload).toHaveAttribute('imagesrcset', (await photo.getAttribute('srcset'))!);
  await expect(preload).toHaveAttribute('imagesizes', (await photo.getAttribute('sizes'))!);
  await expectSharpWebp(photo);
  // Similar cars below: their cards' photos are sized for that grid, not the explore page's.
  await expectSharpWebp(page.getByTestId('similar-cars').getByTestId('car-card').first().locator('img').first());
  // The thumbnails are the small square WebP crop.
  await expect(page.getByTestId('gallery-thumb').first().locator('img')).toHaveAttribute('src', /-300x300\.webp$/);
});

test('news: card photos offer WebP sizes for their column', async ({ page }) => {
  await page.goto('/news');
  const photo = page.getByTestId('news-card').first().locator('img');
  await expectWebpSrcset(photo);
  await expectSharpWebp(photo);
});
