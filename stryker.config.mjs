// `npm run mutate` (scripts/mutate.mjs) runs this once per group of modules, then the plugin's
// planted bugs. A bare `npx stryker run` takes every group at once.
import { MUTATION_GROUPS } from './scripts/lib/mutation-groups.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  coverageAnalysis: 'perTest',
  // A module-level constant (a pattern, a table) is read once at import: each such mutant would need
  // the whole unit suite re-run from scratch. They are left out and counted as ignored.
  ignoreStatic: true,
  mutate: [...Object.values(MUTATION_GROUPS).flat(), '!**/*.test.ts'],
  // The sandbox needs the app, its unit tests and what they read; never the stack's data or builds.
  ignorePatterns: [
    '/.local',
    '/build',
    '/public/build',
    '/.cache',
    '/test-results',
    '/playwright-report',
    '/bench/results',
    '/.build-*',
    '/wordpress/plugins/car-export/vendor',
    '/wordpress/tools/vendor',
    '/tests/e2e',
    '/tests/integration',
  ],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  concurrency: 2,
  timeoutMS: 20000,
  // The first run of every test, with coverage, takes minutes on a busy two-core machine.
  dryRunTimeoutMinutes: 30,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 85, break: null },
};
