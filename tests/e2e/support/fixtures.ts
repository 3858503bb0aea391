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
  const summary = violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
  expect(summary).toEqual([]);
}

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

type BrowserErrors = {
  /** Every uncaught page error and console error of the test so far. */
  seen: string[];
  /**
   * Declares an error this test provokes on purpose (a failed request the page reports, say); any
   * other uncaught error or console.error fails the test.
   */
  expect: (pattern: RegExp) => void;
};

/**
 * A test with a fresh WordPress account, deleted afterwards; and every test fails when its page
 * throws an uncaught error or writes console.error (hydration mismatches included) that the test
 * did not declare with `browserErrors.expect(/pattern/)`.
 */
export const test = base.extend<{ account: TestUser; browserErrors: BrowserErrors }>({
  account: async ({}, use) => {
    const user = await newUser();
    await use(user);
    await deleteUser(user.id);
  },
  browserErrors: [
    async ({ page }, use, testInfo) => {
      const log: string[] = [];
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      // The site's Content-Security-Policy must never block anything it serves itself (an inline
      // script without the response's nonce, a picture from an origin it forgot): every test fails
      // on a violation the browser reports, whatever the test declared.
      const cspViolations: string[] = [];
      page.on('pageerror', (error) => {
        const line = `[pageerror] ${error.stack ?? error.message}`;
        log.push(line);
        errors.push(line);
      });
      page.on('console', (msg) => {
        if (/Content Security Policy/i.test(msg.text())) cspViolations.push(msg.text());
        if (msg.type() !== 'error' && msg.type() !== 'warning') return;
        const where = msg.location().url ? ` (${msg.location().url}:${msg.location().lineNumber})` : '';
        const line = `[console.${msg.type()}] ${msg.text()}${where}`;
        log.push(line);
        if (msg.type() === 'error') errors.push(line);
      });
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) log.push(`[navigated] ${frame.url()}`);
      });
      await use({
        seen: errors,
        expect: (pattern) => {
          allowed.push(pattern);
        },
      });
      if (process.env.E2E_DEBUG_LOG) console.log(`--- ${testInfo.title}\n${log.join('\n')}`);
      if (log.length > 0) await testInfo.attach('browser-log', { body: log.join('\n'), contentType: 'text/plain' });
      const unexpected = errors.filter((e) => !allowed.some((p) => p.test(e)));
      // A declared error that never came means the declaration is stale (or the page stopped
      // reporting the failure), so it fails too rather than quietly allowing something later.
      const unseen = allowed.filter((p) => !errors.some((e) => p.test(e))).map(String);
      // Checked after the test body, so the test's own failure (if any) is reported first.
      if (testInfo.status === testInfo.expectedStatus) {
        expect(cspViolations, 'Content-Security-Policy violations reported by the browser').toEqual([]);
        expect(unexpected, 'uncaught page errors or console.error the test did not expect').toEqual([]);
        expect(unseen, 'errors the test declared with browserErrors.expect() that never came').toEqual([]);
      }
    },
    { auto: true },
  ],
});
