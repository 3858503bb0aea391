// The car route's loader and inquiry action against a stubbed WordPress client: statuses (404, 503),
// cache headers, the sanitised note, and every answer of the inquiry form.
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CarDetail, SiteSettings } from '~/lib/wordpress/types';

// The visitor context reads the server's settings (TRUST_PROXY); a test value makes them valid.
const outboxDir = vi.hoisted(() => {
  process.env.WORDPRESS_URL ??= 'http://wp.test';
  // Leads WordPress cannot take go to a folder of this test's own.
  const dir = `${process.env.TMPDIR ?? '/tmp'}/car-route-outbox-${process.pid}-${Date.now()}`;
  process.env.OUTBOX_DIR = dir;
  // The public origin, deliberately not the request's host (site.test): links must use this one.
  process.env.PUBLIC_URL = 'https://cars.example';
  return dir;
});

const { CircuitBreaker } = await import('~/lib/wordpress/breaker.server');
const wp = { carPage: vi.fn(), sendInquiry: vi.fn(), createDeal: vi.fn(), breaker: new CircuitBreaker() };

vi.mock('~/lib/wordpress/client.server', async (importOriginal) => {
  const real = await importOriginal<typeof import('~/lib/wordpress/client.server')>();
  return { ...real, getWordPress: () => wp };
});

const { loader, action, headers } = await import('~/routes/car.$id/route');
const { WordPressError } = await import('~/lib/wordpress/client.server');

const settings: SiteSettings = { phone: '+86 22 5866 0188', whatsapp: '+86 139 2050 8816', email: '', address: '', wechatQr: null };
const car = {
  id: 7,
  title: 'Test Car',
  subtitle: '',
  price: '$1,000',
  priceValue: 1000,
  brand: 'BYD',
  model: 'Seal',
  image: null,
  images: [],
  specs: [{ label: 'Year', value: '2024' }],
  features: ['Heat Pump'],
  condition: 'New',
  bodyType: 'Sedan',
  year: 2024,
  mileage: 0,
  transmission: 'ev',
  color: '',
  fuelType: 'electric',
  driveType: '',
  cylinders: null,
  countrySpec: '',
  doors: null,
  seats: null,
  engineSize: '',
  trim: '',
  registered: '',
  history: '',
  stockNumber: '',
  description: '<p onclick="x()">Hi</p><script>alert(1)</script>',
  date: '2025-01-01',
  saleStatus: 'available',
  similar: [],
} satisfies CarDetail;

const ctx = { context: {} };

