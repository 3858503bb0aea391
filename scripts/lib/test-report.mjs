// How `npm test` reads the suites' reports and the server logs. Pure functions of the files' text, so
// the rules that decide pass or fail are unit-tested themselves (tests/unit/test-report.test.ts).

/**
 * A log line that is not a problem although it looks like one, and why.
 * @typedef {{ pattern: RegExp, reason: string }} AllowedLine
 */

/**
 * PHP messages WordPress core raises on the tested PHP with no help from our plugin, each with the
 * reason it is excused. Anything else in the logs (including core functions complaining about how
 * they were called) fails the run. Empty: WordPress 6.8 on PHP 8.2 logs nothing of its own through
 * installation, upgrade and every suite (the Requests 1.8 deprecations that WordPress 6.1 raised on
 * every HTTP call went with Requests 2, bundled since 6.2). A core message that appears after a
 * WordPress or PHP change is added here only with its reason, as a pattern naming the core file.
 * @type {AllowedLine[]}
 */
export const CORE_PHP_NOTICES = [];

/**
 * php-fpm's own warnings that are not faults. Everything else at WARNING, ERROR or ALERT fails the
 * run: a worker that died on a signal or exited with an error code, a request that timed out, a
 * socket it could not open. Its NOTICE lines (started, "ready to handle connections", "Terminating",
 * "exiting, bye-bye!") are routine; a PHP message a worker printed is checked like the PHP logs.
 * @type {AllowedLine[]}
 */
export const PHP_FPM_ALLOWED = [];

/**
 * nginx errors the tests provoke on purpose. Every other [error], [crit], [alert] or [emerg] line
 * fails the run ([warn] and below are sizing notes such as a response buffered to a temporary file).
 * @type {AllowedLine[]}
 */
export const NGINX_ALLOWED = [
  {
    pattern:
      /\[crit\] \d+#\d+: \*\d+ connect\(\) to unix:\S*\/php-fpm\.sock failed \(2: No such file or directory\) while connecting to upstream, /,
    reason:
      "The outage tests move php-fpm's socket aside to make WordPress unreachable, and nginx logs each request it then cannot pass on. Only a missing socket is excused, and outside those tests it cannot be missing while php-fpm runs; a php-fpm that is there but refuses, resets or times out still fails the run.",
  },
];

/**
 * MariaDB warnings of how the local server is set up, not of what the site asked it. Every other
 * [ERROR] or [Warning] line fails the run (a failed or aborted client connection, a crashed table, a
 * lowered limit); its [Note] lines are routine startup and shutdown.
 * @type {AllowedLine[]}
 */
export const MARIADB_ALLOWED = [
  {
    pattern: /\[Warning\] 'proxies_priv' entry '@% root@[\w.-]+' ignored in --skip-name-resolve mode\.$/,
    reason:
      "mariadb-install-db grants root's proxy right to this machine's host name as well as to localhost; the server, told to resolve no names, ignores the host-name copy at every start and every privilege reload. WordPress connects as its own user, so nothing depends on it.",
  },
  {
    pattern:
      /\[Warning\] Aborted connection \d+ to db: 'unconnected' user: 'unauthenticated' host: '127\.0\.0\.1' \(This connection closed normally without authentication\)$/,
    reason:
      "The stack's start-up check (portOpen in scripts/lib/util.mjs) opens MariaDB's TCP port and closes it without logging in, to learn that the server listens. A client that logged in and then dropped its connection is still a failure.",
  },
  {
    pattern: /\[Warning\] Could not increase number of max_open_files to more than \d+ \(request: \d+\)$/,
    reason:
      'MariaDB asks for more open files than the host\'s hard limit (ulimit -Hn) and keeps the host\'s limit; the local catalogue needs a few hundred. If the limit is so low that MariaDB lowers its own connection or table limits, it logs "Changed limits", which still fails the run.',
  },
];

const PHP_PROBLEM = /PHP (Warning|Notice|Deprecated|Fatal error|Parse error|Strict Standards|Recoverable fatal error)/;
// wpdb::print_error() logs every query that failed this way; a caller that expects a failure (the
// idempotency claim's duplicate key) silences it with suppress_errors(), so a logged one was not expected.
const WP_DB_ERROR = /WordPress database error /;
// The plugin's own error_log() lines: each starts "car-export <part>:", e.g. "car-export GraphQL:
// TypeError: …" for an internal error a GraphQL client saw as "Internal server error".
const PLUGIN_ERROR = /(?:^|\] |PHP message: )car-export \w[\w ]*: /;
const FPM_PROBLEM = /^(?:\[[^\]]+\] )?(?:WARNING|ERROR|ALERT):/;
const NGINX_PROBLEM = /\[(?:error|crit|alert|emerg)\]/;
const MARIADB_PROBLEM = /\[(?:ERROR|Warning)\]/;

