// The WordPress client against a fake fetch: GraphQL reads by GET, REST writes with the visitor's
// headers, the error contract (body message, else "HTTP error! status: {code}",
// status 0 for network failures and time-outs), and payloads checked at the boundary.
import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import car from '../fixtures/graphql-car.json';
import login from '../fixtures/rest-login.json';
import wrongPassword from '../fixtures/rest-login-wrong-password.json';
import { createWordPressClient, WordPressError } from '~/lib/wordpress/client.server';

type Call = { url: URL; init: RequestInit };

function fakeWordPress(
  respond: (call: Call) => Response | Promise<Response>,
  options: { hangMs?: number; readTimeoutMs?: number; timeoutMs?: number; visitorSecret?: string | null } = {},
) {
  const calls: Call[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: new URL(String(input)), init };
    calls.push(call);
    return respond(call);
  });
  const client = createWordPressClient({
    baseUrl: 'http://wp.test/',
    fetch: fetchImpl as typeof fetch,
    cache: false,
    timeoutMs: 200,
    ...options,
  });
  return { client, calls };
}

const jsonRes = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const header = (call: Call, name: string) => new Headers(call.init.headers).get(name);

const visitor = {
  ip: '198.18.0.7',
  userAgent: 'Test Browser/1.0',
  adIds: { fbp: 'fb.1.123.456', gclid: 'Cj0KCQ', fbc: undefined, ttp: 'ttp_1' },
};