async function load(path: string, init: RequestInit = {}) {
  const url = new URL(path, 'http://site.test');
  const id = url.pathname.split('/')[2];
  try {
    return await loader({ request: new Request(url, init), params: { id }, ...ctx });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function post(fields: Record<string, string>, headersInit: Record<string, string> = {}) {
  const body = new URLSearchParams(fields);
  const request = new Request('http://site.test/car/7', {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': 'vitest', ...headersInit },
  });
  return action({ request, params: { id: '7' }, ...ctx });
}

const form = { intent: 'inquiry', carId: '7', name: 'Ada', phone: '+44 20 7946 0958', email: 'ada@example.com', message: 'Hello' };

beforeEach(() => {
  wp.carPage.mockReset();
  wp.sendInquiry.mockReset();
});

afterAll(async () => {
  const { getOutbox } = await import('~/lib/leads/leads.server');
  await getOutbox().close();
  (await import('node:fs')).rmSync(outboxDir, { recursive: true, force: true });
});

describe('car loader', () => {
  it('answers 404 for a malformed id without asking WordPress', async () => {
    for (const path of ['/car/abc', '/car/0', '/car/-1', '/car/1.5', '/car/99999999999999999999']) {
      const res = (await load(path)) as Response;
      expect(res.status, path).toBe(404);
    }
    expect(wp.carPage).not.toHaveBeenCalled();
  });

  it('answers 404 for an unknown car and 503 when WordPress fails', async () => {
    wp.carPage.mockResolvedValueOnce({ car: null, settings });
    expect(((await load('/car/5')) as Response).status).toBe(404);
    wp.carPage.mockRejectedValueOnce(new WordPressError('Network error', 0));
    const failed = (await load('/car/5')) as Response;
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({ message: 'Failed to load car details' });
  });

  it('returns the car with a sanitised note, the contact numbers and a safe Back to Cars', async () => {
    wp.carPage.mockResolvedValue({ car, settings });
    const res = (await load('/car/7?from=%2F%2Fevil.example')) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60, s-maxage=120, stale-while-revalidate=300');
    const data = await res.json();
    expect(data.car.description).toBe('<p>Hi</p>');
    expect(data.contact).toEqual({ phone: settings.phone, whatsapp: settings.whatsapp });
    expect(data.backTo).toBe('/explore-cars');
    // Show price reloads the page: a foreign ?from= is not sent on with it.
    expect(data.from).toBeNull();
    expect(data.pageUrl).toBe('https://cars.example/car/7');
    expect(JSON.parse(data.jsonLd)).toMatchObject({ '@type': 'Car', offers: { price: 1000, priceCurrency: 'USD' } });

    const fromList = await ((await load('/car/7?from=%2Fexplore-cars%3Fbrand%3DBYD')) as Response).json();
    expect(fromList.backTo).toBe('/explore-cars?brand=BYD');
    // …and the list's own address is, so Back to Cars still leads to it after Show price.
    expect(fromList.from).toBe('/explore-cars?brand=BYD');
  });

  it('keeps pages of signed-in visitors out of shared caches', async () => {
    wp.carPage.mockResolvedValue({ car, settings });
    const res = (await load('/car/7', { headers: { Cookie: '__session=abc' } })) as Response;
    expect(res.headers.get('Cache-Control')).toBe('private, no-cache');
  });
});

describe('inquiry action', () => {
  it('sends the inquiry with the visitor context and answers the server message', async () => {
    wp.sendInquiry.mockResolvedValue({ success: true, message: 'Thank you!' });
    const res = await post(form, { 'X-Site-Peer-Ip': '203.0.113.9' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, message: 'Thank you!' });
    const [inquiry, visitor] = wp.sendInquiry.mock.calls[0]!;
    expect(inquiry).toEqual({ carId: 7, name: 'Ada', phoneNumber: '+44 20 7946 0958', emailAddress: 'ada@example.com', message: 'Hello' });
    expect(visitor).toMatchObject({ userAgent: 'vitest', ip: '203.0.113.9' });
  });

  it('says "Car ID is missing." and keeps the values when there is no car id', async () => {
    const res = await post({ ...form, carId: '' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      ok: false,
      message: 'Car ID is missing.',
      values: { name: 'Ada', phone: '+44 20 7946 0958', email: 'ada@example.com', message: 'Hello' },
    });
    expect(wp.sendInquiry).not.toHaveBeenCalled();
  });

  it('shows WordPress refusals with their own message and status', async () => {
    wp.sendInquiry.mockRejectedValue(new WordPressError('You have sent several messages in a short time.', 429));
    const res = await post(form);
    expect(res.status).toBe(429);
    const data = await res.json();
    expect(data).toMatchObject({ ok: false, message: 'You have sent several messages in a short time.', values: { name: 'Ada' } });
  });

  it('uses the general message for message-less refusals and unexpected errors, keeping the values', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const [error, status] of [
      [new WordPressError('HTTP error! status: 400', 400), 400],
      [new Error('boom'), 500],
    ] as const) {
      wp.sendInquiry.mockRejectedValueOnce(error);
      const res = await post(form);
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({
        ok: false,
        message: 'Failed to submit inquiry. Please try again later.',
        values: { email: 'ada@example.com' },
      });
    }
    wp.sendInquiry.mockResolvedValueOnce({ success: false, message: '' });
    expect((await (await post(form)).json()).message).toBe('Failed to submit inquiry. Please try again later.');
  });

  it('keeps the inquiry in the outbox and thanks the visitor when WordPress cannot answer', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fs = await import('node:fs');
    const pending = `${outboxDir}/pending`;
    const before = fs.existsSync(pending) ? fs.readdirSync(pending).length : 0;
    const errors = [new WordPressError('Network error: WordPress could not be reached.', 0), new WordPressError('Internal', 500)];
    for (const [i, error] of errors.entries()) {
      wp.sendInquiry.mockRejectedValueOnce(error);
      const res = await post({ ...form, message: `Outage ${i}` });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, message: 'Thank you! Your inquiry has been sent. We will contact you shortly.' });
    }
    const files = fs.readdirSync(pending);
    expect(files).toHaveLength(before + 2);
    const kept = files.map((f) => JSON.parse(fs.readFileSync(`${pending}/${f}`, 'utf8')).payload);
    expect(kept.map((p) => p.data.message).sort()).toEqual(['Outage 0', 'Outage 1']);
    expect(kept[0]).toMatchObject({ kind: 'inquiry', data: { carId: 7, name: 'Ada', emailAddress: 'ada@example.com' } });
  });

  it('sends the same key for the same form posted twice, and the honeypot and fill time with it', async () => {
    wp.sendInquiry.mockResolvedValue({ success: true, message: 'Thank you!' });
    const guarded = {
      ...form,
      formKey: 'f0e1d2c3-b4a5-4968-8776-655443322110',
      renderedAt: String(Date.now() - 5000),
      fillMs: '4200',
      website: '',
    };
    await post(guarded);
    await post(guarded);
    await post({ ...guarded, message: 'Something else' });
    const keys = wp.sendInquiry.mock.calls.map((c) => c[2].idempotencyKey);
    expect(keys[0]).toMatch(/^form-[A-Za-z0-9_-]{43}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(wp.sendInquiry.mock.calls[0]![2]).toMatchObject({ fillMs: 4200 });
    expect(wp.sendInquiry.mock.calls[0]![2].honeypot).toBeUndefined();
    await post({ ...guarded, website: 'http://spam.example', fillMs: '' });
    expect(wp.sendInquiry.mock.calls[3]![2]).toMatchObject({ honeypot: 'http://spam.example' });
    expect(wp.sendInquiry.mock.calls[3]![2].fillMs).toBeGreaterThanOrEqual(4900);
  });
});

