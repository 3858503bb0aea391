// The buyer's account: password reset through WordPress's own keys and the SMTP sink (same answer
// for known and unknown addresses, one use, expiry, flood limits, older tokens refused), change of
// password, change of e-mail (only after the link), deletion, and the buyer's own inquiries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCar, deleteCar, newUser, randomIp, rest, suiteUsers, token, unique, WP, type TestUser } from './support/wordpress';
import { wpPhp } from './support/local';
import { waitForMail, type SinkMail } from './support/mail';
import { frontendUrl, SITE } from './support/site';

const FORGOT = '/car-export/v1/password/forgot';
const CHECK = '/car-export/v1/password/check';
const RESET = '/car-export/v1/password/reset';
const ACCOUNT = '/car-export/v1/account';
const VALIDATE = '/jwt-auth/v1/token/validate';

const users = suiteUsers();
const made: number[] = [];
afterAll(async () => {
  await users.removeAll();
  for (const id of made) await deleteCar(id);
});

const forgot = (email: string, ip = randomIp()) => rest(FORGOT, { method: 'POST', body: { email }, headers: { 'X-Forwarded-For': ip } });

const isValid = async (jwt: string) => (await rest(VALIDATE, { method: 'POST', token: jwt })).status === 200;

/** The one reset link in the mail to `email`, as login and key. */
async function resetLink(email: string): Promise<{ url: URL; login: string; key: string }> {
  const [mail] = await waitForMail((m) => m.to.includes(email) && m.subject === 'Reset your password', { timeoutMs: 20_000 });
  return linkIn(mail, '/reset-password');
}

function linkIn(mail: SinkMail | undefined, path: string) {
  if (!mail) throw new Error('no mail');
  const found = mail.text
    .match(/https?:\/\/\S+/g)
    ?.map((u) => new URL(u))
    .find((u) => u.pathname === path);
  if (!found) throw new Error(`no ${path} link in: ${mail.text}`);
  return {
    url: found,
    login: found.searchParams.get('login') ?? '',
    key: found.searchParams.get('key') ?? '',
    user: found.searchParams.get('user') ?? '',
  };
}

/** A form posted to a site page like a browser without JavaScript would (no redirect followed). */
function postPage(path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${SITE}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE, ...(cookie ? { Cookie: cookie } : {}) },
    redirect: 'manual',
  });
}

