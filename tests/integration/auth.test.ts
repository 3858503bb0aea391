// Sign-in tokens (/jwt-auth/v1/token), their validation, bearer authentication of other routes, and
// revocation of earlier tokens when the password changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WP, adminToken, deleteUser, http, newUser, rest, suiteUsers, token, unique, type TestUser } from './support/wordpress';
import { decodeJwt } from './support/local';

const TOKEN = '/jwt-auth/v1/token';
const VALIDATE = '/jwt-auth/v1/token/validate';
const WRONG_CREDENTIALS = 'The username or password you entered is incorrect.';

const users = suiteUsers();
const user = users.create;

/** The token with one character of its signature changed. */
function tamperSignature(jwt: string): string {
  const [h, p, s = ''] = jwt.split('.');
  const first = s[0] === 'A' ? 'B' : 'A';
  return `${h}.${p}.${first}${s.slice(1)}`;
}

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

let alice: TestUser;

beforeAll(async () => {
  alice = await user();
});

afterAll(async () => {
  await users.removeAll();
});

describe('POST /jwt-auth/v1/token', () => {
  it('issues a token for a username, in the JWT plugin shape', async () => {
    const res = await rest(TOKEN, { method: 'POST', body: { username: alice.username, password: alice.password } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['token', 'user_display_name', 'user_email', 'user_nicename']);
    expect(res.body.user_email).toBe(alice.email);
    expect(res.body.user_nicename).toBe(alice.username.toLowerCase());
    expect(res.body.user_display_name).toBe(alice.username);
    expect(res.body.token.split('.')).toHaveLength(3);
  });

  it('issues a token for the e-mail address too', async () => {
    const res = await rest(TOKEN, { method: 'POST', body: { username: alice.email, password: alice.password } });
    expect(res.status).toBe(200);
    expect(res.body.user_email).toBe(alice.email);
    expect(res.body.user_nicename).toBe(alice.username.toLowerCase());
    expect(decodeJwt(res.body.token).payload.data.user.id).toBe(alice.id);
  });

  it('signs an HS256 token whose payload has iss, iat, nbf, exp and data.user.id', async () => {
    const jwt = await token(alice.username, alice.password);
    const { header, payload } = decodeJwt(jwt);
    const now = Math.floor(Date.now() / 1000);
    expect(header.alg).toBe('HS256');
    expect(new URL(payload.iss).origin).toBe(new URL(WP).origin);
    expect(Math.abs(payload.iat - now)).toBeLessThan(120);
    expect(payload.nbf).toBeLessThanOrEqual(payload.iat);
    expect(payload.exp).toBeGreaterThan(payload.iat + 3600);
    expect(payload.data.user.id).toBe(alice.id);
  });

  it('answers a wrong password and an unknown account with the same plain 403', async () => {
    const wrong = await rest(TOKEN, { method: 'POST', body: { username: alice.username, password: 'not-the-password' } });
    const unknownName = unique('nobody');
    const unknown = await rest(TOKEN, { method: 'POST', body: { username: unknownName, password: 'whatever-123' } });
    const unknownMail = await rest(TOKEN, { method: 'POST', body: { username: `${unknownName}@example.com`, password: 'x-123456' } });

    for (const res of [wrong, unknown, unknownMail]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(WRONG_CREDENTIALS);
      expect(res.body.message).not.toMatch(/<[a-z/]/i);
      expect(res.body.token).toBeUndefined();
    }
    expect(unknown.body.code).toBe(wrong.body.code);
    expect(unknownMail.body.code).toBe(wrong.body.code);
    // The answer must not echo which account was asked about.
    expect(wrong.text).not.toContain(alice.username);
    expect(unknown.text).not.toContain(unknownName);
  });

  it('asks for the missing field with a 400', async () => {
    const noName = await rest(TOKEN, { method: 'POST', body: { password: 'something' } });
    const noPassword = await rest(TOKEN, { method: 'POST', body: { username: alice.username } });
    const blank = await rest(TOKEN, { method: 'POST', body: { username: '  ', password: '' } });
    const empty = await rest(TOKEN, { method: 'POST', body: {} });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('Please enter your username or e-mail address.');
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toBe('Please enter your password.');
    expect(blank.status).toBe(400);
    expect(empty.status).toBe(400);
    for (const res of [noName, noPassword, blank, empty]) expect(res.body.token).toBeUndefined();
  });

  it('still lets a client with a stale token in its header sign in again', async () => {
    const res = await rest(TOKEN, {
      method: 'POST',
      token: 'stale.garbage.token',
      body: { username: alice.username, password: alice.password },
    });
    expect(res.status).toBe(200);
    expect(decodeJwt(res.body.token).payload.data.user.id).toBe(alice.id);
  });
});

describe('POST /jwt-auth/v1/token/validate', () => {
  it('accepts a good token', async () => {
    const res = await rest(VALIDATE, { method: 'POST', token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 'jwt_auth_valid_token', data: { status: 200 } });
  });

  it('refuses a request without a token', async () => {
    const res = await rest(VALIDATE, { method: 'POST' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Authorization header not found.');
  });

  it('refuses garbage, a tampered signature, a forged payload and an unsigned token', async () => {
    const [h, p, s] = alice.token.split('.');
    const payload = decodeJwt(alice.token).payload;
    const forged = `${h}.${b64url({ ...payload, data: { user: { ...payload.data.user, id: 1 } } })}.${s}`;
    const unsigned = `${b64url({ typ: 'JWT', alg: 'none' })}.${p}.`;
    for (const bad of ['garbage', 'a.b.c', tamperSignature(alice.token), forged, unsigned]) {
      const res = await rest(VALIDATE, { method: 'POST', token: bad });
      expect(res.status, bad).toBe(403);
      expect(res.body.code).toBe('jwt_auth_invalid_token');
      // One plain sentence whatever was wrong: the library's reason (bad signature, wrong algorithm) stays internal.
      expect(res.body.message, bad).toBe('The token is invalid.');
      expect(res.text).not.toMatch(/Firebase|\.php|Stack trace/i);
    }
  });
});

describe('bearer tokens on other routes', () => {
  it('authenticate a core route as that user', async () => {
    const res = await rest('/wp/v2/users/me', { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(alice.id);
    expect(res.body.name).toBe(alice.username);
  });

  it('without a token the same route is refused', async () => {
    const res = await rest('/wp/v2/users/me');
    expect(res.status).toBe(401);
  });

  it('an invalid token fails the request instead of continuing as a visitor', async () => {
    const me = await rest('/wp/v2/users/me', { token: tamperSignature(alice.token) });
    expect(me.status).toBe(403);
    expect(me.body.code).toBe('jwt_auth_invalid_token');
    // Even a route that visitors may read refuses a bad token, so the client learns its session is over.
    const posts = await rest('/wp/v2/posts', { token: 'garbage' });
    expect(posts.status).toBe(403);
    expect(posts.body.code).toBe('jwt_auth_invalid_token');
    const favorites = await rest('/car-export/v1/favorites', { token: 'garbage' });
    expect(favorites.status).toBe(403);
  });

  it('work with the ?rest_route= form of the API', async () => {
    const headers = { Authorization: `Bearer ${alice.token}`, Accept: 'application/json' };
    const me = await http(`/?rest_route=${encodeURIComponent('/wp/v2/users/me')}`, { headers });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(alice.id);
    const valid = await http(`/?rest_route=${encodeURIComponent(VALIDATE)}`, { method: 'POST', headers });
    expect(valid.status).toBe(200);
    expect(valid.body.code).toBe('jwt_auth_valid_token');
    const bad = await http(`/?rest_route=${encodeURIComponent('/wp/v2/users/me')}`, {
      headers: { Authorization: `Bearer ${tamperSignature(alice.token)}`, Accept: 'application/json' },
    });
    expect(bad.status).toBe(403);
  });
});

describe('revocation', () => {
  it('a password change refuses earlier tokens; a token for the new password works', async () => {
    const bob = await user();
    const oldToken = bob.token;
    const second = await token(bob.username, bob.password);
    expect((await rest(VALIDATE, { method: 'POST', token: oldToken })).status).toBe(200);
    expect((await rest('/car-export/v1/favorites', { token: oldToken })).status).toBe(200);

    const newPassword = `${bob.password}-changed`;
    const change = await rest(`/wp/v2/users/${bob.id}`, {
      method: 'POST',
      token: await adminToken(),
      body: { password: newPassword },
    });
    expect(change.status).toBe(200);

    for (const stale of [oldToken, second]) {
      const validate = await rest(VALIDATE, { method: 'POST', token: stale });
      expect(validate.status).toBe(403);
      expect(validate.body.code).toBe('jwt_auth_invalid_token');
      expect(validate.body.message).toBe('The token has been revoked. Please sign in again.');
      const favorites = await rest('/car-export/v1/favorites', { token: stale });
      expect(favorites.status).toBe(403);
      expect(favorites.body.success).toBeUndefined();
    }

    const oldLogin = await rest(TOKEN, { method: 'POST', body: { username: bob.username, password: bob.password } });
    expect(oldLogin.status).toBe(403);

    const fresh = await token(bob.username, newPassword);
    expect((await rest(VALIDATE, { method: 'POST', token: fresh })).status).toBe(200);
    const favorites = await rest('/car-export/v1/favorites', { token: fresh });
    expect(favorites.status).toBe(200);
    expect(favorites.body.success).toBe(true);
    const me = await rest('/wp/v2/users/me', { token: fresh });
    expect(me.body.id).toBe(bob.id);
  });

  it('a password change of one account leaves the tokens of others valid', async () => {
    const carol = await user();
    const dave = await user();
    const change = await rest(`/wp/v2/users/${carol.id}`, {
      method: 'POST',
      token: await adminToken(),
      body: { password: `${carol.password}-new` },
    });
    expect(change.status).toBe(200);
    expect((await rest(VALIDATE, { method: 'POST', token: carol.token })).status).toBe(403);
    expect((await rest(VALIDATE, { method: 'POST', token: dave.token })).status).toBe(200);
  });

  it("a deleted account's token is refused", async () => {
    const erin = await newUser();
    await deleteUser(erin.id);
    const res = await rest(VALIDATE, { method: 'POST', token: erin.token });
    expect(res.status).toBe(403);
    expect((await rest('/wp/v2/users/me', { token: erin.token })).status).toBe(403);
  });
});
