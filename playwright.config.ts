import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium, never a downloaded browser; these flags keep it off the (closed) network.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.local/test-results/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: true,
  // One retry in CI, only to tell a flake from a steady failure in the report: a test that passes
  // only on its retry still fails the run (here, and by name in `npm test`'s summary).
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: true,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['junit', { outputFile: '.local/test-results/e2e-junit.xml' }],
    ['json', { outputFile: '.local/test-results/e2e.json' }],
  ],
  use: {
    baseURL: process.env.SITE_URL || 'http://127.0.0.1:3000',
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 }, launchOptions: chromium } },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions: chromium },
      // The sale walk-through checks behaviour, not layout: once, at 1280 px.
      testIgnore: ['deals.spec.ts'],
    },
  ],
});
