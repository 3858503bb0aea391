// The site against a WordPress that really fails: php-fpm frozen with SIGSTOP (requests hang in
// nginx's queue) and php-fpm unreachable (nginx answers 502). The site must keep serving what it has,
// answer an uncached page quickly with 503 and Retry-After, keep every lead sent meanwhile and store
// each exactly once when WordPress is back, including the one WordPress received but never answered.
import { afterAll, describe, expect, it } from 'vitest';
import { storedMessages } from './support/local';
import { eventually, siteOutboxPending, waitForSiteRecovery, withPhpFpmUnreachable, withWordPressPaused } from './support/outage';
import { purgeSiteCache, site, SITE } from './support/site';
import { unique } from './support/wordpress';

/** The first car of the seeded catalogue, by newest. */
async function someCarId(): Promise<number> {
  const res = await site('/api/search/cars?limit=1');
  expect(res.status).toBe(200);
  return res.body.cars[0].id;
}

async function page(path: string, headers: Record<string, string> = {}) {
  const began = Date.now();
  const res = await fetch(`${SITE}${path}`, { headers: { 'X-Forwarded-For': '198.51.100.7', ...headers }, redirect: 'manual' });
  const html = await res.text();
  return { status: res.status, headers: res.headers, html, ms: Date.now() - began };
}

function inquiryBody(email: string, carId: number, note: string) {
  return { name: 'Outage Tester', phoneNumber: '+1 555 010 2030', emailAddress: email, carId, message: note };
}

afterAll(async () => {
  // Whatever happened above, later test files need a working WordPress and site.
  await waitForSiteRecovery();
});

/**
 * Waits until the site's outbox has delivered the lead it kept, then, after `settleMs` for any
 * second copy to land, checks that WordPress stored it exactly once.
 */
async function storedOnce(email: string, what: string, settleMs: number) {
  const stored = await eventually(
    () => {
      const found = storedMessages(email);
      return found.length > 0 && siteOutboxPending().length === 0 ? found : undefined;
    },
    60_000,
    `${what} to reach WordPress`,
  );
  await new Promise((r) => setTimeout(r, settleMs));
  expect(storedMessages(email)).toHaveLength(1);
  return stored;
}

describe('while WordPress is frozen', () => {
  it('keeps serving pages it has, answers stale data after a purge, and fails fast with 503 for the rest', async () => {
    const carId = await someCarId();
    // Seen once with WordPress up: the home page (kept whole) and the car (its data kept).
    expect((await page('/')).status).toBe(200);
    expect((await page(`/car/${carId}`)).status).toBe(200);
    // WordPress says the content changed: the caches empty, but the last good copies stay aside.
    await purgeSiteCache();

    await withWordPressPaused(async () => {
      // The first uncached page of the hang: its reads give up once WordPress has answered nothing for
      // a moment, well before their time-out (4 s), and the page says so.
      // A first visit with filters: the explore page's own error panel, never the site's error page,
      // and its Retry asks for the same filters again.
      const search = unique('frozen');
      const first = await page(`/explore-cars?bodyType=SUV&search=${search}`);
      expect(first.status).toBe(503);
      expect(first.ms).toBeLessThan(3000);
      expect(first.headers.get('retry-after')).toBe('30');
      expect(first.headers.get('cache-control')).toBe('private, no-store');
      expect(first.html).toContain('An error occurred');
      expect(first.html).not.toContain('Something went wrong');
      const retry = new URLSearchParams(
        first.html.match(/<a href="\/explore-cars\?([^"]*)"[^>]*>Retry<\/a>/)?.[1]?.replaceAll('&amp;', '&'),
      );
      expect(Object.fromEntries(retry)).toEqual({ bodyType: 'SUV', search });
      // Once a process of the site knows WordPress hangs, its uncached pages do not wait at all (each
      // worker process finds out for itself, and a breaker probe waits like the first page).
      const next = [];
      do next.push(await page(`/explore-cars?search=${unique('frozen')}`));
      while (next.length < 6 && next.at(-1)!.ms >= 1000);
      expect(next.map((p) => p.status)).toEqual(next.map(() => 503));
      expect(Math.max(...next.map((p) => p.ms))).toBeLessThan(3000);
      expect(next.at(-1)!.ms).toBeLessThan(1000);

      // The car page's data was purged, yet it renders from the last good copy.
      const car = await page(`/car/${carId}`);
      expect(car.status).toBe(200);
      expect(car.ms).toBeLessThan(1000);
      expect(car.html).toContain('Send an Inquiry for this Car');

      // The home page renders (its hero, filter bar and tiles need no WordPress).
      const home = await page('/');
      expect(home.status).toBe(200);
      expect(home.html).toContain('Browse by Body');
    });
    await waitForSiteRecovery();
  }, 120_000);

  it('answers an inquiry and a contact message sent while WordPress hangs at once, and stores each exactly once afterwards', async () => {
    const carId = await someCarId();
    const email = `${unique('frozen')}@example.com`;
    const contactEmail = `${unique('frozen-contact')}@example.com`;
    const key = `test-${unique('key')}-frozen-inquiry`;
    const contactForm = new URLSearchParams({
      firstName: 'Frozen',
      lastName: 'Tester',
      email: contactEmail,
      message: 'contact sent while frozen',
      formKey: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
      renderedAt: String(Date.now() - 10_000),
      fillMs: '',
      website: '',
    });
    const timed = async <T>(send: () => Promise<T>) => {
      const began = Date.now();
      const value = await send();
      return { value, ms: Date.now() - began };
    };
    const [inquiry, contact] = await withWordPressPaused(() =>
      // The breaker is closed: the site really sends both, nginx queues them for the frozen PHP, and
      // the site hands them to its outbox after a short wait instead of its whole write time-out
      // (10 s). WordPress processes the queued copies when it resumes and the outbox sends them
      // again: the keys make each one lead.
      Promise.all([
        timed(() =>
          site('/api/inquiry', {
            method: 'POST',
            body: inquiryBody(email, carId, 'sent while frozen'),
            headers: { 'Idempotency-Key': key },
          }),
        ),
        timed(async () => {
          const res = await fetch(`${SITE}/contact-us?_data=routes%2Fcontact-us`, {
            method: 'POST',
            body: contactForm,
            headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': '198.51.100.24' },
          });
          return { status: res.status, body: await res.json() };
        }),
      ]),
    );
    expect(inquiry.value.status).toBe(202);
    expect(inquiry.value.body).toEqual({ success: true, message: 'Thank you! Your inquiry has been sent. We will contact you shortly.' });
    expect(inquiry.value.headers.get('idempotency-key')).toBe(key);
    expect(contact.value).toEqual({ status: 200, body: { ok: true, message: 'Your message has been sent successfully!' } });
    expect(inquiry.ms).toBeLessThan(5000);
    expect(contact.ms).toBeLessThan(5000);

    const stored = await storedOnce(email, 'the kept inquiry', 3000);
    expect(stored[0]).toMatchObject({ type: 'car_inquiry' });
    expect(stored[0]!.content).toContain('sent while frozen');
    const storedContact = await storedOnce(contactEmail, 'the kept contact message', 0);
    expect(storedContact[0]).toMatchObject({ type: 'contact_message' });
    await waitForSiteRecovery();
  }, 120_000);
});

