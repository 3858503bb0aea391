// Password guessing on wp-login.php, the staff's sign-in form: after ten wrong passwords for one name
// from one address, that name is refused from there for 15 minutes, even with the right password
// (the answer must not tell a guesser which try was right); the same person elsewhere, and other
// people, still sign in. The local stack's nginx reaches PHP over loopback, which is a trusted proxy,
// so X-Forwarded-For names each visitor's address as a proxy in front would.
import { afterAll, describe, expect, it } from 'vitest';
import { WP, deleteUser, newUser, randomIp, type TestUser } from './support/wordpress';

const users: TestUser[] = [];
afterAll(async () => {
  for (const user of users) await deleteUser(user.id);
});

async function signIn(user: TestUser, password: string, ip: string) {
  const res = await fetch(`${WP}/wp-login.php`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Forwarded-For': ip,
      Cookie: 'wordpress_test_cookie=WP%20Cookie%20check',
    },
    body: new URLSearchParams({ log: user.username, pwd: password, 'wp-submit': 'Log In', testcookie: '1' }),
    redirect: 'manual',
  });
  const signedIn = res.headers.getSetCookie().some((c) => c.startsWith('wordpress_logged_in_'));
  return { signedIn, html: await res.text() };
}

describe('wp-login.php against password guessing', () => {
  it('refuses a name from an address after ten wrong passwords, the right one too; elsewhere it still signs in', async () => {
    const user = await newUser();
    users.push(user);
    const guesser = randomIp();
    for (let i = 0; i < 10; i += 1) {
      const wrong = await signIn(user, `wrong-${i}`, guesser);
      expect(wrong.signedIn).toBe(false);
      expect(wrong.html).not.toContain('Too many failed sign-in attempts');
    }
    const refused = await signIn(user, user.password, guesser);
    expect(refused.signedIn).toBe(false);
    expect(refused.html).toContain('Too many failed sign-in attempts. Please wait 15 minutes and try again.');

    expect((await signIn(user, user.password, randomIp())).signedIn).toBe(true);
  });

  it('a right password before the limit signs in and clears the count', async () => {
    const user = await newUser();
    users.push(user);
    const ip = randomIp();
    for (let i = 0; i < 9; i += 1) expect((await signIn(user, `wrong-${i}`, ip)).signedIn).toBe(false);
    expect((await signIn(user, user.password, ip)).signedIn).toBe(true);
    for (let i = 0; i < 9; i += 1) expect((await signIn(user, `again-${i}`, ip)).signedIn).toBe(false);
    expect((await signIn(user, user.password, ip)).signedIn).toBe(true);
  });
});
