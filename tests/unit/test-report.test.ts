// The rules `npm test` uses to pass or fail a run: which PHP log lines fail it, and how skipped,
// flaky and per-width end-to-end results are counted.
import { describe, expect, it } from 'vitest';
import { CORE_PHP_NOTICES, countPlaywright, countVitest, phpLogProblems, summaryLine } from '../../scripts/lib/test-report.mjs';

const WP = '/work/x/.local/wordpress';
const at = '[23-Nov-2026 12:56:27 UTC]';
const coreRequests = `${at} PHP Deprecated:  Return type of Requests_Cookie_Jar::offsetGet($key) should either be compatible with ArrayAccess::offsetGet(mixed $offset): mixed, or the #[\\ReturnTypeWillChange] attribute should be used to temporarily suppress the notice in ${WP}/wp-includes/Requests/Cookie/Jar.php on line 73`;

describe('phpLogProblems', () => {
  it('excuses no core message by default: WordPress 6.8 on PHP 8.2 logs none, and the 6.1 ones fail the run again', () => {
    expect(CORE_PHP_NOTICES).toEqual([]);
    expect(phpLogProblems(`${at} plain log line from error_log()\n`)).toEqual([]);
    expect(phpLogProblems(coreRequests)).toEqual([coreRequests]);
  });

  it('lets through only the listed core messages, matched on their file', () => {
    const allowed = [{ pattern: /Requests_Cookie_Jar::\w+\(.*\/wp-includes\/Requests\/Cookie\/Jar\.php on line \d+$/ }];
    expect(phpLogProblems(`${coreRequests}\n${at} plain log line from error_log()\n`, allowed)).toEqual([]);
    // The same message from our own code, or from another class, is ours to fix.
    const ours = coreRequests.replace('wp-includes/Requests/Cookie/Jar.php', 'wp-content/plugins/car-export/src/Jar.php');
    const otherClass = coreRequests.replace('Requests_Cookie_Jar', 'CarExport_Jar');
    expect(phpLogProblems(`${ours}\n${otherClass}`, allowed)).toEqual([ours, otherClass]);
    // Should core ever need an entry, it comes with its reason.
    for (const entry of CORE_PHP_NOTICES) expect(entry.reason.length).toBeGreaterThan(40);
  });

  it('fails on a notice the plugin causes inside core (_doing_it_wrong, deprecated calls, bad array keys)', () => {
    const lines = [
      `${at} PHP Notice:  Function register_rest_route was called <strong>incorrectly</strong>. The REST API route definition for <code>car-export/v1/x</code> is missing the required <code>permission_callback</code> argument. in ${WP}/wp-includes/functions.php on line 5835`,
      `${at} PHP Deprecated:  Function get_page_by_title is <strong>deprecated</strong> since version 6.2.0! in ${WP}/wp-includes/functions.php on line 5383`,
      `${at} PHP Warning:  Undefined array key "post_type" in ${WP}/wp-includes/post.php on line 4120`,
      `${at} PHP Fatal error:  Uncaught TypeError: x() in /work/x/wordpress/plugins/car-export/src/Plugin.php:12`,
    ];
    expect(phpLogProblems(lines.join('\n'))).toEqual(lines);
  });
});

describe('countVitest', () => {
  it('names skipped tests so the run can fail on them', () => {
    const report = {
      numPassedTests: 2,
      numFailedTests: 0,
      numPendingTests: 1,
      numTodoTests: 0,
      testResults: [
        {
          assertionResults: [
            { status: 'passed', fullName: 'a works' },
            { status: 'pending', fullName: 'purge reaches the site' },
            { status: 'passed', fullName: 'b works' },
          ],
        },
      ],
    };
    expect(countVitest(JSON.stringify(report))).toEqual({ passed: 2, failed: 0, skipped: 1, skippedNames: ['purge reaches the site'] });
  });
});

describe('countPlaywright', () => {
  const spec = (title: string, ...statuses: Array<[string, string]>) => ({
    title,
    file: 'x.spec.ts',
    line: 1,
    tests: statuses.map(([projectName, status]) => ({ projectName, status })),
  });
  const report = {
    suites: [
      {
        title: 'x.spec.ts',
        specs: [
          spec('steady', ['desktop', 'expected'], ['mobile', 'expected']),
          spec('flaky on phones', ['desktop', 'expected'], ['mobile', 'flaky']),
          spec('broken', ['desktop', 'unexpected'], ['mobile', 'expected']),
          spec('desktop only', ['desktop', 'expected'], ['mobile', 'skipped']),
        ],
      },
    ],
  };

  it('counts each test once, fails a test that needed its retry, and says how many ran per width', () => {
    const c = countPlaywright(JSON.stringify(report));
    expect(c).toMatchObject({ distinct: 4, passed: 1, failed: 2, skipped: 1, ranPerProject: { desktop: 4, mobile: 3 } });
    expect(c.flaky).toEqual(['[mobile] x.spec.ts › flaky on phones (x.spec.ts:1)']);
    expect(c.skippedNames).toEqual(['[mobile] x.spec.ts › desktop only (x.spec.ts:1)']);
  });

  it('keeps the final line in the format CI parses', () => {
    expect(summaryLine({ passed: 3, failed: 1, skipped: 0 })).toBe('3 passed, 1 failed, 0 skipped');
  });
});
