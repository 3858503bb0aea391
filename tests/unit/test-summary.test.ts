// What `npm test` prints last and exits with: a row per check, the skipped suites, and the closing
// line CI reads, whose failed count is never 0 for a failing run.
import { describe, expect, it } from 'vitest';
import { SKIP_LOCAL_WORDPRESS_FLAG, suiteCheck, summarize, summaryLine, type Check } from '../../scripts/lib/test-report.mjs';

describe('the closing summary', () => {
  it('keeps the final line in the format CI parses', () => {
    expect(summaryLine({ passed: 3, failed: 1, skipped: 0 })).toBe('3 passed, 1 failed, 0 skipped');
  });

  it('fails a suite that exited non-zero, wrote no report, or failed or skipped a test', () => {
    const ran = { passed: 5, failed: 0, skipped: 0 };
    expect(suiteCheck('vitest', 0, ran)).toEqual({ name: 'vitest', status: 'passed', counts: ran });
    expect(suiteCheck('TypeScript', 0)).toEqual({ name: 'TypeScript', status: 'passed' });
    expect(suiteCheck('TypeScript', 2)).toEqual({ name: 'TypeScript', status: 'failed', note: 'exit 2' });
    // A file that failed to load: vitest exits 1 and its report counts no failed test.
    expect(suiteCheck('vitest', 1, ran)).toMatchObject({ status: 'failed', note: 'exit 1' });
    expect(suiteCheck('PHPUnit', 0, null)).toEqual({ name: 'PHPUnit', status: 'failed', note: 'wrote no report' });
    expect(suiteCheck('PHPUnit', null, null)).toMatchObject({ status: 'failed', note: 'killed, wrote no report' });
    expect(suiteCheck('vitest', 0, { passed: 5, failed: 0, skipped: 1 })).toMatchObject({
      status: 'failed',
      note: 'skipped tests fail the run',
    });
    expect(suiteCheck('vitest', 1, { passed: 5, failed: 2, skipped: 0 })).toMatchObject({ status: 'failed', counts: { failed: 2 } });
  });

  it('lists every check with its mark and counts, and never says 0 failed for a failing run', () => {
    const { rows, totals, ok } = summarize([
      { name: 'ESLint', status: 'passed' },
      { name: 'TypeScript', status: 'failed', note: 'exit 2' },
      suiteCheck('vitest (unit + integration)', 1, { passed: 40, failed: 0, skipped: 0 }),
      suiteCheck('Playwright', 1, { passed: 10, failed: 2, skipped: 0 }),
      suiteCheck('Docker', 0, { passed: 7, failed: 0, skipped: 1 }),
      { name: 'Server logs', status: 'not run' },
    ]);
    expect(rows).toEqual([
      '  ✓ ESLint',
      '  ✗ TypeScript                   exit 2',
      '  ✗ vitest (unit + integration)  40 passed, 0 failed, 0 skipped; exit 1',
      '  ✗ Playwright                   10 passed, 2 failed, 0 skipped; exit 1',
      '  ✗ Docker                       7 passed, 0 failed, 1 skipped; skipped tests fail the run',
      '  · Server logs',
      '  ✓ Skipped suites               none',
    ]);
    // TypeScript, the crashed vitest and Docker's skip add one each; Playwright's two failed tests count as they are.
    expect(totals).toEqual({ passed: 57, failed: 5, skipped: 1 });
    expect(ok).toBe(false);
  });

  it('passes only when every check passed, and a run that recorded no check has not passed', () => {
    const all = summarize([
      { name: 'Server logs', status: 'passed', note: '8 logs' },
      suiteCheck('vitest', 0, { passed: 3, failed: 0, skipped: 0 }),
    ]);
    expect(all).toEqual({
      rows: ['  ✓ Server logs     8 logs', '  ✓ vitest          3 passed, 0 failed, 0 skipped', '  ✓ Skipped suites  none'],
      totals: { passed: 3, failed: 0, skipped: 0 },
      ok: true,
    });
    expect(summarize([])).toEqual({ rows: [], totals: { passed: 0, failed: 0, skipped: 0 }, ok: false });
    expect(summarize([{ name: 'Server logs', status: 'failed', note: '2 lines to fix' }]).totals).toEqual({
      passed: 0,
      failed: 1,
      skipped: 0,
    });
  });

  describe('suites the environment cannot run (an external WordPress: no local PHP or logs)', () => {
    const checks: Check[] = [
      { name: 'ESLint', status: 'passed' },
      { name: 'PHPStan', status: 'skipped', note: 'WORDPRESS_URL is set' },
      suiteCheck('vitest', 0, { passed: 3, failed: 0, skipped: 0 }),
      { name: 'Server logs', status: 'skipped', note: 'WORDPRESS_URL is set' },
    ];

    it('names them and fails the run unless the command line asked for them to be left out', () => {
      const { rows, totals, ok } = summarize(checks);
      expect(rows).toEqual([
        '  ✓ ESLint',
        '  – PHPStan         WORDPRESS_URL is set',
        '  ✓ vitest          3 passed, 0 failed, 0 skipped',
        '  – Server logs     WORDPRESS_URL is set',
        `  ✗ Skipped suites  PHPStan, Server logs: not asked for (${SKIP_LOCAL_WORDPRESS_FLAG} accepts them)`,
      ]);
      expect(totals).toEqual({ passed: 3, failed: 1, skipped: 2 });
      expect(ok).toBe(false);
    });

    it(`passes with ${SKIP_LOCAL_WORDPRESS_FLAG}, still naming and counting what was skipped`, () => {
      const { rows, totals, ok } = summarize(checks, { skipsAskedFor: true });
      expect(rows.at(-1)).toBe(`  – Skipped suites  PHPStan, Server logs (asked for with ${SKIP_LOCAL_WORDPRESS_FLAG})`);
      expect(totals).toEqual({ passed: 3, failed: 0, skipped: 2 });
      expect(ok).toBe(true);
      // Asking for skips excuses nothing else.
      expect(summarize([...checks, { name: 'TypeScript', status: 'failed' }], { skipsAskedFor: true }).ok).toBe(false);
    });
  });
});
