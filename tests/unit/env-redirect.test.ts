// Server configuration (parsed once, clear errors) and same-site redirects.
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '~/lib/server/env.server';
import { safeRedirect } from '~/lib/auth/safe-redirect';

describe('parseEnv', () => {
  it('reads a complete production configuration', () => {
    const e = parseEnv({
      NODE_ENV: 'production',
      WORDPRESS_URL: 'https://wp.example/',
      SESSION_SECRET: 's'.repeat(32),
      PURGE_SECRET: 'p'.repeat(32),
      TRUST_PROXY: '1',
      PUBLIC_URL: 'https://cars.example/',
      PORT: '8000',
      PAGE_CACHE_TTL: '30',
      LOG_LEVEL: 'warn',
    });
    expect(e).toMatchObject({
      isProduction: true,
      wordpressUrl: 'https://wp.example',
      purgeSecret: 'p'.repeat(32),
      trustProxy: 1,
      cookieSecure: 'auto',
      publicUrl: 'https://cars.example',
      port: 8000,
      pageCacheTtl: 30,
      logLevel: 'warn',
    });
  });

  it('requires PUBLIC_URL in production; elsewhere it defaults to this machine at PORT', () => {
    const prod = { NODE_ENV: 'production', WORDPRESS_URL: 'http://wp', SESSION_SECRET: 's'.repeat(32) };
    expect(() => parseEnv(prod)).toThrow(/PUBLIC_URL: is required in production/);
    expect(parseEnv({ NODE_ENV: 'development', WORDPRESS_URL: 'http://wp', PORT: '4100' }).publicUrl).toBe('http://127.0.0.1:4100');
    expect(parseEnv({ NODE_ENV: 'test', WORDPRESS_URL: 'http://wp' }).publicUrl).toBe('http://127.0.0.1:3000');
  });

  it('names each bad server variable with the value it read, secrets excepted', () => {
    const base = { NODE_ENV: 'test', WORDPRESS_URL: 'http://wp' };
    for (const [name, value] of [
      ['PORT', 'abc'],
      ['PORT', '70000'],
      ['PAGE_CACHE_TTL', '-1'],
      ['PAGE_CACHE_TTL', 'soon'],
      ['TRUST_PROXY', 'x'],
      ['LOG_LEVEL', 'loud'],
    ]) {
      let error: unknown;
      try {
        parseEnv({ ...base, [name!]: value! });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(EnvError);
      expect((error as EnvError).problems).toEqual([expect.stringMatching(new RegExp(`^${name}: .*\\(got "${value}"\\)$`))]);
    }
    try {
      parseEnv({ ...base, SESSION_SECRET: 'short-secret' });
    } catch (e) {
      expect((e as EnvError).problems[0]).not.toContain('short-secret');
    }
  });

  it('PAGE_CACHE_TTL defaults to 60 seconds, 0 (off) in development', () => {
    expect(parseEnv({ NODE_ENV: 'test', WORDPRESS_URL: 'http://wp' }).pageCacheTtl).toBe(60);
    expect(parseEnv({ NODE_ENV: 'development', WORDPRESS_URL: 'http://wp' }).pageCacheTtl).toBe(0);
    expect(parseEnv({ NODE_ENV: 'development', WORDPRESS_URL: 'http://wp', PAGE_CACHE_TTL: '0' }).pageCacheTtl).toBe(0);
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

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'favorites',
    '/\t/evil.example',
    '',
    null,
    undefined,
  ])('refuses %s', (to) => {
    expect(safeRedirect(to as string, '/fallback')).toBe('/fallback');
  });
});
