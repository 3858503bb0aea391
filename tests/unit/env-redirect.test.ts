// Server configuration (parsed once, clear errors) and same-site redirects.
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '~/lib/env.server';
import { safeRedirect } from '~/lib/safe-redirect';

describe('parseEnv', () => {
  it('reads a complete production configuration', () => {
    const e = parseEnv({ NODE_ENV: 'production', WORDPRESS_URL: 'https://wp.example/', SESSION_SECRET: 's'.repeat(32), PURGE_SECRET: 'p'.repeat(32), TRUST_PROXY: '1' });
    expect(e).toMatchObject({ isProduction: true, wordpressUrl: 'https://wp.example', purgeSecret: 'p'.repeat(32), trustProxy: 1, cookieSecure: 'auto' });
  });

  it('requires WORDPRESS_URL and names it', () => {
    expect(() => parseEnv({ NODE_ENV: 'development' })).toThrow(EnvError);
    expect(() => parseEnv({ NODE_ENV: 'development' })).toThrow(/WORDPRESS_URL/);
    expect(() => parseEnv({ NODE_ENV: 'development', WORDPRESS_URL: 'not a url' })).toThrow(/WORDPRESS_URL/);
  });

  it('requires a session secret of 16+ characters in production only', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', WORDPRESS_URL: 'http://wp' })).toThrow(/SESSION_SECRET: is required in production/);
    expect(() => parseEnv({ NODE_ENV: 'production', WORDPRESS_URL: 'http://wp', SESSION_SECRET: 'short' })).toThrow(/at least 16/);
    expect(parseEnv({ NODE_ENV: 'development', WORDPRESS_URL: 'http://wp' }).sessionSecret.length).toBeGreaterThanOrEqual(16);
    // Unset NODE_ENV counts as production, as server.mjs runs it.
    expect(() => parseEnv({ WORDPRESS_URL: 'http://wp' })).toThrow(/SESSION_SECRET/);
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ NODE_ENV: 'test', WORDPRESS_URL: 'http://wp', PURGE_SECRET: '' }).purgeSecret).toBeNull();
  });
});

describe('safeRedirect', () => {
  it('keeps same-site paths', () => {
    expect(safeRedirect('/favorites')).toBe('/favorites');
    expect(safeRedirect('/explore-cars?brand=BYD&page=2#results')).toBe('/explore-cars?brand=BYD&page=2#results');
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'favorites', '/\t/evil.example', '', null, undefined])(
    'refuses %s',
    (to) => {
      expect(safeRedirect(to as string, '/fallback')).toBe('/fallback');
    },
  );
});
