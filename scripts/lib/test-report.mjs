// How `npm test` reads the suites' reports and the PHP logs. Pure functions of the files' text, so
// the rules that decide pass or fail are unit-tested themselves (tests/unit/test-report.test.ts).

/**
 * PHP messages WordPress 6.1 core raises on PHP 8.2 with no help from our plugin. Anything else in
 * the logs (including core functions complaining about how they were called) fails the run.
 * @type {Array<{ pattern: RegExp, reason: string }>}
 */
export const CORE_PHP_NOTICES = [
  {
    // Seen on every PHP request that loads the HTTP API (wp_remote_*, REST, cron).
    pattern:
      /PHP Deprecated: {2}Return type of Requests_(Cookie_Jar|Utility_CaseInsensitiveDictionary)::\w+\(.*\) should either be compatible with \w+::\w+\(.*\/wp-includes\/Requests\/(Cookie\/Jar|Utility\/CaseInsensitiveDictionary)\.php on line \d+$/,
    reason:
      'WordPress 6.1 bundles Requests 1.8, whose ArrayAccess/IteratorAggregate methods lack the return types PHP 8.1+ expects; core moved to Requests 2 (with the types) in 6.2.',
  },
  {
    // Seen when WordPress itself POSTs form fields through the cURL transport (its cron jobs do).
    pattern:
      /PHP Deprecated: {2}http_build_query\(\): Passing null to parameter #2 \(\$numeric_prefix\) of type string is deprecated in .*\/wp-includes\/Requests\/Transport\/cURL\.php on line \d+$/,
    reason:
      "Requests 1.8 (WordPress 6.1) calls http_build_query($data, null, '&'); PHP 8.1+ deprecates null for the prefix. Fixed in the Requests 2 that WordPress 6.2 bundles.",
  },
];

const PHP_PROBLEM = /PHP (Warning|Notice|Deprecated|Fatal error|Parse error|Strict Standards|Recoverable fatal error)/;

/**
 * The lines of a PHP log (WordPress's debug log or php-fpm's error log) that fail the run: every
 * warning, notice, deprecation or fatal error except the listed core ones. `_doing_it_wrong` and
 * deprecated-call messages are PHP notices too ("PHP Notice:  Function ... was called incorrectly"),
 * so they are caught wherever in core they surface.
 * @param {string} text
 * @param {Array<{ pattern: RegExp }>} [allowed]
 * @returns {string[]}
 */
export function phpLogProblems(text, allowed = CORE_PHP_NOTICES) {
  return text.split('\n').filter((line) => PHP_PROBLEM.test(line) && !allowed.some((a) => a.pattern.test(line)));
}

/**
 * Counts of a JUnit file's first <testsuite> (PHPUnit writes one wrapping suite).
 * @param {string} xml
 * @returns {{ passed: number, failed: number, skipped: number } | null}
 */
export function countJUnit(xml) {
  const m = xml.match(/<testsuite[^>]*\btests="(\d+)"[^>]*>/);
  if (!m) return null;
  const attr = (/** @type {string} */ n) => Number((m[0].match(new RegExp(`\\b${n}="(\\d+)"`)) ?? [0, 0])[1]);
  const total = attr('tests');
  const bad = attr('failures') + attr('errors');
  const skipped = attr('skipped');
  return { passed: total - bad - skipped, failed: bad, skipped };
}

/**
 * Counts of vitest's JSON report, with the names of skipped tests (a skip fails the run).
 * @param {string} json
 */
export function countVitest(json) {
  const r = JSON.parse(json);
  /** @type {string[]} */
  const skippedNames = [];
  for (const file of r.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'pending' || t.status === 'skipped' || t.status === 'todo') skippedNames.push(t.fullName ?? t.title);
    }
  }
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
    skippedNames,
  };
}

/**
 * Playwright's JSON report read per distinct test (one spec runs once per width): a test passes when
 * it passed first time at every width; a pass on the retry ("flaky") fails it, as does a skip.
 * @param {string} json
 */
export function countPlaywright(json) {
  const report = JSON.parse(json);
  /** @type {Record<string, number>} */
  const ranPerProject = {};
  const out = {
    passed: 0,
    failed: 0,
    skipped: 0,
    distinct: 0,
    ranPerProject,
    flaky: /** @type {string[]} */ ([]),
    skippedNames: /** @type {string[]} */ ([]),
  };
  /** @param {any} suiteNode @param {string[]} trail */
  const walk = (suiteNode, trail) => {
    for (const spec of suiteNode.specs ?? []) {
      const name = `${[...trail, spec.title].join(' › ')} (${spec.file}:${spec.line})`;
      out.distinct += 1;
      let failed = false;
      let skipped = false;
      for (const t of spec.tests ?? []) {
        if (t.status === 'skipped') {
          skipped = true;
          out.skippedNames.push(`[${t.projectName}] ${name}`);
          continue;
        }
        ranPerProject[t.projectName] = (ranPerProject[t.projectName] ?? 0) + 1;
        if (t.status === 'flaky') out.flaky.push(`[${t.projectName}] ${name}`);
        if (t.status !== 'expected') failed = true;
      }
      if (failed) out.failed += 1;
      else if (skipped) out.skipped += 1;
      else out.passed += 1;
    }
    for (const child of suiteNode.suites ?? []) walk(child, [...trail, child.title].filter(Boolean));
  };
  for (const s of report.suites ?? []) walk({ specs: s.specs, suites: s.suites }, [s.title]);
  return out;
}

/**
 * The last line of `npm test`; CI parses it, so its format never changes.
 * @param {{ passed: number, failed: number, skipped: number }} tally
 */
export const summaryLine = (tally) => `${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`;
