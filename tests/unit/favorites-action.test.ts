// The heart's action (/resources/favorites) when WordPress refuses the session's token: a plain form
// post (no JavaScript) is sent to sign in with the signed-out sentence and back to its page, a fetch
// caller gets 401; a refusal that is not about the token does not end the session.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUnitEnv } from './support/unit-env';

const wp = vi.hoisted(() => ({ toggleFavorite: vi.fn(), favoriteIds: vi.fn(), validateToken: vi.fn() }));

vi.mock('~/lib/wordpress/client.server', async (importOriginal) => {
  const real = await importOriginal<typeof import('~/lib/wordpress/client.server')>();
  return { ...real, getWordPress: () => wp };
});

const { WordPressError } = await import('~/lib/wordpress/client.server');
const { commitUserSession } = await import('~/lib/auth/session.server');
const { favoritesAction } = await import('~/routes/resources.favorites/favorites-action.server');

/** An unsigned token with WordPress's payload shape, valid for an hour (the site never checks signatures). */
function token(): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iss: 'http://wp.test', exp, data: { user: { id: 5, gen: 1 } } })}.sig`;
}

async function post(headers: Record<string, string> = {}): Promise<Response> {
  const cookie = (
    await commitUserSession(new Request('http://site.test/'), {
      token: token(),
      user: { id: 5, username: 'buyer', email: 'buyer@example.com', displayName: 'Buyer' },
    })
  ).split(';')[0]!;
  const body = new URLSearchParams({ intent: 'toggle', carId: '12', action: 'add', redirectTo: '/explore-cars?brand=BYD' });
  const request = new Request('http://site.test/resources/favorites', { method: 'POST', body, headers: { Cookie: cookie, ...headers } });
  return favoritesAction({ request, params: {}, context: {} } as never);
}

const revoked = () => new WordPressError('The token has been revoked. Please sign in again.', 403, 'jwt_auth_invalid_token');

useUnitEnv();
beforeEach(() => {
  for (const fn of Object.values(wp)) fn.mockReset();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('favourites action when the session is over', () => {
  it('without JavaScript: signs out and says so on the sign-in page, then back to the page', async () => {
    wp.toggleFavorite.mockRejectedValue(revoked());
    const res = await post();
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/login?redirectTo=%2Fexplore-cars%3Fbrand%3DBYD&signedOut=1');
    expect(res.headers.get('Set-Cookie')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });

  it('a fetch caller gets 401, asked to sign in, with the session cleared', async () => {
    wp.toggleFavorite.mockRejectedValue(new WordPressError('Expired token', 401));
    const res = await post({ Accept: 'application/json' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, signInRequired: true });
    expect(res.headers.get('Set-Cookie')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });

  it('a 403 that is not about the token keeps the visitor signed in', async () => {
    wp.toggleFavorite.mockRejectedValue(new WordPressError('Sorry, you are not allowed to do that.', 403, 'rest_forbidden'));
    const plain = await post();
    expect(plain.headers.get('Location')).toBe('/explore-cars?brand=BYD');
    expect(plain.headers.get('Set-Cookie')).toBeNull();
    const res = await post({ Accept: 'application/json' });
    expect(res.status).toBe(403);
    expect(res.headers.get('Set-Cookie')).toBeNull();
  });
});