const sessionCookie = (res: Response): string => (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

describe('password reset', () => {
  let alice: TestUser;
  beforeAll(async () => {
    alice = await users.create();
  });

  it('answers a known and an unknown address alike, and mails only the known one', async () => {
    const unknown = `${unique('nobody')}@example.com`;
    const known = await forgot(alice.email);
    const other = await forgot(unknown);
    expect(known.status).toBe(202);
    expect(other.status).toBe(known.status);
    expect(other.body).toEqual(known.body);
    await resetLink(alice.email);
    // The cron runner has run since (the known mail went out); a mail to the unknown address would be there.
    await new Promise((r) => setTimeout(r, 3500));
    await expect(waitForMail((m) => m.to.includes(unknown), { timeoutMs: 500 })).rejects.toThrow();
  });

  it('takes about the same time for a known and an unknown address', async () => {
    const known = (await users.create()).email;
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 3; i++) {
      for (const [kind, email] of [
        ['known', known],
        ['unknown', `${unique('nobody')}@example.com`],
      ] as const) {
        const start = performance.now();
        expect((await forgot(email)).status).toBe(202);
        times[kind].push(performance.now() - start);
      }
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1] ?? 0;
    // Both do the same work (queue a mail); a lookup that skipped work for one kind would show as a
    // clear gap. Loose bounds: the machine is shared.
    expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(Math.max(60, median(times.known)));
  });

  it('sets a new password once through the site, signs the buyer in and refuses older tokens', async () => {
    const bob = await users.create();
    const before = await token(bob.username, bob.password);
    await forgot(bob.email);
    const link = await resetLink(bob.email);
    expect(link.url.origin).toBe(new URL(frontendUrl()).origin);
    expect(link.login).toBe(bob.username);

    const page = await fetch(`${SITE}${link.url.pathname}${link.url.search}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(await page.text()).toContain('Choose a new password');

    const mismatch = await postPage('/reset-password', {
      login: link.login,
      key: link.key,
      password: 'new-secret-1',
      confirmPassword: 'other',
    });
    expect(mismatch.status).toBe(400);

    const done = await postPage('/reset-password', {
      login: link.login,
      key: link.key,
      password: 'new-secret-1',
      confirmPassword: 'new-secret-1',
    });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/account?done=password-reset');
    const account = await fetch(`${SITE}/account?done=password-reset`, { headers: { Cookie: sessionCookie(done) } });
    expect(account.status).toBe(200);
    expect(await account.text()).toContain('Your new password is set and you are signed in.');

    expect(await isValid(before)).toBe(false);
    expect(await token(bob.username, 'new-secret-1')).toBeTruthy();

    // Single use: the same link again.
    const again = await rest(RESET, { method: 'POST', body: { login: link.login, key: link.key, password: 'third-secret' } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This reset link has expired or has already been used. Please ask for a new one.');
    const reopened = await fetch(`${SITE}${link.url.pathname}${link.url.search}`);
    expect(await reopened.text()).toContain('This link no longer works');
  });

  it('refuses a link past its lifetime', async () => {
    const carol = await users.create();
    await forgot(carol.email);
    const link = await resetLink(carol.email);
    expect((await rest(CHECK, { method: 'POST', body: { login: link.login, key: link.key } })).status).toBe(200);
    // The stored key is "time:hash"; made two days ago, it is past WordPress's one-day lifetime.
    wpPhp(
      `global $wpdb; $u = get_user_by( 'login', $argv[1] ); $parts = explode( ':', $u->user_activation_key, 2 );
       $wpdb->update( $wpdb->users, array( 'user_activation_key' => ( time() - 2 * DAY_IN_SECONDS ) . ':' . $parts[1] ), array( 'ID' => $u->ID ) );
       clean_user_cache( $u->ID ); echo 1;`,
      link.login,
    );
    const res = await rest(RESET, { method: 'POST', body: { login: link.login, key: link.key, password: 'late-secret' } });
    expect(res.status).toBe(400);
    expect(await token(carol.username, carol.password)).toBeTruthy();
  });

  it('limits requests per address and per visitor, alike for unknown addresses', async () => {
    for (const email of [(await users.create()).email, `${unique('nobody')}@example.com`]) {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await forgot(email)).status);
      expect(answers).toEqual([202, 202, 202, 429]);
    }
    const ip = randomIp();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await forgot(`${unique('flood')}@example.com`, ip)).status);
    expect(answers.slice(0, 10).every((s) => s === 202)).toBe(true);
    const refused = await forgot(`${unique('flood')}@example.com`, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many reset requests. Please wait an hour and try again.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('account', () => {
  it('changes the password only with the current one, and ends the other sessions', async () => {
    const dave = await users.create();
    const phone = await token(dave.username, dave.password);
    const wrong = await rest(`${ACCOUNT}/password`, {
      method: 'POST',
      token: dave.token,
      body: { currentPassword: 'nope-nope', password: 'changed-1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Your current password is incorrect.');
    expect(await isValid(phone)).toBe(true);

    const res = await rest(`${ACCOUNT}/password`, {
      method: 'POST',
      token: dave.token,
      body: { currentPassword: dave.password, password: 'changed-1' },
    });
    expect(res.status).toBe(200);
    expect(await isValid(phone)).toBe(false);
    expect(await isValid(dave.token)).toBe(false);
    expect(await isValid(res.body.token)).toBe(true);
  });

  it('changes the e-mail address only once the link sent to the new address is followed', async () => {
    const erin = await users.create();
    const newEmail = `${unique('moved')}@example.com`;
    const res = await rest(ACCOUNT, { method: 'POST', token: erin.token, body: { displayName: 'Erin Buyer', email: newEmail } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ displayName: 'Erin Buyer', email: erin.email, pendingEmail: newEmail });

    const [mail] = await waitForMail((m) => m.to.includes(newEmail), { timeoutMs: 20_000 });
    expect(mail?.to).toEqual([newEmail]);
    const link = linkIn(mail, '/account/confirm-email');
    expect((await rest(ACCOUNT, { token: erin.token })).body.email).toBe(erin.email);

    const wrong = await rest(`${ACCOUNT}/email`, { method: 'POST', body: { user: Number(link.user), key: 'x'.repeat(32) } });
    expect(wrong.status).toBe(400);
    const page = await postPage('/account/confirm-email', { user: link.user, key: link.key });
    expect(page.status).toBe(302);
    expect((await rest(ACCOUNT, { token: erin.token })).body).toMatchObject({ email: newEmail, pendingEmail: null });
    const twice = await rest(`${ACCOUNT}/email`, { method: 'POST', body: { user: Number(link.user), key: link.key } });
    expect(twice.status).toBe(400);

    // WordPress's notice to the old address names the public site, never WordPress's own address.
    const [notice] = await waitForMail((m) => m.to.includes(erin.email) && /changed/i.test(m.text), { timeoutMs: 20_000 });
    expect(notice?.text).toContain(frontendUrl());
    expect(notice?.text).not.toContain(new URL(WP).host);
  });

  it('deletes the account and its favourites after the password is confirmed', async () => {
    const frank = await newUser();
    const car = await createCar({ meta: undefined });
    made.push(car);
    expect(
      (await rest('/car-export/v1/favorites', { method: 'POST', token: frank.token, body: { carId: car, action: 'add' } })).status,
    ).toBe(200);
    const storedFavourites = () =>
      wpPhp<number>(
        `global $wpdb; echo (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->usermeta} WHERE user_id = %d", (int) $argv[1] ) );`,
        String(frank.id),
      );
    expect(storedFavourites()).toBeGreaterThan(0);

    const wrong = await rest(`${ACCOUNT}/delete`, { method: 'POST', token: frank.token, body: { password: 'not-it' } });
    expect(wrong.status).toBe(400);
    expect(wpPhp<boolean>(`echo json_encode( false !== get_userdata( (int) $argv[1] ) );`, String(frank.id))).toBe(true);

    const res = await rest(`${ACCOUNT}/delete`, { method: 'POST', token: frank.token, body: { password: frank.password } });
    expect(res.status).toBe(200);
    expect(wpPhp<boolean>(`echo json_encode( false !== get_userdata( (int) $argv[1] ) );`, String(frank.id))).toBe(false);
    expect(storedFavourites()).toBe(0);
    expect(await isValid(frank.token)).toBe(false);
  });

  it("lists the buyer's own inquiries with Sent or Answered, never another buyer's nor staff notes", async () => {
    const [gina, hank] = [await users.create(), await users.create()];
    const car = await createCar();
    made.push(car);
    const send = (u: TestUser, message: string) =>
      rest('/car-export/v1/inquiries', {
        method: 'POST',
        token: u.token,
        headers: { 'X-Forwarded-For': randomIp() },
        body: { name: 'Buyer', phoneNumber: '+44 20 7946 0000', emailAddress: u.email, carId: car, message },
      });
    expect((await send(gina, 'Gina asks about shipping.')).status).toBe(201);
    expect((await send(hank, 'Hank asks about the price.')).status).toBe(201);

    const ginaList = (await rest(`${ACCOUNT}/inquiries`, { token: gina.token })).body.inquiries;
    expect(ginaList).toHaveLength(1);
    expect(ginaList[0]).toMatchObject({ carId: car, message: 'Gina asks about shipping.', status: 'sent' });
    wpPhp(
      `update_post_meta( (int) $argv[1], '_message_status', 'lost' ); update_post_meta( (int) $argv[1], '_message_notes', 'STAFF ONLY note' ); echo 1;`,
      String(ginaList[0].id),
    );
    const res = await rest(`${ACCOUNT}/inquiries`, { token: gina.token });
    expect(res.body.inquiries).toHaveLength(1);
    // One the spam guard held back for staff is still listed to its sender, as sent.
    const held = await rest('/car-export/v1/inquiries', {
      method: 'POST',
      token: gina.token,
      headers: { 'X-Forwarded-For': randomIp() },
      body: {
        name: 'Buyer',
        phoneNumber: '+44 20 7946 0000',
        emailAddress: gina.email,
        carId: car,
        message: 'Gina, quickly.',
        website: 'x',
      },
    });
    expect(held.status).toBe(201);
    const withHeld = (await rest(`${ACCOUNT}/inquiries`, { token: gina.token })).body.inquiries;
    expect(withHeld).toHaveLength(2);
    expect(withHeld).toContainEqual(expect.objectContaining({ message: 'Gina, quickly.', status: 'sent' }));
    expect(Object.keys(res.body.inquiries[0]).sort()).toEqual(['carId', 'carTitle', 'date', 'id', 'message', 'status']);
    expect(res.body.inquiries[0].status).toBe('answered');
    expect(res.text).not.toContain('STAFF ONLY');
    expect(res.text).not.toContain('Hank');
    expect((await rest(`${ACCOUNT}/inquiries`)).status).toBe(401);
  });

  it('shows a signed-in buyer the inquiry sent from the car page, on a private, no-store /account', async () => {
    const ivy = await users.create();
    const car = await createCar();
    made.push(car);
    const signIn = await postPage('/login', { username: ivy.username, password: ivy.password, redirectTo: '/account' });
    expect(signIn.status).toBe(302);
    const cookie = sessionCookie(signIn);
    const sent = await postPage(
      `/car/${car}`,
      {
        intent: 'inquiry',
        carId: String(car),
        name: 'Ivy',
        phone: '+44 20 7946 0000',
        email: ivy.email,
        message: 'Ivy wants this car.',
        fillMs: '9000',
      },
      cookie,
    );
    expect(sent.status).toBeLessThan(400);
    const page = await fetch(`${SITE}/account`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    expect(html).toContain('Ivy wants this car.');
    expect(html).toContain('Manage alerts');

    const guest = await fetch(`${SITE}/account`, { redirect: 'manual' });
    expect(guest.status).toBe(302);
    expect(guest.headers.get('location')).toBe('/login?redirectTo=%2Faccount');
  });
});
