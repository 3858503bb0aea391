// The car detail page: banner, gallery, specifications,
// features, sanitised Seller Note, contact buttons with analytics, the inquiry form in all its states
// (with and without JavaScript), Back to Cars, Car Not Found with a real 404, and axe at both widths.
// Each worker makes its own car in WordPress (photos borrowed from a seeded car) and deletes it after.
import type { Page, Route } from '@playwright/test';
import { createCar, deleteCar, randomIp, rest, WP } from '../integration/support/wordpress';
import { expect, expectNoAxeViolations, isMobile, test, bothWidths } from './support/fixtures';
import { hydrated, signInByRequest } from './support/session';

const SUBTITLE = 'Dual-motor AWD · 0–100 km/h in 3.8 s';
const FEATURES = ['Panoramic Roof', 'Heat Pump', 'Vehicle-to-Load'];
const NOTE_HTML =
  '<p>Well kept, <strong>one owner</strong>.</p><ul><li>Fresh service</li></ul>' +
  '<script>window.__noteScript = 1</script><img src="x" onerror="window.__noteHandler = 1" alt="">' +
  '<p onclick="window.__noteClick = 1" style="color:red">Ships from Tianjin.</p>';
const SUCCESS = 'Thank you! Your inquiry has been sent. We will contact you shortly.';
const FLOODED = 'You have sent several messages in a short time. Please wait a minute and try again.';

type Seeded = { featuredMedia: number; gallery: number[] };

let car: { id: number; title: string };
let galleryUrls: string[] = [];
let gallerySrcs: string[] = [];

/** A seeded car with at least three photos, whose attachments the test car reuses. */
async function seededPhotos(): Promise<Seeded> {
  const res = await rest<Array<{ featured_media: number; meta: { _car_gallery?: number[] } }>>('/wp/v2/cars?per_page=50');
  const withGallery = res.body.find((c) => (c.meta?._car_gallery?.length ?? 0) >= 3 && c.featured_media > 0);
  if (!withGallery) throw new Error('No seeded car with a gallery of three photos');
  return { featuredMedia: withGallery.featured_media, gallery: withGallery.meta._car_gallery!.slice(0, 4) };
}

test.beforeAll(async () => {
  const photos = await seededPhotos();
  const title = `QA Detail ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)} Seal`;
  const id = await createCar({
    title,
    content: NOTE_HTML,
    featured_media: photos.featuredMedia,
    _car_subtitle: SUBTITLE,
    _car_price: 45000,
    _car_brand: 'BYD',
    _car_model: 'Seal',
    _car_year: 2024,
    _car_mileage: 1200,
    _car_condition: 'Used',
    _car_body_type: 'Sedan',
    _car_fuel_type: 'electric',
    _car_transmission: 'ev',
    _car_drive_type: 'AWD',
    _car_features: FEATURES,
    _car_gallery: photos.gallery,
  });
  car = { id, title };
  const gql = await fetch(
    `${WP}/graphql?${new URLSearchParams({ query: `{ car(id: "${id}") { images { url size(name: "medium_large") { url } } } }` })}`,
  ).then((r) => r.json() as Promise<{ data: { car: { images: { url: string; size: { url: string } }[] } } }>);
  galleryUrls = gql.data.car.images.map((i) => i.url);
  // The photo a browser without srcset loads: the 768 px WebP size, not the original upload.
  gallerySrcs = gql.data.car.images.map((i) => i.size.url);
});

test.afterAll(async () => {
  if (car) await deleteCar(car.id);
});

const carPath = () => `/car/${car.id}`;

/** Each test sends inquiries from an address of its own, so WordPress's flood limit is its own. */
async function asNewVisitor(page: Page): Promise<string> {
  const ip = randomIp();
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ip });
  return ip;
}

/** Five inquiries straight to WordPress from `ip`: the next one from that address is refused (429). */
async function exhaustFloodLimit(ip: string) {
  for (let i = 0; i < 5; i++) {
    const res = await rest('/car-export/v1/inquiries', {
      method: 'POST',
      headers: { 'X-Forwarded-For': ip },
      body: { name: 'QA Flood', phoneNumber: '+1 555 000 1111', emailAddress: 'qa-flood@example.com', carId: car.id },
    });
    expect(res.status).toBe(201);
  }
}

function inquiryForm(page: Page) {
  return page.getByRole('form', { name: 'Send an Inquiry for this Car' });
}

