// Staff screens in wp-admin, as the e2e tests open them.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { WP, adminCredentials } from '../../integration/support/wordpress';

const BLANK_GIF = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64');

/**
 * Signs the page's browser context in to wp-admin with the stack's admin account, by posting the
 * login form: the cookies land in the context without driving the login screen, which is not the
 * screen under test. wp-admin asks gravatar.com for avatars (no internet here) and WordPress has no
 * favicon; both would be console errors unrelated to the screen, so every page of the context
 * (popups such as Preview Changes too) gets a blank image for them.
 */
export async function signInToWpAdmin(page: Page): Promise<void> {
  await page
    .context()
    .route(/gravatar\.com|\/favicon\.ico$/, (route) => route.fulfill({ status: 200, contentType: 'image/gif', body: BLANK_GIF }));
  const { username, password } = adminCredentials();
  const login = await page.request.post(`${WP}/wp-login.php`, {
    form: { log: username, pwd: password, testcookie: '1', redirect_to: `${WP}/wp-admin/` },
    headers: { Cookie: 'wordpress_test_cookie=WP%20Cookie%20check' },
    maxRedirects: 0,
  });
  expect(login.status(), 'wp-admin accepted the admin account').toBe(302);
}