describe('GraphQL reads', () => {
  it('GETs /graphql with the query and variables, and maps the car', async () => {
    const { client, calls } = fakeWordPress(() => jsonRes({ data: car }));
    const detail = await client.getCar(car.car.databaseId);
    expect(detail?.id).toBe(car.car.databaseId);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.url.pathname).toBe('/graphql');
    expect(calls[0]!.url.searchParams.get('operationName')).toBe('Car');
    expect(JSON.parse(calls[0]!.url.searchParams.get('variables')!)).toEqual({ id: String(car.car.databaseId) });
  });

  it('answers null for a car WordPress does not know, without asking for impossible ids', async () => {
    const { client, calls } = fakeWordPress(() => jsonRes({ data: { car: null } }));
    expect(await client.getCar(99)).toBeNull();
    expect(await client.getCar(0)).toBeNull();
    expect(await client.getCar(-1)).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('sends the explore mapping as variables', async () => {
    const { client, calls } = fakeWordPress(() =>
      jsonRes({ data: { cars: { nodes: [], total: 0, page: 1, perPage: 100, totalPages: 0 } } }),
    );
    const r = await client.searchCars({ brand: 'BYD', sortBy: 'price', sortOrder: 'asc', showAll: true, search: '' });
    expect(r).toEqual({ cars: [], total: 0, page: 1, limit: 100, totalPages: 0 });
    expect(JSON.parse(calls[0]!.url.searchParams.get('variables')!)).toEqual({
      filter: { brand: 'BYD' },
      orderBy: 'PRICE',
      order: 'ASC',
      page: 1,
      perPage: 100,
    });
  });

  it('turns a GraphQL error into a WordPressError with its message', async () => {
    const { client } = fakeWordPress(() => jsonRes({ errors: [{ message: 'perPage must be between 1 and 100.' }], data: null }));
    await expect(client.filterOptions()).rejects.toMatchObject({
      name: 'WordPressError',
      message: 'perPage must be between 1 and 100.',
      status: 502,
    });
  });

  it('turns an HTTP failure without a body into "HTTP error! status: {code}"', async () => {
    const { client } = fakeWordPress(
      () => new Response('<html>bad gateway</html>', { status: 503, headers: { 'Content-Type': 'text/html' } }),
    );
    await expect(client.filterOptions()).rejects.toMatchObject({ message: 'HTTP error! status: 503', status: 503 });
  });

  it('refuses a payload that does not match the schema', async () => {
    const { client } = fakeWordPress(() => jsonRes({ data: { carFilters: { brands: 'not a list' } } }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const err = await client.filterOptions().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WordPressError);
    expect((err as WordPressError).status).toBe(502);
    vi.restoreAllMocks();
  });
});

describe('REST calls', () => {
  it('signs in with the visitor forwarded and returns the login response as is', async () => {
    const { client, calls } = fakeWordPress(() => jsonRes({ ...login, extra: 'ignored' }));
    const res = await client.login('buyer', 'secret-pw', visitor);
    expect(res).toEqual(login);
    const c = calls[0]!;
    expect(c.url.href).toBe('http://wp.test/wp-json/jwt-auth/v1/token');
    expect(c.init.method).toBe('POST');
    expect(JSON.parse(String(c.init.body))).toEqual({ username: 'buyer', password: 'secret-pw' });
    expect(header(c, 'X-Forwarded-For')).toBe('198.18.0.7');
    expect(header(c, 'User-Agent')).toBe('Test Browser/1.0');
  });

  it('vouches for the visitor’s address with the shared secret, signed at the time of each call', async () => {
    const secret = 'shared-secret-0123456789abcdef';
    const { client, calls } = fakeWordPress(() => jsonRes({ success: true, message: 'Thanks' }, 201), { visitorSecret: secret });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(1_765_140_000_900);
      await client.sendInquiry({ carId: 1, name: 'A', phoneNumber: '12345', emailAddress: 'a@b.co' }, { ...visitor, ip: '203.0.113.7' });
      // The same value WordPress's own PHPUnit test signs (VisitorSignatureTest): both sides agree on the format.
      expect(header(calls[0]!, 'X-Car-Export-Visitor')).toBe(
        '203.0.113.7,1765140000,d51f128b8a640a0ab07ffd069709b63d6e47d8b94245a731ad1199d87e7573ca',
      );
      vi.setSystemTime(1_765_140_061_000);
      await client.forgotPassword('a@b.co', { adIds: {}, ip: '2001:db8::42' });
      const [ip, time, mac] = header(calls[1]!, 'X-Car-Export-Visitor')!.split(',');
      const key = createHmac('sha256', secret).update('car-export-visitor').digest();
      expect([ip, time, mac]).toEqual([
        '2001:db8::42',
        '1765140061',
        createHmac('sha256', key).update('2001:db8::42\n1765140061').digest('hex'),
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('signs nothing without a secret or without a visitor address', async () => {
    const unsigned = fakeWordPress(() => jsonRes(login));
    await unsigned.client.login('buyer', 'pw', visitor);
    expect(header(unsigned.calls[0]!, 'X-Car-Export-Visitor')).toBeNull();
    expect(header(unsigned.calls[0]!, 'X-Forwarded-For')).toBe('198.18.0.7');
    const anonymous = fakeWordPress(
      (call) => jsonRes(call.url.pathname.endsWith('/favorites') ? { success: true, favorites: [] } : login),
      {
        visitorSecret: 'shared-secret-0123456789abcdef',
      },
    );
    await anonymous.client.login('buyer', 'pw', { adIds: {} });
    await anonymous.client.favorites('tok');
    expect(anonymous.calls.map((c) => header(c, 'X-Car-Export-Visitor'))).toEqual([null, null]);
  });

  it('tells a flood limit counted on the site’s own connection from the visitor’s own', async () => {
    const limited = (limitedBy?: string) =>
      fakeWordPress(() => jsonRes({ code: 'x', message: 'Slow down.', data: { status: 429, retryAfter: 9, limitedBy } }, 429)).client;
    const send = (client: ReturnType<typeof limited>) => client.sendContact({ firstName: 'A', lastName: 'B', email: 'a@b.co' }, visitor);
    await expect(send(limited('peer'))).rejects.toMatchObject({ status: 429, sharedLimit: true });
    await expect(send(limited('visitor'))).rejects.toMatchObject({ status: 429, sharedLimit: false });
    await expect(send(limited())).rejects.toMatchObject({ status: 429, sharedLimit: false });
    const notAFlood = fakeWordPress(() => jsonRes({ code: 'x', message: 'No.', data: { status: 403, limitedBy: 'peer' } }, 403)).client;
    await expect(send(notAFlood)).rejects.toMatchObject({ status: 403, sharedLimit: false });
  });

  it('uses the body message of a failure and keeps the status', async () => {
    const { client } = fakeWordPress(() => jsonRes(wrongPassword, 403));
    await expect(client.login('buyer', 'nope')).rejects.toMatchObject({
      message: 'The username or password you entered is incorrect.',
      status: 403,
      code: '[jwt_auth] incorrect_password',
    });
  });

  it('reports retryAfter of a rate-limited call', async () => {
    const { client } = fakeWordPress(() => jsonRes({ code: 'x', message: 'Slow down.', data: { status: 429, retryAfter: 42 } }, 429));
    await expect(client.sendContact({ firstName: 'A', lastName: 'B', email: 'a@b.co' }, visitor)).rejects.toMatchObject({
      status: 429,
      retryAfter: 42,
    });
  });

  it('falls back to "HTTP error! status: {code}" when the body has no message', async () => {
    const { client } = fakeWordPress(() => new Response('', { status: 500 }));
    await expect(client.favorites('t')).rejects.toMatchObject({ message: 'HTTP error! status: 500', status: 500 });
  });

  it('reports a network failure as status 0', async () => {
    const { client } = fakeWordPress(() => {
      throw new TypeError('fetch failed');
    });
    await expect(client.favorites('t')).rejects.toMatchObject({ status: 0 });
  });

  it('gives up after the time-out with status 0', async () => {
    const { client } = fakeWordPress(
      (call) =>
        new Promise<Response>((_resolve, reject) => {
          call.init.signal?.addEventListener('abort', () => reject(call.init.signal?.reason));
        }),
    );
    const started = Date.now();
    await expect(client.favorites('t')).rejects.toMatchObject({ status: 0, message: 'The request to WordPress timed out.' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('sends contact messages with the ad ids as X-Ad-* headers and leaves out empty optional fields', async () => {
    const { client, calls } = fakeWordPress(() => jsonRes({ success: true, message: 'Your message has been sent successfully!' }, 201));
    const r = await client.sendContact(
      { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phoneNumber: '', message: '  ' },
      visitor,
    );
    expect(r).toEqual({ success: true, message: 'Your message has been sent successfully!' });
    const c = calls[0]!;
    expect(c.url.pathname).toBe('/wp-json/car-export/v1/contact');
    expect(JSON.parse(String(c.init.body))).toEqual({ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' });
    expect(header(c, 'X-Ad-Fbp')).toBe('fb.1.123.456');
    expect(header(c, 'X-Ad-Gclid')).toBe('Cj0KCQ');
    expect(header(c, 'X-Ad-Ttp')).toBe('ttp_1');
    expect(header(c, 'X-Ad-Fbc')).toBeNull();
    expect(header(c, 'X-Forwarded-For')).toBe('198.18.0.7');
  });

  it('sends inquiries to /inquiries', async () => {
    const { client, calls } = fakeWordPress(() => jsonRes({ success: true, message: 'Thanks' }, 201));
    await client.sendInquiry(
      { name: 'Ann', phoneNumber: '+86 123 4567', emailAddress: 'ann@example.com', carId: 5, message: 'Hi' },
      visitor,
    );
    expect(calls[0]!.url.pathname).toBe('/wp-json/car-export/v1/inquiries');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      name: 'Ann',
      phoneNumber: '+86 123 4567',
      emailAddress: 'ann@example.com',
      carId: 5,
      message: 'Hi',
    });
  });

  it('sends the bearer token with favourites calls', async () => {
    const { client, calls } = fakeWordPress(() => jsonRes({ success: true, message: 'Car added to favorites.', favorites: [5] }));
    expect(await client.toggleFavorite('tok', 5, 'add')).toEqual({ success: true, message: 'Car added to favorites.', favorites: [5] });
    expect(header(calls[0]!, 'Authorization')).toBe('Bearer tok');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ carId: 5, action: 'add' });
  });

  it('validates tokens: 200 yes, 401/403 no, anything else is an error', async () => {
    let status = 200;
    const { client } = fakeWordPress(() => jsonRes(status === 200 ? { code: 'jwt_auth_valid_token' } : { message: 'no' }, status));
    expect(await client.validateToken('t')).toBe(true);
    status = 403;
    expect(await client.validateToken('t')).toBe(false);
    status = 401;
    expect(await client.validateToken('t')).toBe(false);
    status = 500;
    await expect(client.validateToken('t')).rejects.toBeInstanceOf(WordPressError);
  });
});

describe('failure handling', () => {
  it('opens the breaker after three failures in a row and then answers at once with a 503', async () => {
    const { client, calls } = fakeWordPress(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    for (let i = 0; i < 3; i++) {
      await expect(client.getCar(5)).rejects.toMatchObject({ status: 502 });
    }
    expect(client.breaker.state).toBe('open');
    const error = await client.getCar(5).catch((e) => e);
    expect(error).toBeInstanceOf(WordPressError);
    expect(error).toMatchObject({ status: 503, code: 'circuit_open' });
    expect(error.retryAfter).toBeGreaterThanOrEqual(1);
    // The fourth call never reached WordPress.
    expect(calls).toHaveLength(3);
  });

  it('does not count refusals or GraphQL errors against WordPress', async () => {
    let n = 0;
    const { client } = fakeWordPress(() =>
      ++n % 2 ? jsonRes({ code: 'rest_invalid_param', message: 'Bad field.' }, 400) : jsonRes({ errors: [{ message: 'Bad query' }] }),
    );
    for (let i = 0; i < 6; i++) {
      if (i % 2 === 0)
        await expect(client.sendContact({ firstName: 'a', lastName: 'b', email: 'a@b.co' }, visitor)).rejects.toMatchObject({
          status: 400,
        });
      else await expect(client.getCar(5)).rejects.toMatchObject({ status: 502, code: 'graphql_error' });
    }
    expect(client.breaker.state).toBe('closed');
  });

  it('gives up every waiting read once WordPress answered nothing for a while, and fails the next at once', async () => {
    const never = () => new Promise<Response>(() => {});
    const { client, calls } = fakeWordPress(never, { hangMs: 100, readTimeoutMs: 5_000, timeoutMs: 5_000 });
    const began = Date.now();
    const first = client.getCar(5).catch((e) => e);
    await new Promise((r) => setTimeout(r, 60));
    // Sent later, but WordPress is just as hung: they give up with the first, not 100 ms after themselves.
    const second = client.searchCars({}).catch((e) => e);
    // A lead gives up too (the outbox keeps it, and its key makes a late copy harmless).
    const lead = client.sendInquiry({ carId: 1, name: 'A', phoneNumber: '12345', emailAddress: 'a@b.co' }, visitor).catch((e) => e);
    const errors = await Promise.all([first, second, lead]);
    expect(Date.now() - began).toBeLessThan(1_000);
    for (const error of errors) expect(error).toMatchObject({ status: 0, message: 'The request to WordPress timed out.' });
    expect(client.breaker.state).toBe('open');
    await expect(client.ports()).rejects.toMatchObject({ status: 503, code: 'circuit_open' });
    expect(calls).toHaveLength(3);
  });

  it('lets a slow read take its whole time-out while WordPress answers other calls', async () => {
    const { client } = fakeWordPress(
      async (call) => {
        const slow = call.url.searchParams.get('query')?.includes('car(');
        if (slow) await new Promise((r) => setTimeout(r, 300));
        return jsonRes({ data: slow ? car : { ports: [] } });
      },
      { hangMs: 100, readTimeoutMs: 5_000 },
    );
    const slow = client.getCar(car.car.databaseId);
    await new Promise((r) => setTimeout(r, 20));
    await client.ports();
    expect((await slow)?.id).toBe(car.car.databaseId);
    expect(client.breaker.state).toBe('closed');
  });

  it('survives a body that stalls after the headers: a time-out, not a crash', async () => {
    const { client } = fakeWordPress(
      () =>
        new Response(
          new ReadableStream({
            start(c) {
              c.enqueue(new TextEncoder().encode('{"succ'));
            },
          }),
          {
            status: 201,
            headers: { 'Content-Type': 'application/json' },
          },
        ),
    );
    const error = await client.sendInquiry({ carId: 1, name: 'A', phoneNumber: '12345', emailAddress: 'a@b.co' }, visitor).catch((e) => e);
    expect(error).toMatchObject({ status: 0, message: 'The request to WordPress timed out.' });
  });

  it('sends a lead with its idempotency key, honeypot and fill time', async () => {
    const { client, calls } = fakeWordPress(() => jsonRes({ success: true, message: 'Thanks' }, 201));
    await client.sendInquiry({ carId: 3, name: 'Ada', phoneNumber: '+44 20 7946 0958', emailAddress: 'ada@example.com' }, visitor, {
      idempotencyKey: 'form-abcdefghijklmnopqrstuvwxyz',
      honeypot: '',
      fillMs: 5321.7,
    });
    expect(header(calls[0]!, 'Idempotency-Key')).toBe('form-abcdefghijklmnopqrstuvwxyz');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      carId: 3,
      name: 'Ada',
      phoneNumber: '+44 20 7946 0958',
      emailAddress: 'ada@example.com',
      fillMs: 5321,
    });
    await client.sendContact({ firstName: 'A', lastName: 'B', email: 'a@b.co' }, visitor, { honeypot: 'http://spam.example' });
    expect(JSON.parse(String(calls[1]!.init.body))).toMatchObject({ website: 'http://spam.example' });
    expect(header(calls[1]!, 'Idempotency-Key')).toBeNull();
  });
});
