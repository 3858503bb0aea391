// Shared end-to-end helpers: accessibility checks with axe, and accounts made through WordPress.
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { newUser, deleteUser, type TestUser } from '../../integration/support/wordpress';

export { expect };

/** Fails with the list of violations, so a report names what to fix. */
export async function expectNoAxeViolations(page: Page, exclude: string[] = []): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const summary = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
  expect(summary).toEqual([]);
}

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** A test with a fresh WordPress account, deleted afterwards. */
export const test = base.extend<{ account: TestUser; browserLog: string[] }>({
  account: async ({}, use) => {
    const user = await newUser();
    await use(user);
    await deleteUser(user.id);
  },
  // Every test: the page's uncaught errors and console errors, attached to the report when the test
  // fails, so a failure seen only in CI says what the page itself reported.
  browserLog: [
    async ({ page }, use, testInfo) => {
      const log: string[] = [];
      // The site's Content-Security-Policy must never block anything it serves itself (an inline
      // script without the response's nonce, a picture from an origin it forgot): every test fails
      // on a violation the browser reports.
      const cspViolations: string[] = [];
      page.on('pageerror', (error) => log.push(`[pageerror] ${error.stack ?? error.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error' || msg.type() === 'warning') log.push(`[console.${msg.type()}] ${msg.text()}`);
        if (/Content Security Policy/i.test(msg.text())) cspViolations.push(msg.text());
      });
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) log.push(`[navigated] ${frame.url()}`);
      });
      await use(log);
      if (process.env.E2E_DEBUG_LOG) console.log(`--- ${testInfo.title}\n${log.join('\n')}`);
      if (testInfo.status !== testInfo.expectedStatus && log.length > 0) {
        await testInfo.attach('browser-log', { body: log.join('\n'), contentType: 'text/plain' });
      }
      expect(cspViolations, 'Content-Security-Policy violations reported by the browser').toEqual([]);
    },
    { auto: true },
  ],
});
