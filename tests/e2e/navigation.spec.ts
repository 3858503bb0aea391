// The site's navigation at both widths: the header (wide screens), the footer (every width) and the
// bottom bar (phones), each link followed to the page it names, with and without JavaScript.
import type { Page } from '@playwright/test';
import { expect, isMobile, test, bothWidths } from './support/fixtures';

const TITLES: Record<string, string> = {
  '/': 'Car Export | Cars from China, exported worldwide',
  '/explore-cars': 'Explore Cars | Car Export',
  '/news': 'News | Car Export',
  '/about-us': 'About Us | Car Export',
  '/contact-us': 'Contact Us | Car Export',
  '/cookie-policy': 'Cookie Policy | Car Export',
  '/terms-conditions': 'Terms & Conditions | Car Export',
  '/privacy-policy': 'Privacy Policy | Car Export',
};

/** Follows one link and checks the page it lands on: its address, its title, and the link marked current. */
async function follow(page: Page, nav: ReturnType<Page['getByRole']>, name: string, path: string) {
  await nav.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^[^?#]+//[^/]+${path.replace(/[/]/g, '\\/')}$`));
  await expect(page).toHaveTitle(TITLES[path]!);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'navigation' : 'navigation without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('header: the main links in order, each to its page and marked current there', bothWidths, async ({ page }) => {
      await page.goto('/privacy-policy');
      const main = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
      if (isMobile(page)) {
        // Below 768 px the bottom bar replaces the header's links.
        await expect(main).toBeHidden();
        return;
      }
      await expect(main.getByRole('link')).toHaveText(['Home', 'Explore Cars', 'About Us', 'Contact Us', 'Favorites']);
      for (const [name, path] of [
        ['Explore Cars', '/explore-cars'],
        ['About Us', '/about-us'],
        ['Contact Us', '/contact-us'],
        ['Home', '/'],
      ] as const) {
        await follow(page, main, name, path);
        await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
      }
      // Favourites need an account: a visitor is asked to sign in first (the dialog, or the
      // /login page without JavaScript, which brings them back after).
      await main.getByRole('link', { name: /^Favorites/ }).click();
      if (javaScriptEnabled) {
        await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
      } else {
        await expect(page).toHaveURL(/\/login\?redirectTo=%2Ffavorites$/);
        await expect(page).toHaveTitle('Sign In | Car Export');
      }
    });

    test('footer: company and legal links, each to its page', bothWidths, async ({ page }) => {
      await page.goto('/');
      const footer = page.getByRole('contentinfo');
      const links: Array<[string, string]> = [
        ['About Us', '/about-us'],
        ['Careers With Us', '/contact-us'],
        ['Explore Cars', '/explore-cars'],
        ['News', '/news'],
        ['Cookie Policy', '/cookie-policy'],
        ['Terms & Conditions', '/terms-conditions'],
        ['Privacy Policy', '/privacy-policy'],
      ];
      // No subscription box: there is no newsletter to subscribe to, and a button that does nothing misleads.
      await expect(footer.getByRole('textbox')).toHaveCount(0);
      await expect(footer.getByRole('button')).toHaveCount(0);
      for (const [name, path] of links) {
        await follow(page, footer, name, path);
      }
    });

    test('bottom bar: on phones only; its links and the logo lead to their pages', bothWidths, async ({ page }) => {
      await page.goto('/cookie-policy');
      const bar = page.getByRole('navigation', { name: 'Mobile' });
      // Every page the bar leads to fits the phone's width (a wider page slides under the fixed bar).
      const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      if (!isMobile(page)) {
        await expect(bar).toBeHidden();
        return;
      }
      await expect(bar).toBeVisible();
      await expect(bar.getByRole('link')).toHaveText(['Home', 'Explore Cars', '', 'Contact Us', 'About Us']);
      for (const [name, path] of [
        ['Explore Cars', '/explore-cars'],
        ['Contact Us', '/contact-us'],
        ['About Us', '/about-us'],
        ['Home', '/'],
      ] as const) {
        await follow(page, bar, name, path);
        await expect(bar.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
        expect(await fitsWidth(), `${path} is no wider than the phone`).toBe(true);
      }
      await page.goto('/terms-conditions');
      await follow(page, bar, 'Car Export, home', '/');
    });

    test(
      'header: a signed-out visitor on a small phone (360 px) gets the heart, Sign In and Sign Up within the screen',
      bothWidths,
      async ({ page }) => {
        const header = page.getByRole('banner');
        if (!isMobile(page)) {
          // Wide screens keep the written name beside the mark.
          await page.goto('/');
          await expect(header.getByText('Car Export', { exact: true })).toBeVisible();
          return;
        }
        await page.setViewportSize({ width: 360, height: 740 });
        await page.goto('/');
        const signUp = header.getByRole('link', { name: 'Sign Up' });
        await expect(signUp).toBeVisible();
        expect((await signUp.boundingBox())!.x + (await signUp.boundingBox())!.width).toBeLessThanOrEqual(360);
        await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
        // The name gives way to the mark alone, and remains the home link's name.
        await expect(header.getByRole('link', { name: /^Car Export/ })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      },
    );
  });
}
