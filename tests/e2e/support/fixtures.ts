// Shared end-to-end helpers: accessibility checks with axe, and accounts made through WordPress.
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
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

/**
 * Marks a test that also runs at 390 px (the `mobile` project runs only these). A test's outcome
 * can depend on the width when it reads the layout (boxes, scrolling, screenshots, the header,
 * which changes below 768 px), branches on isMobile or runs axe; the rest check behaviour that is
 * the same at every width and run at 1280 px only. tests/unit/e2e-widths.test.ts holds specs to it.
 */
export const bothWidths = { tag: '@both-widths' };

/**
 * The browser errors of one test, gathered from every page of every context the test opens.
 * `seen` and `expect` are for the test; `watch` is how the context fixtures attach a context.
 */
class BrowserErrors {
  /** Every uncaught page error and console error of the test so far. */
  readonly seen: string[] = [];
  /** Everything the pages reported, errors and warnings with the pages' navigations between them. */
  readonly log: string[] = [];
  // The site's Content-Security-Policy must never block anything it serves itself (an inline
  // script without the response's nonce, a picture from an origin it forgot): every test fails
  // on a violation the browser reports, whatever the test declared.
  readonly cspViolations: string[] = [];
  readonly declared: RegExp[] = [];

  /**
   * Declares an error this test provokes on purpose; any other uncaught error or console.error fails
   * the test. For a failed request, name the request: Chromium's line reads "Failed to load resource:
   * the server responded with a status of 404 (Not Found)" and ends with the request's URL, so the
   * pattern carries its path, e.g. `/status of 404 \(Not Found\) \(\S+\/news\?page=500\b/`.
   */
  expect(pattern: RegExp): void {
    this.declared.push(pattern);
  }

  /**
   * Listens to every page of `context`, present and future, popups included. The context's own
   * events carry each page's messages from its first script on; a listener added to a popup's page
   * once it is announced would miss what ran before (the popup's first page load).
   */
  watch(context: BrowserContext): void {
    context.on('weberror', (error) => {
      const thrown = error.error();
      const line = `[pageerror] ${thrown.stack ?? thrown.message}`;
      this.log.push(line);
      this.seen.push(line);
    });
    context.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) this.cspViolations.push(msg.text());
      if (msg.type() !== 'error' && msg.type() !== 'warning') return;
      const where = msg.location().url ? ` (${msg.location().url}:${msg.location().lineNumber})` : '';
      const line = `[console.${msg.type()}] ${msg.text()}${where}`;
      this.log.push(line);
      if (msg.type() === 'error') this.seen.push(line);
    });
    const navigations = (page: Page) =>
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) this.log.push(`[navigated] ${frame.url()}`);
      });
    context.pages().forEach(navigations);
    context.on('page', navigations);
  }

  /** Fails the test on what its pages reported and it did not declare, and on declarations that never came. */
  verify(): void {
    const unexpected = this.seen.filter((e) => !this.declared.some((p) => p.test(e)));
    // A declared error that never came means the declaration is stale (or the page stopped
    // reporting the failure), so it fails too rather than quietly allowing something later.
    const unseen = this.declared.filter((p) => !this.seen.some((e) => p.test(e))).map(String);
    expect(this.cspViolations, 'Content-Security-Policy violations reported by the browser').toEqual([]);
    expect(unexpected, 'uncaught page errors or console.error the test did not expect').toEqual([]);
    expect(unseen, 'errors the test declared with browserErrors.expect() that never came').toEqual([]);
  }
}

type Fixtures = {
  account: TestUser;
  browserErrors: BrowserErrors;
  /**
   * Opens another browser context (another visitor, or JavaScript off) with the project's options,
   * watched like the test's own page and closed after the test. Specs never call
   * `browser.newContext()` themselves (ESLint refuses it), so no page goes unwatched.
   */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
};

/**
 * A test with a fresh WordPress account, deleted afterwards; and every test fails when any page it
 * opened, in its own context or one from `newContext`, throws an uncaught error or writes
 * console.error (hydration mismatches included) that the test did not declare with
 * `browserErrors.expect(/pattern/)`.
 */
export const test = base.extend<Fixtures>({
  account: async ({}, use) => {
    const user = await newUser();
    await use(user);
    await deleteUser(user.id);
  },
  browserErrors: [
    async ({}, use, testInfo) => {
      const errors = new BrowserErrors();
      await use(errors);
      // The contexts depend on this fixture, so they are closed by now and every page has reported.
      if (process.env.E2E_DEBUG_LOG) console.log(`--- ${testInfo.title}\n${errors.log.join('\n')}`);
      if (errors.log.length > 0) await testInfo.attach('browser-log', { body: errors.log.join('\n'), contentType: 'text/plain' });
      // Checked after the test body, so the test's own failure (if any) is reported first.
      if (testInfo.status === testInfo.expectedStatus) errors.verify();
    },
    { auto: true },
  ],
  context: async ({ context, browserErrors }, use) => {
    browserErrors.watch(context);
    await use(context);
  },
  newContext: async ({ browser, browserErrors }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (options) => {
      // The runner gives every context of the browser the project's options (base URL, viewport,
      // device); `options` are on top of them.
      const context = await browser.newContext(options);
      opened.push(context);
      browserErrors.watch(context);
      return context;
    });
    for (const context of opened) await context.close();
  },
});
