// The account half of the /api contract against the running site and WordPress:
// register, login (by username and by e-mail), validate, and favourites with the caller's bearer
// token, including that one account never sees or changes another's list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, randomIp } from './support/local';
import { deleteUser, gqlData } from './support/wordpress';
import { registerThroughSite, site, type SiteUser } from './support/site';

const users: SiteUser[] = [];
async function user(): Promise<SiteUser> {
  const u = await registerThroughSite();
  users.push(u);
  return u;
}

let a: SiteUser;
let b: SiteUser;
let carIds: number[] = [];

beforeAll(async () => {
  a = await user();
  b = await user();
  const data = await gqlData<{ cars: { nodes: { databaseId: number }[] } }>('{ cars(perPage: 3) { nodes { databaseId } } }');
  carIds = data.cars.nodes.map((n) => n.databaseId);
});

afterAll(async () => {
  for (const u of users) await deleteUser(u.id);
});

describe('POST /api/auth/register', () => {
  it('creates the account and answers {token, user_id, username, email} with 201', async () => {
    expect(a.id).toBeGreaterThan(0);
    expect(decodeJwt(a.token).payload.data.user.id).toBe(a.id);
    const dup = await site('/api/auth/register', {
      method: 'POST',
      body: { username: a.username, email: `x${a.email}`, password: 'secret-123' },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('This username is already taken. Please choose another one.');
  });

  it.each([
    [{ username: 'someone', email: 'someone@example.com' }, 'Please fill in your username, e-mail address and password.'],
    [{ username: 'someone', email: 'not-an-email', password: 'secret-123' }, 'Please enter a valid e-mail address.'],
    [{ username: 'someone', email: 'someone@example.com', password: '12345' }, 'Password must be at least 6 characters long'],
  ])('refuses %j with 400', async (body, message) => {
    const res = await site('/api/auth/register', { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });
});

describe('POST /api/auth/login', () => {
  it('answers WordPress login response by username, not cacheable', async () => {
    const res = await site('/api/auth/login', { method: 'POST', body: { username: a.username, password: a.password } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(Object.keys(res.body).sort()).toEqual(['token', 'user_display_name', 'user_email', 'user_nicename']);
    expect(res.body.user_email).toBe(a.email);
    expect(res.body.user_nicename).toBe(a.username.toLowerCase());
    expect(res.body.user_display_name).toBe(a.username);
    expect(decodeJwt(res.body.token).payload.data.user.id).toBe(a.id);
  });

  it('signs in by e-mail too', async () => {
    const res = await site('/api/auth/login', { method: 'POST', body: { username: a.email, password: a.password } });
    expect(res.status).toBe(200);
    expect(res.body.user_email).toBe(a.email);
  });

  it('answers a wrong password with 403 and WordPress message', async () => {
    const res = await site('/api/auth/login', { method: 'POST', body: { username: a.username, password: 'wrong-password' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'The username or password you entered is incorrect.' });
  });

  it('refuses missing fields, malformed JSON, oversized bodies and GET', async () => {
    const missing = await site('/api/auth/login', { method: 'POST', body: { username: a.username } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please enter your username or email and your password.');
    const malformed = await site('/api/auth/login', { method: 'POST', raw: '{"username": "x", ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('The request body is not valid JSON.');
    const big = await site('/api/auth/login', { method: 'POST', raw: JSON.stringify({ username: 'x'.repeat(17 * 1024), password: 'y' }) });
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/too large/);
    const get = await site('/api/auth/login');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('counts failed attempts per visitor: another address is not locked out', async () => {
    const attacker = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await site('/api/auth/login', { method: 'POST', ip: attacker, body: { username: b.username, password: `bad-${i}` } })).status,
      );
    }
    // Ten wrong passwords are answered as such; from the eleventh on the address is refused.
    expect(statuses).toEqual([...Array(10).fill(403), 429, 429]);
    // Locked out means locked out: even the right password from that address waits.
    const locked = await site('/api/auth/login', { method: 'POST', ip: attacker, body: { username: b.username, password: b.password } });
    expect(locked.status).toBe(429);
    const owner = await site('/api/auth/login', { method: 'POST', body: { username: b.username, password: b.password } });
    expect(owner.status).toBe(200);
  });
});

describe('POST /api/auth/validate', () => {
  it('answers 200 for a good token', async () => {
    const res = await site('/api/auth/validate', { method: 'POST', token: a.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: true });
  });

  it('answers 401 without a token and 403 for a bad one', async () => {
    expect((await site('/api/auth/validate', { method: 'POST' })).status).toBe(401);
    expect((await site('/api/auth/validate', { method: 'POST', token: 'not.a.token' })).status).toBe(403);
    const [h, p] = a.token.split('.');
    expect((await site('/api/auth/validate', { method: 'POST', token: `${h}.${p}.forgedsignature` })).status).toBe(403);
  });
});

describe('favourites', () => {
  const toggle = (u: SiteUser | null, body: unknown) => site('/api/favorites/toggle', { method: 'POST', token: u?.token, body });
  const list = (u: SiteUser) => site('/api/favorites/list', { token: u.token });

  it('starts empty, per user, never cacheable', async () => {
    const res = await list(a);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toEqual({ success: true, favorites: [] });
  });

  it('adds and removes with {success, message}; the list holds the cars', async () => {
    const [first, second] = carIds;
    const add = await toggle(a, { carId: first, action: 'add', title: 'ignored', price: '$1' });
    expect(add.status).toBe(200);
    expect(add.body).toEqual({ success: true, message: 'Car added to favorites.', favorites: [first] });
    await toggle(a, { carId: String(second), action: 'add' });
    const l = await list(a);
    expect(l.body.favorites.map((c: any) => c.id)).toEqual([first, second]);
    const card = l.body.favorites[0];
    expect(card).toEqual(
      expect.objectContaining({ id: first, title: expect.any(String), price: expect.any(String), all_fields: expect.any(Object) }),
    );
    const remove = await toggle(a, { carId: first, action: 'remove' });
    expect(remove.body).toMatchObject({ success: true, message: 'Car removed from favorites.', favorites: [second] });
  });

  it('keeps accounts apart', async () => {
    const [, second, third] = carIds;
    await toggle(b, { carId: third, action: 'add' });
    expect((await list(b)).body.favorites.map((c: any) => c.id)).toEqual([third]);
    expect((await list(a)).body.favorites.map((c: any) => c.id)).toEqual([second]);
    // B removing A's car touches only B's list.
    await toggle(b, { carId: second, action: 'remove' });
    expect((await list(a)).body.favorites.map((c: any) => c.id)).toEqual([second]);
  });

  it('needs a valid bearer token', async () => {
    expect((await site('/api/favorites/list')).status).toBe(401);
    expect((await site('/api/favorites/list')).body.message).toBe('Please sign in to use favorites.');
    expect((await toggle(null, { carId: carIds[0], action: 'add' })).status).toBe(401);
    const bad = await site('/api/favorites/list', { token: 'not.a.token' });
    expect(bad.status).toBe(403);
    expect(bad.body.message).toBe('The token is invalid.');
    // The session cookie of the site is not a way in: the /api takes bearer tokens only.
    expect((await site('/api/favorites/list', { headers: { Cookie: '__session=anything' } })).status).toBe(401);
  });

  it.each([
    [{ action: 'add' }, 400, 'Car ID is missing.'],
    [{ carId: 'abc', action: 'add' }, 400, 'Car ID is invalid.'],
    [{ carId: 1, action: 'toggle' }, 400, 'Action must be "add" or "remove".'],
    [{ carId: 999999999, action: 'add' }, 404, 'The requested car could not be found.'],
  ])('refuses %j', async (body, status, message) => {
    const res = await toggle(a, body);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ message });
  });

  it('refuses wrong methods and malformed bodies', async () => {
    expect((await site('/api/favorites/list', { method: 'POST', token: a.token, body: {} })).status).toBe(405);
    const get = await site('/api/favorites/toggle', { token: a.token });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await site('/api/favorites/toggle', { method: 'POST', token: a.token, raw: 'carId=1' })).status).toBe(400);
  });
});