describe('headers', () => {
  it('never lets a response that sets a cookie or answers a post be shared', () => {
    const loaderHeaders = new Headers({ 'Cache-Control': 'public, max-age=60, s-maxage=120, stale-while-revalidate=300' });
    const none = new Headers();
    const h = (args: Partial<Parameters<typeof headers>[0]>) =>
      new Headers(
        headers({ loaderHeaders, actionHeaders: none, parentHeaders: none, errorHeaders: undefined, ...args } as Parameters<
          typeof headers
        >[0]),
      );
    expect(h({}).get('Cache-Control')).toBe('public, max-age=60, s-maxage=120, stale-while-revalidate=300');
    expect(h({}).get('Vary')).toBe('Cookie');
    expect(h({ parentHeaders: new Headers({ 'Set-Cookie': 'a=b' }) }).get('Cache-Control')).toBe('private, no-store');
    expect(h({ actionHeaders: new Headers({ 'Cache-Control': 'private, no-store' }) }).get('Cache-Control')).toBe('private, no-store');
    const err = h({ errorHeaders: new Headers({ 'Cache-Control': 'private, no-store', 'Retry-After': '30' }), loaderHeaders: none });
    expect(err.get('Retry-After')).toBe('30');
  });
});

describe('car deal form', () => {
  it('sends a guest to sign in and back to the car with the choices, asking WordPress nothing', async () => {
    const res = (await post({
      intent: 'deal-quote',
      formKey: 'k1',
      portId: '',
      country: 'Kenya',
      tradeTerm: 'FOB',
      shipping: 'container',
      inspection: '1',
      message: 'Hi',
    })) as Response;
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('Location')!, 'http://site.test');
    expect(to.pathname).toBe('/login');
    const back = new URL(to.searchParams.get('redirectTo')!, 'http://site.test');
    expect(back.pathname).toBe('/car/7');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      deal: '1',
      country: 'Kenya',
      tradeTerm: 'FOB',
      shipping: 'container',
      message: 'Hi',
      inspection: '1',
    });
    expect(wp.createDeal).not.toHaveBeenCalled();
    expect(wp.sendInquiry).not.toHaveBeenCalled();
  });

  it('fills the form again from the address a guest came back to', async () => {
    wp.carPage.mockResolvedValue({ car, settings, ports: [] });
    const data = await ((await load('/car/7?deal=1&country=Kenya&tradeTerm=CFR&shipping=roro&inspection=1')) as Response).json();
    expect(data.dealChoices).toEqual({ portId: '', country: 'Kenya', tradeTerm: 'CFR', shipping: 'roro', inspection: true, message: '' });
  });
});
