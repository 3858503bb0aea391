// Helpers of the sign-in and favourites specs: the header's account area, the sign-in dialog, and
// waiting for React to take over a server-rendered element (before that a click is a plain post).
import type { Locator, Page } from '@playwright/test';
import { expect, isMobile } from './fixtures';
import { adminToken, rest } from '../../integration/support/wordpress';

/** Resolves once React has hydrated the element (it then carries React's internal props). */
export async function hydrated(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps'))), {
      message: 'element hydrated by React',
    })
    .toBe(true);
}

/** The header's account area (name + Logout, or Sign In / Sign Up). */
export function signedInUser(page: Page): Locator {
  return page.getByTestId('signed-in-user');
}

/** The visible favourites badge of the header (desktop nav or the compact mobile header). */
export function favoritesBadge(page: Page): Locator {
  return page.locator('[data-testid="favorites-badge"]:visible');
}

export function signInDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Sign In' });
}

/** Opens the dialog from the header's Sign In / Sign Up link, once the header is interactive. */
export async function openAuthDialogFromHeader(page: Page, mode: 'Sign In' | 'Sign Up'): Promise<Locator> {
  const link = page.getByRole('banner').getByRole('link', { name: mode, exact: true });
  await hydrated(link);
  await link.click();
  const dialog = page.getByRole('dialog', { name: mode });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Fills and sends the Sign In form inside `scope` (the dialog or the /login page). */
export async function submitSignIn(scope: Locator | Page, login: string, password: string): Promise<void> {
  await scope.getByLabel('Username or Email').fill(login);
  await scope.getByLabel('Password', { exact: true }).fill(password);
  await scope.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in through the dialog and waits until the header shows the user. */
export async function signInWithDialog(page: Page, login: string, password: string, username: string): Promise<void> {
  const dialog = signInDialog(page);
  await expect(dialog).toBeVisible();
  await submitSignIn(dialog, login, password);
  await expect(dialog).toBeHidden();
  await expect(signedInUser(page)).toContainText(username);
}

/**
 * Signs in by posting the /login form from the page's own browser context (its cookie jar), for
 * tests whose subject is not the sign-in itself.
 */
export async function signInByRequest(page: Page, username: string, password: string): Promise<void> {
  const res = await page.request.post('/login', {
    form: { username, password, redirectTo: '/' },
    maxRedirects: 0,
  });
  expect(res.status(), await res.text().catch(() => '')).toBe(302);
}

export { isMobile };

/** Deletes the WordPress user a sign-up test made (the `account` fixture cleans only its own). */
export async function deleteUserNamed(username: string): Promise<void> {
  const token = await adminToken();
  const found = await rest(`/wp/v2/users?search=${encodeURIComponent(username)}&context=edit`, { token });
  const user = Array.isArray(found.body)
    ? found.body.find((u: { username?: string; slug?: string }) => u.username === username || u.slug === username)
    : null;
  if (user) await rest(`/wp/v2/users/${user.id}?force=true&reassign=1`, { method: 'DELETE', token });
}
