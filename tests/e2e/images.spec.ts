// Photos as a phone and a desktop get them: every WordPress photo offers WebP sizes through srcset
// with a sizes attribute that matches its box, and, where WordPress made AVIF copies (WordPress 6.8
// on the local stack's PHP 8.4 does), the same sizes as AVIF in a <picture> source, which Chromium
// takes; the browser picks a file sharp enough for the box (and not the original upload), boxes keep
// their shape while photos load (width and height), and the page's largest photo is fetched at once
// at high priority while the others wait until needed.
import type { Locator, Page } from '@playwright/test';
import { expect, test, bothWidths } from './support/fixtures';

/** The AVIF <source> of the <picture> around an img, when there is one. */
const avifSource = (img: Locator): Locator => img.locator('xpath=parent::picture/source[@type="image/avif"]');

/** "url 300w, url 768w" → [[url, 300], [url, 768]]. */
const candidatesOf = (srcset: string): Array<[string, number]> =>
  srcset.split(',').map((c) => {
    const [url, w] = c.trim().split(' ');
    return [url!, Number(w!.replace('w', ''))];
  });

/**
 * Each srcset candidate of the img: a WebP file with a width descriptor; and each of its AVIF
 * source, when the photo has one: the same widths as AVIF files, for the same sizes.
 */
async function expectPhotoSrcsets(img: Locator): Promise<void> {
  const srcset = (await img.getAttribute('srcset')) ?? '';
  const candidates = srcset.split(',').map((c) => c.trim());
  expect(candidates.length, srcset).toBeGreaterThan(1);
  for (const c of candidates) expect(c, srcset).toMatch(/\.webp \d+w$/);
  const sizes = await img.getAttribute('sizes');
  expect(sizes).toBeTruthy();
  expect(Number(await img.getAttribute('width'))).toBeGreaterThan(0);
  expect(Number(await img.getAttribute('height'))).toBeGreaterThan(0);
  const source = avifSource(img);
  if ((await source.count()) === 0) return;
  const avif = (await source.getAttribute('srcset')) ?? '';
  for (const [url] of candidatesOf(avif)) expect(url, avif).toMatch(/\.avif$/);
  expect(candidatesOf(avif).map(([, w]) => w)).toEqual(candidatesOf(srcset).map(([, w]) => w));
  expect(await source.getAttribute('sizes')).toBe(sizes);
}

/**
 * The file the browser chose is one of the photo's sizes, AVIF when the photo offers AVIF (Chromium
 * shows it) and WebP otherwise, at least as wide as the box's device pixels (capped by the largest).
 */
async function expectSharpPhoto(img: Locator): Promise<void> {
  await img.scrollIntoViewIfNeeded();
  await expect(img).toHaveJSProperty('complete', true);
  const offersAvif = (await avifSource(img).count()) > 0;
  // naturalWidth of a srcset image is scaled by its density, so the chosen file's own width is read
  // from its srcset descriptor (the img's, or the AVIF source's).
  const shown = await img.evaluate((el: HTMLImageElement) => {
    const source = el.parentElement?.tagName === 'PICTURE' ? el.parentElement.querySelector('source[type="image/avif"]') : null;
    const srcsets = [el.srcset, source?.getAttribute('srcset') ?? ''].filter(Boolean).join(',');
    const candidates = srcsets.split(',').map((c) => c.trim().split(' '));
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
  expect(shown.src).toMatch(offersAvif ? /\.avif$/ : /\.webp$/);
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

test(
  'explore: card photos offer WebP sizes (and their AVIF copies), the first cards load at once at high priority, later ones lazily',
  bothWidths,
  async ({ page }) => {
    // Dearest first: the seeded cars with photos lead, whatever photo-less cars other tests add meanwhile.
    await page.goto('/explore-cars?sortBy=price&sortOrder=desc');
    const first = await firstCardImage(page);
    await expectPhotoSrcsets(first);
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expectSharpPhoto(first);
    const later = page.getByTestId('car-card').nth(5).locator('img').first();
    await expect(later).toHaveAttribute('loading', 'lazy');
    await expectPhotoSrcsets(later);
  },
);

test(
  'home: the banner (largest paint) is preloaded at high priority and never lazy; featured cards offer WebP sizes (and their AVIF copies)',
  bothWidths,
  async ({ page }) => {
    await page.goto('/');
    const preload = page.locator('head link[rel="preload"][as="image"]');
    await expect(preload).toHaveAttribute('fetchpriority', 'high');
    await expect(preload).toHaveAttribute('imagesrcset', /\.webp 960w/);
    const banner = page.getByTestId('hero-slide').first().locator('img');
    await expect(banner).toHaveAttribute('loading', 'eager');
    await expect(banner).toHaveAttribute('fetchpriority', 'high');

    // A photo, not the placeholder of a featured car another test imports without one meanwhile.
    const card = page.getByTestId('featured').getByTestId('car-card').locator('img[srcset]').first();
    await expectPhotoSrcsets(card);
    await expectSharpPhoto(card);
  },
);

test('car page: the first photo is the preload, eager at high priority, sharp for its box', bothWidths, async ({ page }) => {
  // The newest car with photos: other tests add photo-less cars meanwhile.
  const res = await page.request.get('/api/search/cars?limit=50');
  const id = ((await res.json()) as { cars: { id: number; image: unknown }[] }).cars.find((car) => car.image !== null)!.id;
  await page.goto(`/car/${id}`);
  const photo = page.getByTestId('gallery-image');
  await expectPhotoSrcsets(photo);
  await expect(photo).toHaveAttribute('loading', 'eager');
  await expect(photo).toHaveAttribute('fetchpriority', 'high');
  // The preload offers the candidates the browser takes (the AVIF source's when there is one, typed
  // so that only a browser showing AVIF fetches it), so the browser fetches the photo once.
  const preload = page.locator('head link[rel="preload"][as="image"]');
  const avif = avifSource(photo);
  if ((await avif.count()) > 0) {
    await expect(preload).toHaveAttribute('imagesrcset', (await avif.getAttribute('srcset'))!);
    await expect(preload).toHaveAttribute('type', 'image/avif');
  } else {
    await expect(preload).toHaveAttribute('imagesrcset', (await photo.getAttribute('srcset'))!);
  }
  await expect(preload).toHaveAttribute('imagesizes', (await photo.getAttribute('sizes'))!);
  await expectSharpPhoto(photo);
  // Similar cars below: their cards' photos are sized for that grid, not the explore page's.
  await expectSharpPhoto(page.getByTestId('similar-cars').getByTestId('car-card').locator('img[srcset]').first());
  // The thumbnails are the small square WebP crop.
  await expect(page.getByTestId('gallery-thumb').first().locator('img')).toHaveAttribute('src', /-300x300\.webp$/);
});

test('news: card photos offer WebP sizes (and their AVIF copies) for their column', bothWidths, async ({ page }) => {
  await page.goto('/news');
  const photo = page.getByTestId('news-card').first().locator('img');
  await expectPhotoSrcsets(photo);
  await expectSharpPhoto(photo);
});
