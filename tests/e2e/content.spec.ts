// The content pages: Contact (form states with and without JavaScript, WordPress's flood
// refusal, the WeChat dialog), About, the news article, the legal pages, /sitemap.xml and
// /robots.txt. Each contact test posts from an address of its own, so WordPress's flood limit of
// five messages a minute per visitor only trips where a test wants it to.
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, isMobile, test, bothWidths } from './support/fixtures';
import { hydrated } from './support/session';
import { gqlData, randomIp, unique } from '../integration/support/wordpress';

const MISSING = 'Please fill in all required fields (First Name, Last Name, and Email).';
const SUCCESS = 'Your message has been sent successfully!';
const FLOODED = /several messages in a short time/;
const NETWORK = 'Network error. Please check your connection and try again.';
const NEWS_SLUG = 'yangwang-u9-track-edition';

type Values = { firstName: string; lastName: string; email: string; phoneNumber: string; message: string };

function contactForm(page: Page): Locator {
  return page.locator('#contact-form');
}

function field(form: Locator, name: keyof Values): Locator {
  return form.locator(`[name="${name}"]`);
}

function sampleValues(): Values {
  const id = unique('e2e');
  return {
    firstName: 'Amara',
    lastName: `Okafor ${id}`,
    email: `${id}@example.com`,
    phoneNumber: '+234 803 555 0142',
    message: `Interested in two SUVs (${id}).`,
  };
}

async function fill(form: Locator, values: Values) {
  for (const [name, value] of Object.entries(values) as [keyof Values, string][]) await field(form, name).fill(value);
}

async function expectValues(form: Locator, values: Values) {
  for (const [name, value] of Object.entries(values) as [keyof Values, string][]) await expect(field(form, name)).toHaveValue(value);
}

async function expectEmpty(form: Locator) {
  for (const name of ['firstName', 'lastName', 'email', 'phoneNumber', 'message'] as const) await expect(field(form, name)).toHaveValue('');
}

/** Uses up the visitor's five messages a minute by posting the page's form directly. */
async function exhaustFloodLimit(page: Page, ip: string) {
  for (let i = 0; i < 5; i++) {
    const res = await page.request.post('/contact-us', {
      form: { ...sampleValues() },
      headers: { 'X-Forwarded-For': ip },
    });
    expect(res.status(), `message ${i + 1} of 5`).toBe(200);
  }
}

/** The day the server prints in "Last Updated" (it formats in UTC); the local day is accepted too near midnight. */
function todayLabels(): string[] {
  const now = new Date();
  const fmt = (timeZone?: string) => now.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone });
  return [...new Set([fmt('UTC'), fmt()])];
}

async function jsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t));
}

