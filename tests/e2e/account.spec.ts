// The buyer's account: a forgotten password reset from the sign-in dialog through the mailed link
// to signed in, and /account (change the name, change the password, delete the account).
import type { Page } from '@playwright/test';
import { expect, test, bothWidths } from './support/fixtures';
import { hydrated, openAuthDialogFromHeader, signedInUser, signInByRequest, submitSignIn } from './support/session';
import { randomIp } from '../integration/support/wordpress';
import { waitForMail } from '../integration/support/mail';

// Each file's visitors come from an address of their own, so WordPress's per-address limits never
// mix with other test runs (the site forwards the visitor's address).
test.use({ extraHTTPHeaders: { 'X-Forwarded-For': randomIp() } });

/** The page's green line saying what just happened (the layout has a status line of its own). */
const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('a forgotten password is reset from the sign-in dialog, and the buyer is signed in', bothWidths, async ({ page, account }) => {
  await page.goto('/contact-us');
  const dialog = await openAuthDialogFromHeader(page, 'Sign In');
  await dialog.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password?' })).toBeVisible();

  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(notice(page, 'If an account uses this address, we have sent it a link')).toBeVisible();

  const [mail] = await waitForMail((m) => m.to.includes(account.email) && m.subject === 'Reset your password', { timeoutMs: 20_000 });
  const link = mail?.text.match(/https?:\/\/\S+\/reset-password\?\S+/)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByLabel('New password', { exact: true }).fill('reset-pass-1');
  await page.getByLabel('Confirm new password').fill('reset-pass-1');
  await page.getByRole('button', { name: 'Save password and sign in' }).click();

  await expect(page).toHaveURL(/\/account\?done=password-reset$/);
  await expect(notice(page, 'Your new password is set and you are signed in.')).toBeVisible();
  await expect(signedInUser(page)).toContainText(account.username);
});

test(
  'the account page changes the name and the password, then deletes the account',
  bothWidths,
  async ({ page, account, browserErrors }) => {
    // Seven page loads and four posts in one story: more than the default time on a busy machine.
    test.slow();
    await signInByRequest(page, account.username, account.password);
    await page.goto('/');
    const accountLink = signedInUser(page);
    await hydrated(accountLink);
    await accountLink.click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Manage alerts' })).toHaveAttribute('href', '/account/alerts');

    const details = page.getByRole('region', { name: 'Your details' });
    await details.getByLabel('Name').fill('Alex Buyer');
    await details.getByRole('button', { name: 'Save details' }).click();
    await expect(notice(page, 'Your details have been saved.')).toBeVisible();
    await expect(signedInUser(page)).toContainText('Alex Buyer');

    // A wrong current password: the sentence under the field, nothing changed.
    browserErrors.expect(/status of 400 \(Bad Request\) \(\S+\/account\?/);
    const password = page.getByRole('region', { name: 'Change password' });
    await password.getByLabel('Current password').fill('not-my-password');
    await password.getByLabel('New password', { exact: true }).fill('changed-pass-1');
    await password.getByLabel('Confirm new password').fill('changed-pass-1');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByText('Your current password is incorrect.')).toBeVisible();
    await expect(password.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');

    await password.getByLabel('Current password').fill(account.password);
    await password.getByLabel('New password', { exact: true }).fill('changed-pass-1');
    await password.getByLabel('Confirm new password').fill('changed-pass-1');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(notice(page, 'Your password has been changed.')).toBeVisible();

    await page.getByRole('link', { name: 'Delete my account…' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Delete your account?' })).toBeVisible();
    await page.getByLabel('Your password').fill('changed-pass-1');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  },
);

// Another device of the same buyer changes the password: this device's token is revoked. Opening
// the account page then signs it out and asks it to sign in, saying why, and brings it back there;
// with JavaScript (a client navigation, the header updated) and without (whole pages).
for (const javaScriptEnabled of [true, false]) {
  test(
    `a device signed out by a password change elsewhere is asked to sign in again (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`,
    bothWidths,
    async ({ account, baseURL, newContext }) => {
      const device = await newContext({ javaScriptEnabled });
      const page = await device.newPage();
      await signInByRequest(page, account.username, account.password);
      await page.goto('/');
      const accountLink = signedInUser(page);
      await expect(accountLink).toContainText(account.username);
      if (javaScriptEnabled) await hydrated(accountLink);

      const other = await newContext();
      await signInByRequest(await other.newPage(), account.username, account.password);
      const password = `${account.password}-new`;
      const changed = await other.request.post('/account', {
        form: { intent: 'password', currentPassword: account.password, password, confirmPassword: password },
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      });
      expect(changed.status()).toBe(302);

      await accountLink.click();
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount&signedOut=1$/);
      await expect(page.getByRole('status').filter({ hasText: 'You were signed out. Please sign in again.' })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
      expect((await device.cookies()).find((c) => c.name === '__session')).toBeUndefined();

      await submitSignIn(page.getByRole('main'), account.username, password);
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
      await expect(signedInUser(page)).toContainText(account.username);
    },
  );
}
