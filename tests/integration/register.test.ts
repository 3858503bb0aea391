// Sign-up (/car-export/v1/register): a new subscriber that is signed in at once, and the refusals
// that must leave no account behind.
import { afterAll, describe, expect, it } from 'vitest';
import { adminToken, deleteUser, newUser, randomIp, rest, unique, type TestUser } from './support/wordpress';
import { decodeJwt } from './support/local';

const REGISTER = '/car-export/v1/register';

const createdIds: number[] = [];

afterAll(async () => {
  for (const id of createdIds) await deleteUser(id);
});

async function existing(): Promise<TestUser> {
  const u = await newUser();
  createdIds.push(u.id);
  return u;
}

/** Accounts whose login, e-mail or name contains $text, as staff see them. */
async function accountsMatching(text: string): Promise<number> {
  const res = await rest(`/wp/v2/users?search=${encodeURIComponent(text)}&context=edit`, { token: await adminToken() });
  expect(res.status).toBe(200);
  return (res.body as unknown[]).length;
}

/** Signs up from $ip (a fresh address by default, so repeated runs never reach the hourly limit). */
async function register(body: Record<string, unknown>, ip = randomIp()) {
  const res = await rest(REGISTER, { method: 'POST', body, headers: { 'X-Forwarded-For': ip } });
  if (res.status === 201 && typeof res.body?.user_id === 'number') createdIds.push(res.body.user_id);
  return res;
}

