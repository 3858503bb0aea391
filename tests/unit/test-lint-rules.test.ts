// The lint rules that keep the test suites honest: no test declared to fail (it would count a broken
// check as passing), no browser page outside the fixtures that watch every page for errors, and no
// declared browser error that does not name its request.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..');
let eslint: ESLint;

// Loading the project's config (typescript-eslint, the React plugins) takes seconds on a busy machine.
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  await eslint.lintText('', { filePath: path.join(ROOT, 'tests/unit/warm-up.test.ts') });
}, 60_000);

/** The messages of the test-honesty rule for `source` as if it were the file at `filePath` (its line 1 is the one after the opening backtick). */
async function refusals(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source.replace(/^\n/, ''), { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => `${m.line}: ${m.message}`);
}

describe('tests declared to fail', () => {
  it('are refused in vitest files: it.fails, test.fails, describe-level and chained forms', async () => {
    const source = `
import { describe, expect, it, test } from 'vitest';
it.fails('known bug', () => expect(1).toBe(2));
test.fails('known bug', () => expect(1).toBe(2));
it.concurrent.fails('known bug', () => expect(1).toBe(2));
describe('rules', () => { it('holds', () => expect(1).toBe(1)); });
it('may call expect.fail on purpose', () => { if (Math.random() > 2) expect.fail('unreachable'); });
`;
    for (const file of ['tests/unit/x.test.ts', 'tests/integration/x.test.ts', 'app/lib/x.test.ts']) {
      expect(await refusals(file, source), file).toEqual(
        [2, 3, 4].map((line) => `${line}: A test declared to fail counts a broken check as passing; fix the code or the test instead.`),
      );
    }
  });

  it('are refused in end-to-end specs: test.fail() inside a test and test.fail(title, body)', async () => {
    const source = `
import { expect, test } from './support/fixtures';
test('known bug', async ({ page }) => { test.fail(); await expect(page).toHaveTitle('x'); });
test.fail('known bug', async () => {});
`;
    expect(await refusals('tests/e2e/x.spec.ts', source)).toEqual([
      '2: A test declared to fail counts a broken check as passing; fix the code or the test instead.',
      '3: A test declared to fail counts a broken check as passing; fix the code or the test instead.',
    ]);
  });
});

describe('end-to-end pages', () => {
  it('come only from the fixtures that watch them for browser errors', async () => {
    const source = `
import { chromium } from '@playwright/test';
import { test } from './support/fixtures';
test('a', async ({ browser, newContext }) => {
  const own = await browser.newContext();
  const page = await browser.newPage();
  const other = await chromium.launch();
  const watched = await newContext({ javaScriptEnabled: false });
  await watched.newPage();
  await Promise.all([own.close(), page.close(), other.close()]);
});
`;
    expect(await refusals('tests/e2e/x.spec.ts', source)).toEqual([
      '4: Use the newContext fixture: its pages are watched for browser errors like the test page.',
      '5: Use the newContext fixture: its pages are watched for browser errors like the test page.',
      "6: A browser of the test's own goes unwatched; use the page, context or newContext fixtures.",
    ]);
    // The fixtures make the contexts they watch.
    expect(await refusals('tests/e2e/support/fixtures.ts', 'export const make = (browser: any) => browser.newContext();')).toEqual([]);
  });

  it('declare a browser error only with the path of the request that fails', async () => {
    const source = `
import { test } from './support/fixtures';
test('a', async ({ browserErrors }) => {
  browserErrors.expect(/status of 404/);
  browserErrors.expect(/Failed to load resource.*503/);
  browserErrors.expect(/status of 404 \\(Not Found\\) \\(\\S+\\/news\\?page=500\\b/);
});
`;
    const refused = await refusals('tests/e2e/x.spec.ts', source);
    expect(refused.map((r) => r.split(':')[0])).toEqual(['3', '4']);
    expect(refused[0]).toContain('A declared browser error names its request');
  });
});
