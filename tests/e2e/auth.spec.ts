// Sign up, sign in (by username and by e-mail), wrong password, the sign-up checks in their
// order, logout; and without JavaScript, the /login page returning the visitor where they were.
import { randomBytes } from 'node:crypto';
import { expect, expectNoAxeViolations, test, bothWidths } from './support/fixtures';
import { deleteUserNamed, hydrated, openAuthDialogFromHeader, signedInUser, signInWithDialog, submitSignIn } from './support/session';
import { randomIp, unique } from '../integration/support/wordpress';

// Each file's visitors come from an address of their own, so WordPress's per-address sign-up and
// sign-in limits never mix with other test runs (the site forwards the visitor's address).
test.use({ extraHTTPHeaders: { 'X-Forwarded-For': randomIp() } });

test.describe('with JavaScript', () => {
  test('sign up through the dialog; the header then shows the user', bothWidths, async ({ page }) => {
    const username = unique('e2e');
    const password = `pw-${randomBytes(5).toString('hex')}`;
    try {
      await page.goto('/contact-us');
      const dialog = await openAuthDialogFromHeader(page, 'Sign Up');
      await expectNoAxeViolations(page);
      await dialog.getByLabel('Username').fill(username);
      await dialog.getByLabel('Email').fill(`${username}@example.com`);
      await dialog.getByLabel('Password', { exact: true }).fill(password);
      await dialog.getByLabel('Confirm Password').fill(password);
      await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(signedInUser(page)).toContainText(username);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
    } finally {
      await deleteUserNamed(username);
    }
  });

  test('sign-up checks run in order: passwords must match, then 6 characters', bothWidths, async ({ page }) => {
    await page.goto('/contact-us');
    const dialog = await openAuthDialogFromHeader(page, 'Sign Up');
    const username = unique('e2e');
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Email').fill(`${username}@example.com`);
    await dialog.getByLabel('Password', { exact: true }).fill('abc');
    await dialog.getByLabel('Confirm Password').fill('abd');
    await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Passwords do not match');

    await dialog.getByLabel('Confirm Password').fill('abc');
    await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Password must be at least 6 characters long');
    // Nothing was sent: the visitor is still signed out.
    await expect(signedInUser(page)).toHaveCount(0);
  });

  test("empty fields: the dialog's own sentences, never the browser's", bothWidths, async ({ page }) => {
    await page.goto('/contact-us');
    const signIn = await openAuthDialogFromHeader(page, 'Sign In');
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(signIn.getByRole('alert')).toHaveText('Please enter your username or email and your password.');
    // The browser's own check would have stopped the form before the site's sentence.
    expect(await signIn.getByLabel('Username or Email').evaluate((input: HTMLInputElement) => input.form?.noValidate)).toBe(true);

    await signIn.getByRole('button', { name: 'Sign Up', exact: true }).click();
    const signUp = page.getByRole('dialog', { name: 'Sign Up' });
    await signUp.getByLabel('Username').fill(unique('e2e'));
    await signUp.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(signUp.getByRole('alert')).toHaveText('Please fill in your username, email, password and confirm password.');
    await expect(signedInUser(page)).toHaveCount(0);
  });

  test('switches between Sign In and Sign Up', bothWidths, async ({ page }) => {
    await page.goto('/contact-us');
    const signIn = await openAuthDialogFromHeader(page, 'Sign In');
    await signIn.getByRole('button', { name: 'Sign Up', exact: true }).click();
    const signUp = page.getByRole('dialog', { name: 'Sign Up' });
    await expect(signUp.getByLabel('Confirm Password')).toBeVisible();
    await signUp.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Sign In' }).getByLabel('Username or Email')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('sign in by username, then logout', bothWidths, async ({ page, account }) => {
    await page.goto('/contact-us');
    await openAuthDialogFromHeader(page, 'Sign In');
    await signInWithDialog(page, account.username, account.password, account.username);

    const logout = page.getByRole('banner').getByRole('button', { name: 'Logout' });
    await hydrated(logout);
    await logout.click();
    await expect(signedInUser(page)).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    // The session is gone on the server too, not only in the page.
    await page.reload();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  });

  test('sign in by e-mail address', bothWidths, async ({ page, account }) => {
    await page.goto('/contact-us');
    await openAuthDialogFromHeader(page, 'Sign In');
    await signInWithDialog(page, account.email, account.password, account.username);
  });

  test("a wrong password shows WordPress's message in the red box", bothWidths, async ({ page, account, browserErrors }) => {
    browserErrors.expect(/status of 403 \(Forbidden\) \(\S+\/login\?_data=/); // WordPress refuses the wrong password: the browser logs the failed request
    await page.goto('/contact-us');
    const dialog = await openAuthDialogFromHeader(page, 'Sign In');
    await submitSignIn(dialog, account.username, `${account.password}-wrong`);
    await expect(dialog.getByRole('alert')).toHaveText('The username or password you entered is incorrect.');
    await expect(dialog.getByRole('alert')).toHaveClass(/bg-red-50/);
    await expect(signedInUser(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('the /login and /register pages with JavaScript', () => {
  test(
    '/login: accessible; a wrong password shows the message, the right one returns where the visitor was',
    bothWidths,
    async ({ page, account, browserErrors }) => {
      browserErrors.expect(/status of 403 \(Forbidden\) \(\S+\/login\?/); // WordPress refuses the wrong password: the browser logs the failed request
      await page.goto('/login?redirectTo=%2Fabout-us');
      await expect(page).toHaveTitle('Sign In | Car Export');
      const main = page.getByRole('main');
      await hydrated(main.getByRole('button', { name: 'Sign In', exact: true }));
      await expectNoAxeViolations(page);

      await submitSignIn(main, account.username, 'not-the-password');
      await expect(main.getByRole('alert')).toHaveText('The username or password you entered is incorrect.');
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fabout-us$/);
      await expectNoAxeViolations(page);

      await submitSignIn(main, account.username, account.password);
      await expect(page).toHaveURL(/\/about-us$/);
      await expect(signedInUser(page)).toContainText(account.username);
    },
  );

  test('/register: accessible; checks the passwords in order, then makes the account and signs in', bothWidths, async ({ page }) => {
    await page.goto('/register');
    await expect(page).toHaveTitle('Sign Up | Car Export');
    const main = page.getByRole('main');
    const submit = main.getByRole('button', { name: 'Sign Up', exact: true });
    await hydrated(submit);
    await expectNoAxeViolations(page);
    const username = unique('e2e');
    const password = `pw-${randomBytes(5).toString('hex')}`;
    try {
      await main.getByLabel('Username').fill(username);
      await main.getByLabel('Email').fill(`${username}@example.com`);
      await main.getByLabel('Password', { exact: true }).fill('abc');
      await main.getByLabel('Confirm Password').fill('abd');
      await submit.click();
      await expect(main.getByRole('alert')).toHaveText('Passwords do not match');
      await main.getByLabel('Confirm Password').fill('abc');
      await submit.click();
      await expect(main.getByRole('alert')).toHaveText('Password must be at least 6 characters long');
      await expectNoAxeViolations(page);

      await main.getByLabel('Password', { exact: true }).fill(password);
      await main.getByLabel('Confirm Password').fill(password);
      await submit.click();
      await expect(signedInUser(page)).toContainText(username);
      await expect(page).not.toHaveURL(/\/register/);
    } finally {
      await deleteUserNamed(username);
    }
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the /login page signs in and returns where the visitor was', bothWidths, async ({ page, account, browserErrors }) => {
    browserErrors.expect(/status of 403 \(Forbidden\) \(\S+\/login\?redirectTo=/); // WordPress refuses the wrong password: the browser logs the failed request
    await page.goto('/contact-us');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }).click();
    // (No axe check here: axe runs as a script in the page, which this test has switched off.)
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcontact-us$/);

    // A wrong password first: the page shows WordPress's message and keeps the destination.
    await submitSignIn(page.getByRole('main'), account.username, 'not-the-password');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('The username or password you entered is incorrect.');

    await submitSignIn(page.getByRole('main'), account.email, account.password);
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(signedInUser(page)).toContainText(account.username);

    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  });

  test('the /register page checks the passwords in order', async ({ page, browserErrors }) => {
    browserErrors.expect(/status of 400 \(Bad Request\) \(\S+\/register:/); // the form is refused twice: the browser logs the failed request
    await page.goto('/register');
    const main = page.getByRole('main');
    const username = unique('e2e');
    await main.getByLabel('Username').fill(username);
    await main.getByLabel('Email').fill(`${username}@example.com`);
    await main.getByLabel('Password', { exact: true }).fill('abc');
    await main.getByLabel('Confirm Password').fill('abd');
    await main.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(main.getByRole('alert')).toHaveText('Passwords do not match');
    await main.getByLabel('Password', { exact: true }).fill('abc');
    await main.getByLabel('Confirm Password').fill('abc');
    await main.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(main.getByRole('alert')).toHaveText('Password must be at least 6 characters long');
  });
});
