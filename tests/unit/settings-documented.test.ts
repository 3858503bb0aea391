// An operator configures the site and WordPress through environment variables and wp-config
// constants, and learns their names from the README: each one the code reads must be written there,
// or a setting exists that nobody deploying the site can know of.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/**
 * Set by the project itself, never by an operator: the site's process manager for its workers, and
 * the WordPress image's Dockerfile for its own scripts.
 */
const INTERNAL = new Set(['SITE_WORKER_SLOT', 'WORDPRESS_ROOT']);

function filesUnder(dir: string, ext: RegExp): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .flatMap((e) => (e.isFile() && ext.test(e.name) ? [path.join(e.parentPath, e.name)] : []));
}

function namesIn(files: string[], patterns: RegExp[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const m of text.matchAll(pattern)) names.add(m[1]!);
  }
  return names;
}

const undocumented = (names: Set<string>) => [...names].filter((n) => !INTERNAL.has(n) && !new RegExp(`\\b${n}\\b`).test(README)).sort();

describe('settings an operator can set', () => {
  it('the site: every environment variable its server and app read is in the README', () => {
    const files = [path.join(ROOT, 'server.mjs'), ...filesUnder('server', /\.mjs$/), ...filesUnder('app', /\.tsx?$/)];
    const names = namesIn(files, [/process\.env\.([A-Z][A-Z0-9_]+)/g, /\benv\.([A-Z][A-Z0-9_]{2,})/g, /\bread\('([A-Z][A-Z0-9_]+)'/g]);
    expect(names.has('WORDPRESS_URL')).toBe(true);
    expect(names.has('RENDER_QUEUE_WAIT_MS')).toBe(true);
    expect(undocumented(names)).toEqual([]);
  });

  it('WordPress: every constant of the plugin and environment variable of its image is in the README', () => {
    const plugin = filesUnder('wordpress/plugins/car-export/src', /\.php$/);
    const names = namesIn(plugin, [/defined\(\s*'((?:CAR_EXPORT|JWT)_[A-Z0-9_]+)'/g, /getenv\(\s*'([A-Z][A-Z0-9_]+)'/g]);
    const image = filesUnder('docker/wordpress', /\.(sh|php)$/);
    for (const n of namesIn(image, [/getenv\(\s*'([A-Z][A-Z0-9_]+)'/g, /\$\{([A-Z][A-Z0-9_]+)(?::?-[^}]*)?\}/g])) names.add(n);
    expect(names.has('CAR_EXPORT_TRUSTED_PROXIES')).toBe(true);
    expect(undocumented(names)).toEqual([]);
  });
});
