// The end-to-end specs run at 390 px only where a test says so (bothWidths). A test whose outcome
// can depend on the width must say so, or a phone-only defect would pass unseen: this reads every
// spec and names each test that reads the layout, branches on the width or runs axe without it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const E2E = path.resolve(__dirname, '..', 'e2e');
const READS_LAYOUT =
  /isMobile\(|viewportSize|boundingBox|toBeInViewport|scrollWidth|screenshot\(|expectNoAxeViolations|getByRole\('banner'\)|favoritesBadge|openAuthDialogFromHeader|signedInUser\(/;

/** Each `test(` call of a spec with its source up to the next one. */
function testsOf(source: string): { title: string; body: string }[] {
  const starts = [...source.matchAll(/^\s*test\(/gm)].map((m) => m.index!);
  return starts.map((start, i) => {
    const body = source.slice(start, starts[i + 1] ?? source.length);
    const title = /test\(\s*(['"`])((?:\\.|(?!\1).)*)\1/s.exec(body)?.[2] ?? body.slice(0, 80);
    return { title, body };
  });
}

/** The tests of a spec that depend on the width and are not marked to run at both. */
function unmarked(source: string): string[] {
  return testsOf(source)
    .filter(({ body }) => READS_LAYOUT.test(body) && !/^\s*test\([\s\S]*?,\s*bothWidths,/.test(body.slice(0, body.indexOf('=>'))))
    .map(({ title }) => title);
}

describe('end-to-end tests at 390 px', () => {
  it('finds a width-dependent test that is not marked, and accepts it marked', () => {
    const plain = "test('the header fits', async ({ page }) => {\n  await page.getByRole('banner').boundingBox();\n});\n";
    expect(unmarked(plain)).toEqual(['the header fits']);
    expect(unmarked(plain.replace("fits',", "fits', bothWidths,"))).toEqual([]);
    expect(unmarked("test('a form posts', async ({ page }) => {\n  await page.goto('/');\n});\n")).toEqual([]);
  });

  it('every spec marks each test that reads the layout, branches on the width or runs axe', () => {
    const specs = fs.readdirSync(E2E).filter((f) => f.endsWith('.spec.ts'));
    expect(specs.length).toBeGreaterThan(10);
    const missing = specs.flatMap((f) => unmarked(fs.readFileSync(path.join(E2E, f), 'utf8')).map((t) => `${f}: ${t}`));
    expect(missing).toEqual([]);
  });
});