test.describe('Contact, with JavaScript', () => {
  test.beforeEach(async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': randomIp() });
  });

  test('shows the banner, the form and the contact details', bothWidths, async ({ page }) => {
    await page.goto('/contact-us');
    await expect(page).toHaveTitle(/Contact Us/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    const form = contactForm(page);
    for (const name of ['firstName', 'lastName', 'email'] as const) await expect(field(form, name)).toHaveAttribute('required', '');
    for (const name of ['phoneNumber', 'message'] as const) await expect(field(form, name)).not.toHaveAttribute('required', '');
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeVisible();

    const details = page.getByRole('region', { name: 'Contact Details' });
    await expect(details.locator('address')).toContainText('China');
    await expect(details.getByRole('link', { name: /^\+[\d ]+/ }).first()).toHaveAttribute('href', /^tel:\+\d+$/);
    await expect(details.locator('a[href^="https://wa.me/"]')).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+$/);
    await expect(details.locator('a[href^="mailto:"]')).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/contact-us$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Contact Us/);
    await expectNoAxeViolations(page);
  });

  test('the three fields are required with the spec message, not the browser tooltip', bothWidths, async ({ page }) => {
    await page.goto('/contact-us');
    const form = contactForm(page);
    await hydrated(form);
    // Scrolled down to the button, so the sentence appears above the screen and has to be brought back.
    await form.getByRole('button', { name: 'Send Message' }).evaluate((button) => button.scrollIntoView({ block: 'start' }));
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('alert')).toHaveText(MISSING);
    await expect(field(form, 'firstName')).toBeFocused();
    // The sentence is in view, below the sticky header, not under it.
    await expect(form.getByRole('alert')).toBeInViewport({ ratio: 1 });
    const header = (await page.getByRole('banner').boundingBox())!;
    expect((await form.getByRole('alert').boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);

    // Whitespace counts as empty.
    await field(form, 'firstName').fill('   ');
    await field(form, 'lastName').fill('Smith');
    await field(form, 'email').fill('smith@example.com');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('alert')).toHaveText(MISSING);
    await expect(field(form, 'lastName')).toHaveValue('Smith');
  });

  test('sends a message: Sending..., then the green message and cleared fields', bothWidths, async ({ page }) => {
    await page.goto('/contact-us');
    const form = contactForm(page);
    await hydrated(form);
    await fill(form, sampleValues());

    // Hold the post until the busy state has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/contact-us' && url.searchParams.has('_data'),
      async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.continue();
      },
    );
    await form.getByRole('button', { name: 'Send Message' }).click();
    const busy = form.getByRole('button', { name: 'Sending...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();

    await expect(form.getByRole('status')).toHaveText(SUCCESS);
    await expect(form.getByRole('status')).toHaveCSS('color', 'rgb(22, 101, 52)');
    await expectEmpty(form);
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  test("WordPress's flood refusal shows in red and the values stay", async ({ page, browserErrors }) => {
    browserErrors.expect(/status of 429 \(Too Many Requests\) \(\S+\/contact-us\?_data=/); // WordPress's flood refusal: the browser logs the failed request
    const ip = randomIp();
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ip });
    await exhaustFloodLimit(page, ip);

    await page.goto('/contact-us');
    const form = contactForm(page);
    await hydrated(form);
    const values = sampleValues();
    await fill(form, values);
    const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/contact-us');
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect((await answer).status()).toBe(429);
    const alert = form.getByRole('alert');
    await expect(alert).toHaveText(FLOODED);
    await expect(alert).toHaveCSS('color', 'rgb(185, 28, 28)');
    await expectValues(form, values);
  });

  test('a failed connection shows the network message and keeps the values', async ({ page, browserErrors }) => {
    browserErrors.expect(/ERR_INTERNET_DISCONNECTED \(\S+\/contact-us\?_data=/); // the test cuts the connection: the browser logs the failed request
    await page.goto('/contact-us');
    const form = contactForm(page);
    await hydrated(form);
    const values = sampleValues();
    await fill(form, values);
    await page.route(
      (url) => url.pathname === '/contact-us',
      (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()),
    );
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('alert')).toHaveText(NETWORK);
    await expectValues(form, values);
  });

  test('offline, the post shows the network message, keeps the values and the page stays', async ({ page, context, browserErrors }) => {
    browserErrors.expect(/ERR_INTERNET_DISCONNECTED \(\S+\/contact-us\?_data=/); // the browser is offline: it logs the failed post
    await page.goto('/contact-us');
    const form = contactForm(page);
    await hydrated(form);
    const values = sampleValues();
    await fill(form, values);
    await context.setOffline(true);
    try {
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(form.getByRole('alert')).toHaveText(NETWORK);
      await expectValues(form, values);
      await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
      await expect(page.getByText('Something went wrong')).toHaveCount(0);
    } finally {
      await context.setOffline(false);
    }
  });

  test('WeChat opens its QR code in a dialog; Escape closes it and focus returns', bothWidths, async ({ page }) => {
    await page.goto('/contact-us');
    const trigger = page.getByRole('link', { name: 'Show our WeChat QR code' });
    await hydrated(trigger);
    await trigger.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Chat with us on WeChat' });
    await expect(dialog).toBeVisible();
    const qr = dialog.getByRole('img', { name: /WeChat QR code/ });
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Focus moved into the dialog.
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    // The Done button closes it too.
    await trigger.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('Contact, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test.beforeEach(async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': randomIp() });
  });

  test('the server checks the required fields and keeps the values', async ({ page, browserErrors }) => {
    browserErrors.expect(/status of 400 \(Bad Request\) \(\S+\/contact-us/); // the form is refused: the browser logs the failed request
    await page.goto('/contact-us');
    const form = contactForm(page);
    await field(form, 'lastName').fill('Smith');
    await field(form, 'message').fill('No first name or e-mail.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('alert')).toHaveText(MISSING);
    await expect(field(form, 'lastName')).toHaveValue('Smith');
    await expect(field(form, 'message')).toHaveValue('No first name or e-mail.');
  });

  test('sends a message and comes back with the green message and empty fields', async ({ page }) => {
    await page.goto('/contact-us');
    const form = contactForm(page);
    await fill(form, sampleValues());
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('status')).toHaveText(SUCCESS);
    await expectEmpty(form);
  });

  test('the flood refusal comes back in red with the values', async ({ page, browserErrors }) => {
    browserErrors.expect(/status of 429 \(Too Many Requests\) \(\S+\/contact-us/); // WordPress's flood refusal: the browser logs the failed request
    const ip = randomIp();
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ip });
    await exhaustFloodLimit(page, ip);
    await page.goto('/contact-us');
    const form = contactForm(page);
    const values = sampleValues();
    await fill(form, values);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('alert')).toHaveText(FLOODED);
    await expectValues(form, values);
  });

  test('WeChat is a plain link to the QR image', async ({ page }) => {
    await page.goto('/contact-us');
    await expect(page.getByRole('link', { name: 'Show our WeChat QR code' })).toHaveAttribute('href', /^https?:\/\/.+\.(png|jpe?g|webp)$/);
  });
});