/** The form after a failed send: every field as the visitor typed it, and ready to send again. */
async function expectInquiryKept(page: Page, typed: { name: string; phone: string; email: string; message: string }) {
  const form = inquiryForm(page);
  await expect(form.getByLabel('Name')).toHaveValue(typed.name);
  await expect(form.getByLabel('Phone')).toHaveValue(typed.phone);
  await expect(form.getByLabel('Email')).toHaveValue(typed.email);
  await expect(form.getByLabel('Message')).toHaveValue(typed.message);
  await expect(form.getByRole('button', { name: 'Send Inquiry' })).toBeEnabled();
}

async function fillInquiry(
  page: Page,
  values = { name: 'Ada Lovelace', phone: '+44 20 7946 0958', email: 'ada@example.com', message: 'Shipping to Lagos?' },
) {
  const form = inquiryForm(page);
  await form.getByLabel('Name').fill(values.name);
  await form.getByLabel('Phone').fill(values.phone);
  await form.getByLabel('Email').fill(values.email);
  await form.getByLabel('Message').fill(values.message);
  return values;
}

test.describe('car detail page', () => {
  test('shows the banner, gallery, specifications, features and a sanitised seller note', bothWidths, async ({ page }) => {
    const response = await page.goto(carPath());
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('public, max-age=60, s-maxage=120, stale-while-revalidate=300');
    await expect(page).toHaveTitle(`${car.title} – $45,000 | Car Export`);
    // The first photo (the largest paint) is asked for from the head, before the body is parsed.
    const preload = page.locator('head link[rel="preload"][as="image"]');
    await expect(preload).toHaveAttribute('href', gallerySrcs[0]!);
    await expect(preload).toHaveAttribute('fetchpriority', 'high');

    const banner = page.getByTestId('car-banner');
    await expect(banner.getByRole('heading', { level: 1, name: car.title })).toBeVisible();
    await expect(banner).toContainText(SUBTITLE);

    const summary = page.getByTestId('car-summary').filter({ visible: true });
    await expect(summary.getByTestId('car-price')).toHaveText('$45,000');
    await expect(summary).toContainText(car.title);

    // Gallery: arrows move (and wrap), thumbnails are the 300×300 variant and switch the photo.
    const image = page.getByTestId('gallery-image');
    await expect(image).toHaveAttribute('data-index', '0');
    await expect(image).toHaveAttribute('src', gallerySrcs[0]!);
    await page.getByRole('button', { name: 'Next photo' }).click();
    await expect(image).toHaveAttribute('data-index', '1');
    await expect(image).toHaveAttribute('src', gallerySrcs[1]!);
    await page.getByRole('button', { name: 'Previous photo' }).click();
    await page.getByRole('button', { name: 'Previous photo' }).click();
    await expect(image).toHaveAttribute('data-index', String(galleryUrls.length - 1));

    const thumbs = page.getByTestId('gallery-thumb');
    await expect(thumbs).toHaveCount(galleryUrls.length);
    await expect(thumbs.first().locator('img')).toHaveAttribute('src', /-300x300\./);
    await thumbs.nth(2).click();
    await expect(image).toHaveAttribute('data-index', '2');
    await expect(thumbs.nth(2)).toHaveAttribute('aria-current', 'true');
    // Keyboard: arrow keys anywhere in the gallery.
    await thumbs.nth(2).focus();
    await page.keyboard.press('ArrowRight');
    await expect(image).toHaveAttribute('data-index', String(3 % galleryUrls.length));
    await page.keyboard.press('ArrowLeft');
    await expect(image).toHaveAttribute('data-index', '2');

    const specs = page.getByTestId('car-specs');
    await expect(specs.getByText('Make', { exact: true })).toBeVisible();
    await expect(specs).toContainText('BYD');
    await expect(specs).toContainText('1,200 mi');
    await expect(specs).toContainText('Single-Speed (EV)');

    const features = page.getByTestId('car-features');
    for (const feature of FEATURES) await expect(features.getByRole('listitem').filter({ hasText: feature })).toBeVisible();

    const note = page.getByTestId('seller-note');
    await expect(page.getByRole('heading', { name: 'Seller Note' })).toBeVisible();
    await expect(note.locator('strong')).toHaveText('one owner');
    await expect(note.getByRole('listitem')).toHaveText('Fresh service');
    await expect(note).toContainText('Ships from Tianjin.');
    await expect(note.locator('script, style, iframe, [onerror], [onclick], [style]')).toHaveCount(0);
    await note.getByText('Ships from Tianjin.').click();
    const injected = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      return [w.__noteScript, w.__noteHandler, w.__noteClick];
    });
    expect(injected).toEqual([undefined, undefined, undefined]);

    // Crawlers: the Car JSON-LD is in the server's HTML.
    const html = await (await page.request.get(carPath())).text();
    const ld = JSON.parse(/<script[^>]*type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)![1]!);
    expect(ld).toMatchObject({
      '@type': 'Car',
      name: car.title,
      brand: { name: 'BYD' },
      model: 'Seal',
      vehicleModelDate: '2024',
      mileageFromOdometer: { value: 1200, unitCode: 'SMI' },
      fuelType: 'Electric',
      bodyType: 'Sedan',
      offers: { '@type': 'Offer', price: 45000, priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
    expect(ld.image).toHaveLength(galleryUrls.length);

    await expectNoAxeViolations(page);
  });

  test('shows a loading overlay until the shown photo has loaded', async ({ page }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const second = galleryUrls[1]!;
    // The photo in any of its srcset widths, but not its thumbnail (shown from the start).
    const isSecond = (href: string) =>
      (href === second || href.startsWith(second.replace(/\.(jpe?g|png|webp)$/i, '-'))) && !/-300x300\./.test(href);
    await page.route(
      (url) => isSecond(url.href),
      async (route) => {
        await released;
        await route.continue();
      },
    );
    await page.goto(carPath());
    await expect(page.getByTestId('gallery-image')).toHaveJSProperty('complete', true);
    await expect(page.getByTestId('gallery-loading')).toHaveCount(0);

    await page.getByRole('button', { name: 'Next photo' }).click();
    await expect(page.getByTestId('gallery-loading')).toBeVisible();
    release();
    await expect(page.getByTestId('gallery-loading')).toHaveCount(0);
  });

  test('contact buttons: WhatsApp prefilled in a new window, Call Now by phone, both tracked', async ({ page, context, baseURL }) => {
    await context.route(/^https:\/\/wa\.me\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
    );
    await page.goto(carPath());

    const whatsapp = page.getByRole('link', { name: /Chat on WhatsApp/ });
    await expect(whatsapp).toHaveAttribute('target', '_blank');
    await expect(whatsapp).toHaveAttribute('rel', /noopener/);
    const href = (await whatsapp.getAttribute('href'))!;
    const url = new URL(href);
    expect(url.origin).toBe('https://wa.me');
    expect(url.pathname).toMatch(/^\/\d{6,}$/);
    const text = url.searchParams.get('text')!;
    expect(text).toContain(car.title);
    expect(text).toContain('$45,000');
    expect(text).toContain(`${new URL(baseURL!).origin}/car/${car.id}`);

    const call = page.getByRole('link', { name: 'Call Now' });
    await expect(call).toHaveAttribute('href', /^tel:\+?\d{6,}$/);

    const [popup] = await Promise.all([page.waitForEvent('popup'), whatsapp.click()]);
    await popup.close();

    // A tel: link would hand over to the system's dialler; the click is tracked all the same.
    await page.evaluate(() =>
      document.addEventListener(
        'click',
        (e) => {
          if ((e.target as Element).closest('a[href^="tel:"]')) e.preventDefault();
        },
        true,
      ),
    );
    await call.click();

    const events = await page.evaluate(() =>
      (window.dataLayer ?? []).filter((e) => e.event === 'whatsapp_click' || e.event === 'phone_click'),
    );
    const expected = { car_id: car.id, car_title: car.title, value: 45000, currency: 'USD' };
    expect(events).toEqual([
      { event: 'whatsapp_click', ...expected },
      { event: 'phone_click', ...expected },
    ]);
    // The page view of this page was recorded too.
    const views = await page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === 'page_view'));
    expect(views).toContainEqual({ event: 'page_view', page_path: carPath(), page_title: `${car.title} – $45,000 | Car Export` });
  });

  test('the gallery thumbnails and the favourite hearts show a focus ring to the keyboard', async ({ page }) => {
    await page.goto(carPath());
    const thumbs = page.getByTestId('gallery-thumb');
    await hydrated(thumbs.first());
    await thumbs.first().focus();
    await page.keyboard.press('Tab');
    // The current photo's thumbnail and the next one: each has its own ring, and the focus shows over both.
    for (const thumb of [thumbs.nth(1), thumbs.first()]) {
      await expect(thumb).toBeFocused();
      await expect(thumb).toHaveCSS('outline-style', 'solid');
      await expect(thumb).toHaveCSS('outline-color', 'rgb(30, 83, 151)');
      await page.keyboard.press('Shift+Tab');
    }

    await page.goto('/explore-cars');
    const heart = page.getByTestId('car-results').getByTestId('favorite-button').first();
    await hydrated(heart);
    await heart.focus();
    await expect(heart).toBeFocused();
    // The site's focus ring: 2 px of white, then 2 px of brand blue.
    expect(await heart.evaluate((el) => getComputedStyle(el).boxShadow)).toContain('rgb(44, 105, 180) 0px 0px 0px 4px');
  });

  test('Send Message scrolls to the inquiry form and puts the cursor in it', bothWidths, async ({ page }) => {
    await page.goto(carPath());
    const name = inquiryForm(page).getByLabel('Name');
    if (isMobile(page)) await expect(name).not.toBeInViewport();
    await page.getByRole('link', { name: 'Send Message' }).click();
    await expect(name).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Send an Inquiry for this Car' })).toBeInViewport();
    await expect(name).toBeInViewport();
  });

  test('an inquiry is sent: green message, fields cleared', bothWidths, async ({ page }) => {
    await asNewVisitor(page);
    await page.goto(carPath());
    await fillInquiry(page);
    await inquiryForm(page).getByRole('button', { name: 'Send Inquiry' }).click();

    const success = page.getByRole('status').filter({ hasText: SUCCESS });
    await expect(success).toBeVisible();
    await expect(success).toHaveClass(/emerald/);
    const form = inquiryForm(page);
    for (const label of ['Name', 'Phone', 'Email', 'Message']) await expect(form.getByLabel(label)).toHaveValue('');
    // The message sits above the form.
    const messageBox = (await success.boundingBox())!;
    const formBox = (await form.boundingBox())!;
    expect(messageBox.y).toBeLessThan(formBox.y);
    await expectNoAxeViolations(page);
  });

  test("a signed-in buyer finds the account's name and e-mail already in the inquiry, with and without JavaScript", async ({
    page,
    account,
  }) => {
    await signInByRequest(page, account.username, account.password);
    await page.goto(carPath());
    const form = inquiryForm(page);
    await expect(form.getByLabel('Name')).toHaveValue(account.username);
    await expect(form.getByLabel('Email')).toHaveValue(account.email);
    await expect(form.getByLabel('Phone')).toHaveValue('');
    // The server draws them: a browser without JavaScript gets them too.
    const html = await (await page.request.get(carPath())).text();
    expect(html).toContain(`value="${account.email}"`);
  });

  test('the browser requires name, phone and a valid email before sending', async ({ page }) => {
    await asNewVisitor(page);
    await page.goto(carPath());
    const form = inquiryForm(page);
    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST') posted = true;
    });
    await form.getByRole('button', { name: 'Send Inquiry' }).click();
    for (const label of ['Name', 'Phone', 'Email']) {
      expect(await form.getByLabel(label).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    }
    await expect(form.getByLabel('Phone')).toHaveAttribute('type', 'tel');
    await expect(form.getByLabel('Message')).toHaveAttribute('rows', '3');
    expect(await form.getByLabel('Message').evaluate((el: HTMLTextAreaElement) => el.required)).toBe(false);

    await fillInquiry(page, { name: 'Ada', phone: '+44 20 7946 0958', email: 'not-an-email', message: '' });
    await form.getByRole('button', { name: 'Send Inquiry' }).click();
    expect(await form.getByLabel('Email').evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
    expect(posted).toBe(false);
  });

  test('a refusal from WordPress shows in red and keeps what the visitor typed', bothWidths, async ({ page, browserErrors }) => {
    browserErrors.expect(/status of 429 \(Too Many Requests\) \(\S+\/car\/\d+\?_data=/); // WordPress's flood refusal: the browser logs the failed request
    const ip = await asNewVisitor(page);
    await exhaustFloodLimit(ip);
    await page.goto(carPath());
    const typed = await fillInquiry(page);
    await inquiryForm(page).getByRole('button', { name: 'Send Inquiry' }).click();

    const error = page.getByRole('alert').filter({ hasText: FLOODED });
    await expect(error).toBeVisible();
    await expect(error).toHaveClass(/red/);
    await expectInquiryKept(page, typed);
    await expectNoAxeViolations(page);
  });

  test('offline, the inquiry shows the failure message and keeps what was typed; the car page stays', async ({
    page,
    context,
    browserErrors,
  }) => {
    browserErrors.expect(/ERR_INTERNET_DISCONNECTED \(\S+\/car\/\d+\?_data=/); // the browser is offline: it logs the failed post
    await asNewVisitor(page);
    await page.goto(carPath());
    await hydrated(inquiryForm(page));
    const typed = await fillInquiry(page);
    // Photos further down (similar cars) load lazily; load them now, so going offline fails only the post.
    await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((img) => img.setAttribute('loading', 'eager')));
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    await context.setOffline(true);
    try {
      await inquiryForm(page).getByRole('button', { name: 'Send Inquiry' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Failed to submit inquiry. Please try again later.' })).toBeVisible();
      await expectInquiryKept(page, typed);
      await expect(page.getByText('Failed to load car details')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Send an Inquiry for this Car' })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });

  test('while sending, the button reads Sending... and every field is disabled', async ({ page }) => {
    await asNewVisitor(page);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === carPath(),
      async (route: Route) => {
        if (route.request().method() === 'POST') await released;
        await route.continue();
      },
    );
    await page.goto(carPath());
    await fillInquiry(page);
    const form = inquiryForm(page);
    await form.getByRole('button', { name: 'Send Inquiry' }).click();

    await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    for (const label of ['Name', 'Phone', 'Email', 'Message']) await expect(form.getByLabel(label)).toBeDisabled();
    release();
    await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Send Inquiry' })).toBeEnabled();
    await expect(form.getByLabel('Name')).toBeEnabled();
  });

  test('Back to Cars returns to a same-site from, never elsewhere', async ({ page }) => {
    const from = '/explore-cars?brand=BYD&page=2';
    await page.goto(`${carPath()}?${new URLSearchParams({ from })}`);
    const back = page.getByRole('link', { name: 'Back to Cars' });
    await expect(back).toHaveAttribute('href', from);

    for (const evil of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      await page.goto(`${carPath()}?${new URLSearchParams({ from: evil })}`);
      await expect(page.getByRole('link', { name: 'Back to Cars' })).toHaveAttribute('href', '/explore-cars');
    }
    await page.goto(carPath());
    await expect(page.getByRole('link', { name: 'Back to Cars' })).toHaveAttribute('href', '/explore-cars');

    await page.goto(`${carPath()}?${new URLSearchParams({ from })}`);
    await page.getByRole('link', { name: 'Back to Cars' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/explore-cars' && url.searchParams.get('brand') === 'BYD');
  });

  test('an unknown or malformed car id is a 404 Car Not Found page', bothWidths, async ({ page, browserErrors }) => {
    browserErrors.expect(/status of 404 \(Not Found\) \(\S+\/car\//); // each unknown id answers 404: the browser logs the failed request
    for (const path of ['/car/999999999', '/car/abc', '/car/0', `/car/${car.id}abc`]) {
      const response = await page.goto(`${path}?from=${encodeURIComponent('/explore-cars?fuelType=electric')}`);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Car Not Found' })).toBeVisible();
      await expect(page.getByText('The requested car could not be found.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Cars' })).toHaveAttribute('href', '/explore-cars?fuelType=electric');
    }
    await expect(page).toHaveTitle(/Car Not Found/);
    await expectNoAxeViolations(page);
  });
});

test.describe('page analytics', () => {
  test('page views on every route, scroll depth once per mark, time on page over 10 s', async ({ page }) => {
    await page.clock.install();
    await page.goto(carPath());
    const layer = () => page.evaluate(() => window.dataLayer ?? []);
    await expect
      .poll(async () => (await layer()).filter((e) => e.event === 'page_view'))
      .toEqual([{ event: 'page_view', page_path: carPath(), page_title: `${car.title} – $45,000 | Car Export` }]);

    // Scroll events right after a route change belong to the previous page's offset; then they count.
    await page.clock.fastForward(11_000);
    const depth = async () => (await layer()).filter((e) => e.event === 'scroll_depth').map((e) => e.percent);
    // The viewport's bottom edge at 40 % of the page.
    await page.evaluate(() => window.scrollTo(0, Math.max(1, document.documentElement.scrollHeight * 0.4 - window.innerHeight)));
    await page.clock.runFor(100);
    await expect.poll(depth).toEqual([25]);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.clock.runFor(100);
    await expect.poll(depth).toEqual([25, 50, 75, 90]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.clock.runFor(100);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.clock.runFor(100);
    expect(await depth()).toEqual([25, 50, 75, 90]);
    expect((await layer()).filter((e) => e.event === 'scroll_depth').every((e) => e.page_path === carPath())).toBe(true);

    // Leaving the page (a client-side navigation) reports the time spent on it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('link', { name: 'Back to Cars' }).click();
    await expect(page).toHaveURL(/\/explore-cars$/);
    await expect
      .poll(async () => (await layer()).filter((e) => e.event === 'time_on_page'))
      .toEqual([{ event: 'time_on_page', seconds: expect.any(Number), page_path: carPath() }]);
    const [timed] = (await layer()).filter((e) => e.event === 'time_on_page');
    expect(timed!.seconds as number).toBeGreaterThanOrEqual(11);
    await expect
      .poll(async () => (await layer()).filter((e) => e.event === 'page_view').map((e) => e.page_path))
      .toEqual([carPath(), '/explore-cars']);

    // A short visit (≤ 10 s) is not reported.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${carPath()}$`));
    await expect.poll(async () => (await layer()).filter((e) => e.event === 'page_view')).toHaveLength(3);
    expect((await layer()).filter((e) => e.event === 'time_on_page')).toHaveLength(1);
  });
});

test.describe('car detail page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a car never driven reads "New" on its card and its page; its structured data keeps 0 miles', async ({ page }) => {
    await page.goto('/explore-cars?search=Yangwang+U9');
    const card = page.getByTestId('car-card').filter({ hasText: 'Yangwang U9' }).first();
    await expect(card).toContainText('Mileage: New');
    await expect(card).not.toContainText('0 mi');
    await card.getByRole('link', { name: /View Details/ }).click();
    await expect(page.getByTestId('car-specs')).toContainText('New');
    await expect(page.getByTestId('car-specs')).not.toContainText('0 mi');
    const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
    const car = structured
      .map((text) => JSON.parse(text) as { '@type'?: string; mileageFromOdometer?: unknown })
      .find((d) => d['@type'] === 'Car');
    expect(car?.mileageFromOdometer).toEqual({ '@type': 'QuantitativeValue', value: 0, unitCode: 'SMI' });
  });

  test('every photo of the gallery is reachable: each thumbnail links to its full photo, and no arrow that cannot work is shown', async ({
    page,
    request,
  }) => {
    await page.goto(carPath());
    // Previous/next need JavaScript to change the photo: without it the gallery offers links only.
    const gallery = page.getByTestId('car-gallery');
    await expect(gallery.getByRole('button')).toHaveCount(0);
    await expect(gallery.getByTestId('gallery-counter')).toHaveText(`Photo 1 / of ${galleryUrls.length}`);
    const thumbs = page.getByTestId('gallery-thumb');
    await expect(thumbs).toHaveCount(galleryUrls.length);
    const hrefs = await thumbs.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(galleryUrls);
    // Each link opens a real photo.
    for (const href of hrefs) {
      const res = await request.get(href!);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toMatch(/^image\//);
    }
  });

  test('the inquiry is sent by a plain form post', async ({ page }) => {
    await asNewVisitor(page);
    await page.goto(carPath());
    await fillInquiry(page);
    await inquiryForm(page).getByRole('button', { name: 'Send Inquiry' }).click();
    await expect(page.getByText(SUCCESS)).toBeVisible();
    const form = inquiryForm(page);
    for (const label of ['Name', 'Phone', 'Email', 'Message']) await expect(form.getByLabel(label)).toHaveValue('');
  });

  test('a refused inquiry comes back with the message in red and the values kept', async ({ page, browserErrors }) => {
    browserErrors.expect(/status of 429 \(Too Many Requests\) \(\S+\/car\/\d+/); // WordPress's flood refusal: the browser logs the failed request
    const ip = await asNewVisitor(page);
    await exhaustFloodLimit(ip);
    const from = '/explore-cars?bodyType=Sedan';
    await page.goto(`${carPath()}?${new URLSearchParams({ from })}`);
    const typed = await fillInquiry(page);
    await inquiryForm(page).getByRole('button', { name: 'Send Inquiry' }).click();
    await expect(page.getByRole('alert').filter({ hasText: FLOODED })).toBeVisible();
    const form = inquiryForm(page);
    await expect(form.getByLabel('Name')).toHaveValue(typed.name);
    await expect(form.getByLabel('Phone')).toHaveValue(typed.phone);
    await expect(form.getByLabel('Email')).toHaveValue(typed.email);
    await expect(form.getByLabel('Message')).toHaveValue(typed.message);
    // The page still knows where the visitor came from.
    await expect(page.getByRole('link', { name: 'Back to Cars' })).toHaveAttribute('href', from);
  });
});
