import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '~': path.resolve(__dirname, 'app') };

export default defineConfig({
  resolve: { alias },
  test: {
    // One WordPress is shared by every integration file; files run one at a time so counts and
    // rate limits seen by one file are not disturbed by another (vitest sets this for all projects).
    fileParallelism: false,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'app/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