test.describe('About', () => {
  test('story, figures, certificates, strengths, scale, team, values and links', bothWidths, async ({ page }) => {
    await page.goto('/about-us');
    await expect(page).toHaveTitle(/About Us/);
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    const main = page.locator('main');
    for (const fact of ['2012', '40+', '30,000+', '2,000+']) await expect(main.getByText(fact, { exact: true }).first()).toBeVisible();

    const certificates = page.getByTestId('certificate');
    await expect(certificates).toHaveCount(4);
    for (const name of ['Business License', 'Qualification', 'Export Permit', 'Bill of Lading']) {
      await expect(certificates.getByRole('heading', { name, exact: true })).toBeVisible();
    }

    const team = page.getByTestId('team-member');
    await expect(team).toHaveCount(5);
    await expect(team.filter({ hasText: 'Business Manager' })).toHaveCount(1);
    await expect(team.filter({ hasText: 'Sales Manager' })).toHaveCount(4);

    const values = page.getByTestId('core-value');
    await expect(values).toHaveCount(3);
    for (const name of ['Integrity first', 'Quality excellence', 'Customer focus']) {
      await expect(values.getByRole('heading', { name, exact: true })).toBeVisible();
    }

    await expect(main.locator('a[href="/contact-us"]').first()).toBeVisible();
    await expect(main.locator('a[href="/explore-cars"]').first()).toBeVisible();

    const org = (await jsonLd(page)).find((d) => d['@type'] === 'Organization');
    expect(org).toMatchObject({ name: 'Car Export', foundingDate: '2012' });
    await expectNoAxeViolations(page);
  });
});