/** @param {string} line */
const phpProblem = (line) => PHP_PROBLEM.test(line) || WP_DB_ERROR.test(line) || PLUGIN_ERROR.test(line);

/**
 * What fails the run in each kind of server log, and what is excused.
 * @type {Record<'php' | 'php-fpm' | 'nginx' | 'mariadb', { problem: (line: string) => boolean, allowed: AllowedLine[] }>}
 */
export const LOG_RULES = {
  // Every PHP warning, notice, deprecation or fatal error except the listed core ones, every failed
  // database query and every error line of the plugin. `_doing_it_wrong` and deprecated-call messages
  // are PHP notices too ("PHP Notice:  Function ... was called incorrectly"), so they are caught
  // wherever in core they surface.
  php: { problem: phpProblem, allowed: CORE_PHP_NOTICES },
  // A worker's PHP messages land here when PHP's own error log is not open yet ("NOTICE: PHP
  // message: PHP Warning: …"), so they are read with the PHP rules as well.
  'php-fpm': { problem: (line) => FPM_PROBLEM.test(line) || phpProblem(line), allowed: [...PHP_FPM_ALLOWED, ...CORE_PHP_NOTICES] },
  nginx: { problem: (line) => NGINX_PROBLEM.test(line), allowed: NGINX_ALLOWED },
  mariadb: { problem: (line) => MARIADB_PROBLEM.test(line), allowed: MARIADB_ALLOWED },
};

/**
 * Every log the local stack's servers write in `.local/logs/` (scripts/lib/stack.mjs names them),
 * each read with the rules of its kind. The `.out` files are the daemons' own stdout and stderr,
 * where they write before (or instead of) their log file.
 * @type {Array<{ file: string, kind: keyof typeof LOG_RULES }>}
 */
export const SERVER_LOGS = [
  { file: 'wp-debug.log', kind: 'php' },
  { file: 'php-error.log', kind: 'php' },
  { file: 'php-fpm.log', kind: 'php-fpm' },
  { file: 'php-fpm.out', kind: 'php-fpm' },
  { file: 'nginx-error.log', kind: 'nginx' },
  { file: 'nginx.out', kind: 'nginx' },
  { file: 'mariadb.log', kind: 'mariadb' },
  { file: 'mariadb.out', kind: 'mariadb' },
];

/**
 * The other files in `.local/logs/`, and why no line of theirs fails the run.
 * @type {Array<{ file: string, reason: string }>}
 */
export const UNCHECKED_LOGS = [
  { file: 'nginx-access.log', reason: 'One line per request, whatever its status; the tests assert the statuses they expect.' },
  {
    file: 'site.log',
    reason:
      "The site under test: the outage and failure tests make it log WordPress's failures on purpose, and what it answers is what those tests assert.",
  },
  {
    file: 'cron.log',
    reason:
      "The local cron runner's own lines: the outage tests stop WordPress on purpose and it notes each tick that got no answer; what the cron events themselves do wrong lands in the PHP logs, which are read.",
  },
  {
    file: 'mail-sink.log',
    reason: 'The local mail sink, a test tool: it logs the refusals the mail-failure tests ask it for.',
  },
];

/**
 * The lines of one server log that fail the run.
 * @param {keyof typeof LOG_RULES} kind
 * @param {string} text
 * @returns {string[]}
 */
