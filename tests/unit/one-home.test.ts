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

// The import graph of app/: value imports only (a type import leaves nothing behind in a bundle).
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources()) {
    const deps: string[] = [];
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)) {
      const spec = m[2] ?? '';
      if (m[1] || !(spec.startsWith('~/') || spec.startsWith('.'))) continue;
      const base = spec.startsWith('~/') ? path.join(APP, spec.slice(2)) : path.resolve(path.dirname(file), spec);
      const found = ['.ts', '.tsx', ''].map((ext) => base + ext).find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
      if (found) deps.push(path.relative(APP, found));
    }
    graph.set(path.relative(APP, file), deps);
  }
  return graph;
}

describe('the import graph of app/', () => {
  const graph = importGraph();

  it('has no cycles', () => {
    const cycles: string[] = [];
    const done = new Set<string>();
    const walk = (file: string, trail: string[]) => {
      if (trail.includes(file)) return void cycles.push([...trail.slice(trail.indexOf(file)), file].join(' -> '));
      if (done.has(file)) return;
      for (const dep of graph.get(file) ?? []) walk(dep, [...trail, file]);
      done.add(file);
    };
    for (const file of graph.keys()) walk(file, []);
    expect(cycles).toEqual([]);
  });

  it('keeps server modules out of browser code: only routes, the root and other server modules import a *.server module', () => {
    // A route's server module is emptied in the browser build (Remix strips loaders and actions);
    // a shared browser module that imported one would get undefined at run time there.
    const BY_DESIGN = [
      // The server renders the footer from a static import; the browser loads it as a deferred chunk.
      'components/layout/SiteLayout.tsx -> components/layout/footer.server.ts',
    ];
    const offenders = [...graph].flatMap(([file, deps]) =>
      /\.server\.tsx?$/.test(file) || file.startsWith('routes/') || file === 'root.tsx' || file === 'entry.server.tsx'
        ? []
        : deps.filter((dep) => /\.server\.tsx?$/.test(dep)).map((dep) => `${file} -> ${dep}`),
    );
    expect(offenders).toEqual(BY_DESIGN);
  });
});