test.describe('News article', () => {
  test('hero, category, date, key specifications, body and buttons', bothWidths, async ({ page }) => {
    await page.goto(`/news/${NEWS_SLUG}`);
    const hero = page.getByTestId('page-hero');
    await expect(hero).toContainText('Drive Excellence, Deliver with Passion');
    await expect(hero).toContainText('Your Auto Trade Partner');
    if (!isMobile(page)) expect((await hero.boundingBox())?.height).toBe(506);

    await expect(page.getByRole('heading', { level: 1 })).toContainText('Yangwang U9 Track Edition');
    await expect(page.getByTestId('news-category')).toHaveText('Electric Vehicles');
    await expect(page.getByTestId('news-date')).toHaveText('Aug 12, 2025');

    const specs = page.getByTestId('key-spec');
    expect(await specs.count()).toBeGreaterThanOrEqual(3);
    await expect(specs.filter({ hasText: 'Power' })).toHaveCount(1);

    const body = page.getByTestId('news-body');
    await expect(body.locator('img').first()).toHaveAttribute('alt', /.+/);
    await expect(body.getByRole('heading', { name: 'Market impact' })).toBeVisible();
    await expect(body.locator('script')).toHaveCount(0);

    await expect(page.getByRole('link', { name: 'Browse Electric Vehicles' })).toHaveAttribute('href', '/explore-cars?fuelType=electric');
    await expect(page.locator('main').getByRole('link', { name: 'Contact Us', exact: true })).toHaveAttribute('href', '/contact-us');

    const article = (await jsonLd(page)).find((d) => d['@type'] === 'NewsArticle');
    expect(article).toMatchObject({ datePublished: '2025-08-12T09:00:00Z', articleSection: 'Electric Vehicles' });
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expectNoAxeViolations(page);
  });

  test('an unknown slug is a 404 with the not-found page', bothWidths, async ({ page, browserErrors }) => {
    browserErrors.expect(/status of 404 \(Not Found\) \(\S+\/news\//); // the unknown slug answers 404: the browser logs the failed request
    const res = await page.goto(`/news/${unique('no-such-post').replace(/_/g, '-')}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page);
  });
});

test.describe('Legal pages', () => {
  const pages = [
    { path: '/cookie-policy', title: 'Cookie Policy' },
    { path: '/terms-conditions', title: 'Terms & Conditions' },
    { path: '/privacy-policy', title: 'Privacy Policy' },
  ];
  for (const { path, title } of pages) {
    test(`${title}: hero, today's Last Updated and a contact e-mail`, bothWidths, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(new RegExp(title));
      await expect(page.getByTestId('page-hero')).toContainText('Drive Excellence, Deliver with Passion');
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const updated = page.getByText(/^Last Updated:/);
      const text = (await updated.textContent()) ?? '';
      expect(
        todayLabels().some((day) => text.includes(day)),
        `"${text}" names today (${todayLabels().join(' or ')})`,
      ).toBe(true);
      await expect(page.locator('main a[href^="mailto:"]').first()).toHaveAttribute('href', /^mailto:[^@]+@[^@]+$/);
      if (path === '/privacy-policy') await expect(page.locator('main')).toContainText('at least 13 years old');
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('Crawlers', () => {
  test('/sitemap.xml is an index of valid sitemap files listing cars, the news article and the static pages', async ({ page, baseURL }) => {
    // The oldest published car: a seeded one, not a car another test made a moment ago (the
    // sitemap may be up to five minutes old).
    const data = await gqlData<{ cars: { nodes: { databaseId: number }[] } }>(
      '{ cars(perPage: 1, orderBy: DATE, order: ASC) { nodes { databaseId } } }',
    );
    const carId = data.cars.nodes[0]?.databaseId;
    expect(carId).toBeTruthy();
    const origin = new URL(baseURL ?? 'http://127.0.0.1:3000').origin;

    await page.goto('/robots.txt');
    const read = async (path: string) => {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()['content-type']).toMatch(/^application\/xml/);
      expect(res.headers()['cache-control']).toBe('public, max-age=300');
      const xml = await res.text();
      const parsed = await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        const entries = Array.from(doc.documentElement.children);
        return {
          errors: doc.getElementsByTagName('parsererror').length,
          root: doc.documentElement.localName,
          locs: entries.map((e) => e.getElementsByTagName('loc')[0]?.textContent ?? ''),
          withLastmod: entries.filter((e) => e.getElementsByTagName('lastmod').length > 0).length,
        };
      }, xml);
      expect(parsed.errors, path).toBe(0);
      return parsed;
    };

    const index = await read('/sitemap.xml');
    expect(index.root).toBe('sitemapindex');
    expect(index.locs[0]).toBe(`${origin}/sitemaps/pages.xml`);
    expect(index.withLastmod).toBe(index.locs.length - 1);
    const urls: string[] = [];
    for (const loc of index.locs) {
      expect(loc.startsWith(`${origin}/sitemaps/`)).toBe(true);
      const file = await read(new URL(loc).pathname);
      expect(file.root).toBe('urlset');
      urls.push(...file.locs);
    }
    expect(urls).toContain(`${origin}/car/${carId}`);
    expect(urls).toContain(`${origin}/news/${NEWS_SLUG}`);
    for (const path of ['/', '/explore-cars', '/about-us', '/contact-us', '/cookie-policy', '/terms-conditions', '/privacy-policy']) {
      expect(urls).toContain(`${origin}${path}`);
    }
  });

  test('/robots.txt allows crawling, keeps private paths out and names the sitemap', async ({ page, baseURL }) => {
    const res = await page.request.get('/robots.txt');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/plain/);
    const text = await res.text();
    const origin = new URL(baseURL ?? 'http://127.0.0.1:3000').origin;
    expect(text).toContain('User-agent: *');
    for (const path of ['/api/', '/login', '/register', '/logout', '/favorites', '/resources/'])
      expect(text).toContain(`Disallow: ${path}`);
    expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});
