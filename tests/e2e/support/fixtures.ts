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
export const test = base.extend<{ account: TestUser }>({
  account: async ({}, use) => {
    const user = await newUser();
    await use(user);
    await deleteUser(user.id);
  },
});
