// Rules the site keeps in exactly one module each. These checks read the app's source: a fact or a
// header value typed again elsewhere is how the copies drifted apart before (an article answering
// 503 for a refusal, a footer with another founding year than the structured data).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const APP = path.resolve(__dirname, '../../app');

function sources(dir = APP): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Source without its comments: a comment may name a value the code itself never writes. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** Files (relative to app/) whose text matches `pattern`, except `home`. */
function writtenOutside(pattern: RegExp, home: string[]): string[] {
  return sources()
    .map((file) => path.relative(APP, file))
    .filter((file) => !home.includes(file))
    .filter((file) => pattern.test(code(fs.readFileSync(path.join(APP, file), 'utf8'))));
}

describe('one home per rule', () => {
  it('company facts (founding year, countries served) come from COMPANY only', () => {
    expect(writtenOutside(/\b2012\b|40\+|more than 40\b/, ['lib/content/company.ts'])).toEqual([]);
  });

  it('every Cache-Control value comes from the named policies', () => {
    expect(writtenOutside(/no-store|no-cache|max-age=|s-maxage/, ['lib/http/cache-headers.server.ts'])).toEqual([]);
  });

  it('a WordPress failure is turned into a status and Retry-After by the failure module only', () => {
    expect(writtenOutside(/'Retry-After': '|status: 503\b/, ['lib/wordpress/failure.server.ts'])).toEqual([]);
  });

  it('a car id is read by the car-id module only (no Number() of an id, no second pattern)', () => {
    expect(writtenOutside(/(Number|parseInt|isSafeInteger|isInteger)\([^)]*carId\b/i, ['forms/car-id.ts'])).toEqual([]);
  });
});