export function logProblems(kind, text) {
  const { problem, allowed } = LOG_RULES[kind];
  return text.split('\n').filter((line) => problem(line) && !allowed.some((a) => a.pattern.test(line)));
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
 * it passed first time at every width; a pass on the retry ("flaky") fails it, as does a skip, and
 * so does a test declared to fail (`test.fail()`), which Playwright reports as "expected" when it
 * fails: a check that fails is never counted as passing.
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
    expectedToFail: /** @type {string[]} */ ([]),
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
        if (t.expectedStatus === 'failed') out.expectedToFail.push(`[${t.projectName}] ${name}`);
        if (t.status !== 'expected' || t.expectedStatus === 'failed') failed = true;
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
 * @typedef {{ passed: number, failed: number, skipped: number }} Counts
 * One check of the run: a linter, a static check, a test suite, the server logs. `counts` are the
 * tests it ran, for the checks that run tests; `note` says what went wrong or why it did not run.
 * A "skipped" check is a suite this environment cannot run (an external WordPress has no local PHP
 * or logs) or that the command line asked to leave out.
 * @typedef {{ name: string, status: 'passed' | 'failed' | 'skipped' | 'not run', counts?: Counts, note?: string }} Check
 */

/** The one way to accept skipped suites: its name says what is left out. */
export const SKIP_LOCAL_WORDPRESS_FLAG = '--skip-local-wordpress-checks';

/**
 * A check from its command's exit status and, for a test suite, the counts of its report (null
 * when it wrote none). It fails when the command failed, when the report is missing, or when a test
 * failed or was skipped (a skipped test is a check that did not run).
 * @param {string} name
 * @param {number | null} exitStatus null when the command was killed by a signal
 * @param {Counts | null} [counts] left out for a command that runs no tests
 * @returns {Check}
 */
export function suiteCheck(name, exitStatus, counts) {
  const notes = [];
  if (exitStatus !== 0) notes.push(exitStatus === null ? 'killed' : `exit ${exitStatus}`);
  if (counts === null) notes.push('wrote no report');
  if (counts?.skipped) notes.push('skipped tests fail the run');
  const failed = notes.length > 0 || Boolean(counts?.failed);
  return { name, status: failed ? 'failed' : 'passed', ...(counts ? { counts } : {}), ...(notes.length ? { note: notes.join(', ') } : {}) };
}

const MARK = { passed: '✓', failed: '✗', skipped: '–', 'not run': '·' };

/**
 * What `npm test` prints last: a row per check (✓ passed, ✗ failed, – skipped, · not run because
 * the run stopped before it), a row naming the skipped suites, and the totals of the closing line.
 * The totals add up the tests every suite ran, count a skipped suite once as skipped, and count a
 * failed check once more when it failed without a failed test of its own (a lint finding, a type
 * error, a crashed suite, a problem in the server logs, only skipped tests), so the closing line
 * never says 0 failed for a failing run. Skipped suites fail the run unless `skipsAskedFor` (the
 * command line asked for them to be left out).
 * @param {Check[]} checks
 * @param {{ skipsAskedFor?: boolean }} [options]
 * @returns {{ rows: string[], totals: Counts, ok: boolean }}
 */
export function summarize(checks, { skipsAskedFor = false } = {}) {
  const skipped = checks.filter((c) => c.status === 'skipped').map((c) => c.name);
  /** @type {Check} */
  const skipRow = { name: 'Skipped suites', status: 'passed', note: 'none' };
  if (skipped.length && skipsAskedFor)
    Object.assign(skipRow, { status: 'skipped', note: `${skipped.join(', ')} (asked for with ${SKIP_LOCAL_WORDPRESS_FLAG})` });
  if (skipped.length && !skipsAskedFor) {
    Object.assign(skipRow, { status: 'failed', note: `${skipped.join(', ')}: not asked for (${SKIP_LOCAL_WORDPRESS_FLAG} accepts them)` });
  }
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for (const check of [...checks, skipRow]) {
    totals.passed += check.counts?.passed ?? 0;
    totals.failed += check.counts?.failed ?? 0;
    totals.skipped += check.counts?.skipped ?? 0;
    if (check.status === 'failed' && !check.counts?.failed) totals.failed += 1;
  }
  totals.skipped += skipped.length;
  const all = checks.length ? [...checks, skipRow] : [];
  const width = Math.max(0, ...all.map((c) => c.name.length));
  const rows = all.map((check) => {
    const detail = [check.counts && summaryLine(check.counts), check.note].filter(Boolean).join('; ');
    return `  ${MARK[check.status]} ${detail ? `${check.name.padEnd(width)}  ${detail}` : check.name}`;
  });
  // A run that recorded no check at all (it stopped while setting up) has passed nothing.
  const ok = checks.length > 0 && all.every((c) => c.status === 'passed' || (c.status === 'skipped' && skipsAskedFor));
  return { rows, totals, ok };
}

/**
 * The last line of `npm test`; CI parses it, so its format never changes.
 * @param {Counts} tally
 */
export const summaryLine = (tally) => `${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`;