describe('while nginx cannot reach php-fpm', () => {
  it('answers a contact form post with success, and delivers it once php-fpm is back', async () => {
    const email = `${unique('down')}@example.com`;
    const form = new URLSearchParams({
      firstName: 'Down',
      lastName: 'Tester',
      email,
      message: 'sent while php-fpm was down',
      formKey: '0f9e8d7c-6b5a-4493-8281-706f5e4d3c2b',
      renderedAt: String(Date.now() - 10_000),
      fillMs: '',
      website: '',
    });
    const post = () =>
      fetch(`${SITE}/contact-us?_data=routes%2Fcontact-us`, {
        method: 'POST',
        body: form,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': '198.51.100.23' },
      });
    const answers = await withPhpFpmUnreachable(async () => {
      const first = await post();
      // The visitor's browser retried (or they clicked twice): the same form, the same key.
      const second = await post();
      return [first.status, await first.json(), second.status, await second.json()];
    });
    expect(answers).toEqual([
      200,
      { ok: true, message: 'Your message has been sent successfully!' },
      200,
      { ok: true, message: 'Your message has been sent successfully!' },
    ]);
    const stored = await storedOnce(email, 'the kept message', 2000);
    expect(stored[0]).toMatchObject({ type: 'contact_message' });
    await waitForSiteRecovery();
  }, 120_000);
});

describe('with WordPress up', () => {
  it('makes one lead of the same request sent twice, and answers both the same', async () => {
    const carId = await someCarId();
    const email = `${unique('twice')}@example.com`;
    const key = `test-${unique('key')}-twice`;
    const send = () =>
      site('/api/inquiry', { method: 'POST', body: inquiryBody(email, carId, 'double click'), headers: { 'Idempotency-Key': key } });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body).toEqual(a.body);
    const c = await send();
    expect(c.status).toBe(201);
    expect(storedMessages(email)).toHaveLength(1);
  });

  it('refuses a malformed idempotency key with a 400 and stores nothing', async () => {
    const email = `${unique('badkey')}@example.com`;
    const res = await site('/api/inquiry', {
      method: 'POST',
      body: inquiryBody(email, await someCarId(), 'x'),
      headers: { 'Idempotency-Key': 'short' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Idempotency-Key/);
    expect(storedMessages(email)).toHaveLength(0);
  });
});
