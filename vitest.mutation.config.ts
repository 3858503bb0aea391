import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The unit tests that judge the mutated modules (stryker.config.mjs), for mutation testing: each
// mutant is judged by fast tests that need no stack (the integration project would need a running
// WordPress per mutant). Every file that imports one of those modules directly is here, except the
// ones that replace modules with vi.mock: with modules shared between files (below) a mock of one
// file would leak into the next.
export default defineConfig({
  resolve: { alias: { '~': path.resolve(__dirname, 'app') } },
  test: {
    include: [
      'tests/unit/account-rules.test.ts',
      'tests/unit/api-server.test.ts',
      'tests/unit/auth-inquiry-rules.test.ts',
      'tests/unit/auth-validation.test.ts',
      'tests/unit/buyer-rules.test.ts',
      'tests/unit/car-detail.test.ts',
      'tests/unit/car-extras.test.ts',
      'tests/unit/car-id.test.ts',
      'tests/unit/content.test.ts',
      'tests/unit/explore-labels.test.ts',
      'tests/unit/explore-pagination.test.ts',
      'tests/unit/explore-price.test.ts',
      'tests/unit/explore-state.test.ts',
      'tests/unit/field-rules.test.ts',
      'tests/unit/format.test.ts',
      'tests/unit/html-sanitize-corpus.test.ts',
      'tests/unit/html-sanitize-output.test.ts',
      'tests/unit/http-edges.test.ts',
      'tests/unit/landed-price.test.ts',
      'tests/unit/leads.test.ts',
      'tests/unit/outbox-guards.test.ts',
      'tests/unit/outbox-lifecycle.test.ts',
      'tests/unit/outbox.test.ts',
      'tests/unit/wordpress-map-content.test.ts',
      'tests/unit/wordpress-map.test.ts',
      'tests/unit/wordpress-queries.test.ts',
    ],
    environment: 'node',
    // Each mutant reruns a few tests: with isolation off the worker keeps the modules it has already
    // loaded (jsdom for the sanitiser takes seconds to load), so a rerun costs the tests alone.
    // Mutants are switched on at run time, so a loaded module still sees the active one.
    isolate: false,
  },
});
