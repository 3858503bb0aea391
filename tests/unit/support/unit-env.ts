// The site's environment the unit suites run server modules under, set before and restored after,
// with the env module's cache reset both times so each test reads what it set.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { resetEnvForTests } from '~/lib/server/env.server';

export const UNIT_ENV = {
  WORDPRESS_URL: 'http://wp.test',
  SESSION_SECRET: 'unit-test-session-secret-0123456789',
  NODE_ENV: 'test',
  // The public origin, deliberately not a request's host in the tests (site.test).
  PUBLIC_URL: 'https://cars.example',
};

/** Sets UNIT_ENV without the `unset` names before each test (or once, for scope 'file'), and puts the environment back after. */
export function useUnitEnv({ scope = 'each', unset = [] }: { scope?: 'each' | 'file'; unset?: string[] } = {}): void {
  const saved = { ...process.env };
  const [before, after] = scope === 'file' ? [beforeAll, afterAll] : [beforeEach, afterEach];
  before(() => {
    Object.assign(process.env, UNIT_ENV);
    for (const name of unset) delete process.env[name];
    resetEnvForTests();
  });
  after(() => {
    process.env = { ...saved };
    resetEnvForTests();
  });
}