describe('POST /car-export/v1/register', () => {
  it('creates a subscriber and signs it in', async () => {
    const username = unique('buyer');
    const email = `${username}@example.com`;
    const res = await register({ username, email, password: 'secret-123' });

    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['email', 'token', 'user_id', 'username']);
    expect(res.body.username).toBe(username);
    expect(res.body.email).toBe(email);
    expect(Number.isInteger(res.body.user_id)).toBe(true);
    expect(decodeJwt(res.body.token).payload.data.user.id).toBe(res.body.user_id);

    const staffView = await rest(`/wp/v2/users/${res.body.user_id}?context=edit`, { token: await adminToken() });
    expect(staffView.status).toBe(200);
    expect(staffView.body.username).toBe(username);
    expect(staffView.body.email).toBe(email);
    expect(staffView.body.roles).toEqual(['subscriber']);
    expect(await accountsMatching(username)).toBe(1);

    const me = await rest('/wp/v2/users/me', { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(res.body.user_id);
    const validate = await rest('/jwt-auth/v1/token/validate', { method: 'POST', token: res.body.token });
    expect(validate.status).toBe(200);

    // The new account can sign in with what it registered.
    const login = await rest('/jwt-auth/v1/token', { method: 'POST', body: { username, password: 'secret-123' } });
    expect(login.status).toBe(200);
    expect(login.body.user_display_name).toBe(username);
  });

  it('accepts a name in Cyrillic or Arabic letters, kept as typed, and signs in with it', async () => {
    const tag = unique('u').slice(-8);
    for (const username of [`Иван Петров ${tag}`, `محمد علي ${tag}`]) {
      const email = `${unique('letters')}@example.com`;
      const res = await register({ username, email, password: 'secret-123' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.username).toBe(username);
      const staffView = await rest(`/wp/v2/users/${res.body.user_id}?context=edit`, { token: await adminToken() });
      expect(staffView.body.username).toBe(username);
      const login = await rest('/jwt-auth/v1/token', { method: 'POST', body: { username, password: 'secret-123' } });
      expect(login.status).toBe(200);
      expect(login.body.user_display_name).toBe(username);
    }
  });

  it('a new subscriber cannot do staff things with its token', async () => {
    const u = await existing();
    const list = await rest('/wp/v2/users', { token: u.token });
    expect(list.status).toBe(403);
    const car = await rest('/wp/v2/cars', { method: 'POST', token: u.token, body: { title: 'nope', status: 'publish' } });
    expect(car.status).toBe(403);
  });

  type Case = { name: string; body: (tag: string, taken: TestUser) => Record<string, unknown>; message: string | RegExp };
  const cases: Case[] = [
    {
      name: 'a username with characters WordPress does not allow',
      body: (tag) => ({ username: `${tag}!<b>`, email: `${tag}@example.com`, password: 'secret-123' }),
      message: 'Username may contain only letters, numbers, spaces and the characters _ . - @',
    },
    {
      name: 'a username shorter than 3 characters',
      body: (tag) => ({ username: 'ab', email: `${tag}@example.com`, password: 'secret-123' }),
      message: 'Username must be at least 3 characters long.',
    },
    {
      name: 'an invalid e-mail address',
      body: (tag) => ({ username: tag, email: `${tag}-at-example.com`, password: 'secret-123' }),
      message: 'Please enter a valid e-mail address.',
    },
    {
      name: 'a password of 5 characters',
      body: (tag) => ({ username: tag, email: `${tag}@example.com`, password: '12345' }),
      message: 'Password must be at least 6 characters long.',
    },
    {
      name: 'a password of 5 characters padded with spaces',
      body: (tag) => ({ username: tag, email: `${tag}@example.com`, password: '  12345  ' }),
      message: 'Password must be at least 6 characters long.',
    },
    {
      name: 'a username already taken',
      body: (tag, taken) => ({ username: taken.username, email: `${tag}@example.com`, password: 'secret-123' }),
      message: 'This username is already taken. Please choose another one.',
    },
    {
      name: 'a username already taken, in other letter case',
      body: (tag, taken) => ({ username: taken.username.toUpperCase(), email: `${tag}@example.com`, password: 'secret-123' }),
      message: 'This username is already taken. Please choose another one.',
    },
    {
      name: 'an e-mail address already taken',
      body: (tag, taken) => ({ username: tag, email: taken.email, password: 'secret-123' }),
      message: 'An account with this e-mail address already exists. Please sign in instead.',
    },
    {
      name: 'an e-mail address already taken, in other letter case',
      body: (tag, taken) => ({ username: tag, email: taken.email.toUpperCase(), password: 'secret-123' }),
      message: 'An account with this e-mail address already exists. Please sign in instead.',
    },
    {
      name: 'a missing password',
      body: (tag) => ({ username: tag, email: `${tag}@example.com` }),
      message: 'Please fill in your username, e-mail address and password.',
    },
    {
      name: 'a missing username',
      body: (tag) => ({ email: `${tag}@example.com`, password: 'secret-123' }),
      message: 'Please fill in your username, e-mail address and password.',
    },
    {
      name: 'a non-text username',
      body: (tag) => ({ username: { $ne: '' }, email: `${tag}@example.com`, password: 'secret-123' }),
      message: /must be text/,
    },
  ];

  for (const c of cases) {
    it(`refuses ${c.name} with a 400 and creates no account`, async () => {
      const taken = await existing();
      const tag = unique('reg');
      const res = await register(c.body(tag, taken));
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
      if (typeof c.message === 'string') expect(res.body.message).toBe(c.message);
      else expect(res.body.message).toMatch(c.message);
      expect(res.body.message).not.toMatch(/<[a-z/]/i);
      expect(res.body.token).toBeUndefined();
      // Nothing was created under the tag, and the taken account is still the only one with its e-mail.
      expect(await accountsMatching(tag)).toBe(0);
      expect(await accountsMatching(taken.email)).toBe(1);
    });
  }

  it('refuses the 11th account from one address within an hour with 429 and creates no account', async () => {
    const ip = randomIp();
    // A refused attempt does not count: a visitor fixing a typo must not lose a sign-up.
    const typo = await register({ username: unique('reg'), email: 'not-an-email', password: 'secret-123' }, ip);
    expect(typo.status).toBe(400);
    for (let i = 1; i <= 10; i++) {
      const u = await newUser({ ip });
      createdIds.push(u.id);
    }

    const tag = unique('reg');
    const eleventh = await register({ username: tag, email: `${tag}@example.com`, password: 'secret-123' }, ip);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.code).toBe('car_export_too_many_registrations');
    expect(eleventh.body.message).toBe('Too many accounts have been created from your network recently. Please try again in an hour.');
    expect(eleventh.body.data.retryAfter).toBeGreaterThan(0);
    expect(eleventh.body.data.retryAfter).toBeLessThanOrEqual(3600);
    expect(eleventh.headers.get('retry-after')).toBe(String(eleventh.body.data.retryAfter));
    expect(eleventh.body.token).toBeUndefined();
    expect(await accountsMatching(tag)).toBe(0);

    // Another address is not held back.
    const other = unique('reg');
    expect((await register({ username: other, email: `${other}@example.com`, password: 'secret-123' })).status).toBe(201);
  });
});
