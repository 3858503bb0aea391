// The plugin's planted bugs are made by our own script: it must plant bugs in code only (never in a
// string or a comment, where a change proves nothing), and it must plant the bugs that matter for
// the rules, such as a flipped sort direction.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyMutant, maskPhp, mutantsOf } from '../../scripts/mutate-php.mjs';

type Mutant = { index: number; length: number; replacement: string; name: string; line: number; original: string };

const SAMPLE = `<?php
declare(strict_types=1);
// a < b && c in a comment, ORDER BY x DESC
final class Rule {
	public const LIMIT = 5;
	public static function ok( int $n, string $order ): true | false {
		$label = 'a < b || true';
		$dir   = 'ASC' === $order ? 'ASC' : 'DESC';
		return $n >= 3 && ! empty( $label ) ? true : false;
	}
}
`;

describe('planted bugs for the plugin', () => {
  const mutants = mutantsOf(SAMPLE) as Mutant[];

  it('blanks strings and comments but keeps the code and the length', () => {
    const masked = maskPhp(SAMPLE) as string;
    expect(masked).toHaveLength(SAMPLE.length);
    expect(masked).not.toContain('a < b');
    expect(masked).toContain('$n >= 3 && !');
  });

  it('plants each kind of bug on the rule line, none in strings, comments, constants or signatures', () => {
    const lines = new Set(mutants.map((m) => m.line));
    expect([...lines].sort()).toEqual([8, 9]);
    const planted = mutants.map((m) => `${m.line}:${m.name}:${m.original}→${m.replacement}`);
    expect(planted).toEqual(
      expect.arrayContaining([
        '9:boundary moved:>=→>',
        '9:and/or swapped:&&→||',
        '9:negation removed:! →',
        '9:boolean flipped:true→false',
        '9:boolean flipped:false→true',
        '9:number changed:3→4',
        "8:sort direction flipped:'ASC'→'DESC'",
        "8:sort direction flipped:'DESC'→'ASC'",
        '8:equality flipped:===→!==',
      ]),
    );
  });

  it('applies one bug at a time, leaving the rest of the file as it was', () => {
    const flip = mutants.find((m) => m.original === '>=') as Mutant;
    const changed = applyMutant(SAMPLE, flip) as string;
    expect(changed).toContain('$n > 3 &&');
    expect(changed.replace('$n > 3', '$n >= 3')).toBe(SAMPLE);
  });

  it("plants the search's flipped sort direction in the real query builder", () => {
    const source = fs.readFileSync('wordpress/plugins/car-export/src/Search/CarQuery.php', 'utf8');
    const names = (mutantsOf(source) as Mutant[]).map((m) => m.name);
    expect(names).toContain('sort direction flipped');
  });
});
