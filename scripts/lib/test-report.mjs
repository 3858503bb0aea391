// How `npm test` reads the suites' reports and the PHP logs. Pure functions of the files' text, so
// the rules that decide pass or fail are unit-tested themselves (tests/unit/test-report.test.ts).

/**
 * PHP messages WordPress core raises on the tested PHP with no help from our plugin, each with the
 * reason it is excused. Anything else in the logs (including core functions complaining about how
 * they were called) fails the run. Empty: WordPress 6.8 on PHP 8.2 logs nothing of its own through
 * installation, upgrade and every suite (the Requests 1.8 deprecations that WordPress 6.1 raised on
 * every HTTP call went with Requests 2, bundled since 6.2). A core message that appears after a
 * WordPress or PHP change is added here only with its reason, as a pattern naming the core file.
 * @type {Array<{ pattern: RegExp, reason: string }>}
 */
export const CORE_PHP_NOTICES = [];

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
