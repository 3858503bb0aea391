// `npm test`: every suite. Installs what is missing, runs the linters (stopping there when they
// find anything), brings up the local stack the way `npm start` does (reusing one that already
// runs), runs the static checks, PHPUnit, the vitest unit and integration suites and Playwright,
// reads the servers' logs, then stops only what it started and prints a table of every check and
// the closing line. `npm test -- --skip-local-wordpress-checks` accepts a run without the checks
// that need the local WordPress (PHPCS, PHPStan, PHPUnit, server logs); nothing else is skipped.
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { ROOT, config, paths, siteUrl, wpUrl } from './lib/config.mjs';
import { ensureBackendPackages, ensureBrowserPackages, ensureComposer, ensureNodeModules } from './lib/install.mjs';
import { lintChecks } from './lib/lint.mjs';
import { buildSite, siteEnv, startSite } from './lib/site.mjs';
import { startBackend, startRedis, stopChildren, writeWpConfig } from './lib/stack.mjs';
import {
  SERVER_LOGS,
  SKIP_LOCAL_WORDPRESS_FLAG,
  countJUnit,
  countPlaywright,
  countVitest,
  logProblems,
  suiteCheck,
  summarize,
  summaryLine,
} from './lib/test-report.mjs';
import { StackError, log } from './lib/util.mjs';
import { ensurePinnedNode } from './lib/node-runtime.mjs';

// Every suite runs under the Node of .node-version (installed and switched to here when needed).
await ensurePinnedNode();

const results = path.join(paths.local, 'test-results');
const testSitePort = Number(process.env.TEST_SITE_PORT || 3001);
const testSiteUrl = `http://127.0.0.1:${testSitePort}`;
const children = [];
/** The suites running beside the main line (suiteBeside), stopped with the run. */
const besideSuites = new Set();
let stopping = false;
let wpConfigPointed = false;

// The checks that need this machine's WordPress: its PHP (PHPCS, PHPStan, PHPUnit) and its servers'
// logs. With an external WordPress (WORDPRESS_URL) they cannot run; a run without them passes only
// when the command line says so, and the closing table names them either way.
const skipsAskedFor = process.argv.slice(2).includes(SKIP_LOCAL_WORDPRESS_FLAG);
const skipLocalWordPress = skipsAskedFor || Boolean(config.externalWordPress);
const skipNote = config.externalWordPress
  ? 'WORDPRESS_URL is set: no local WordPress, PHP or logs here'
  : `left out (${SKIP_LOCAL_WORDPRESS_FLAG})`;

const NAMES = {
  phpstan: 'PHPStan (plugin)',
  phpunit: 'PHPUnit unit (plugin)',
  typescript: 'TypeScript',
  docker: 'Docker deployment (build steps in a clean copy, compose structure)',
  stack: 'Local stack and test build',
  vitest: 'vitest (unit + integration)',
  e2e: 'Playwright end-to-end (Chromium, 1280 px, and 390 px where the width matters)',
  logs: 'Server logs',
};

/**
 * Every check of the run in the order it runs, each "not run" until it has run: the closing table
 * lists them all, so a check the run never reached is named too.
 * @type {Map<string, import('./lib/test-report.mjs').Check>}
 */
const checks = new Map();
function plan(...names) {
  for (const name of names) checks.set(name, { name, status: 'not run' });
}
/** Plans checks that need the local WordPress: skipped, and named as such, when it is not there to check. */
function planLocal(...names) {
  for (const name of names)
    checks.set(name, skipLocalWordPress ? { name, status: 'skipped', note: skipNote } : { name, status: 'not run' });
}
/** @param {import('./lib/test-report.mjs').Check} check */
const settle = (check) => checks.set(check.name, check);

/** Stops only what this run started, and points WordPress's purge call back at the `npm start` site. */
async function shutDown() {
  if (stopping) return;
  stopping = true;
  for (const child of besideSuites) child.kill('SIGTERM');
  await restorePurgeAddress();
  await stopChildren(children);
}

async function stop(code) {
  await shutDown();
  process.exit(code);
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(130));

/**
 * Runs one suite with its output shown and records it as a check; a failing suite does not stop
 * the others. `report` reads the suite's report file into test counts (null when it wrote none).
 * @param {string} name
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, report?: () => any }} [opts]
 */
function suite(name, cmd, args, { report, ...opts } = {}) {
  log(`── ${name}`);
  const began = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts });
  return settleSuite(name, res.status, began, report);
}

/** Records a suite that ended with `status` as a check, from its report when it wrote one. */
function settleSuite(name, status, began, report) {
  const secs = ((Date.now() - began) / 1000).toFixed(1);
  const counts = report ? report() : undefined;
  if (counts?.skippedNames) reportSkipped(counts.skippedNames, name);
  const check = suiteCheck(name, status, counts && { passed: counts.passed, failed: counts.failed, skipped: counts.skipped });
  settle(check);
  log(`${check.status === 'passed' ? '✓' : '✗'} ${name} ${check.status}${check.note ? ` (${check.note})` : ''} in ${secs}s`);
  return counts;
}

/**
 * Runs one suite beside the next steps, for a suite that shares nothing with them: its output goes
 * to a file and is shown, whole, when it ends, so it never interleaves with theirs. Resolves with
 * its counts once it has ended and is recorded.
 */
function suiteBeside(name, cmd, args, { report, ...opts } = {}) {
  log(`── ${name} (started beside the next steps; its output follows when it ends)`);
  const began = Date.now();
  const file = path.join(results, `${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.log`);
  const out = fs.openSync(file, 'w');
  const child = spawn(cmd, args, { stdio: ['ignore', out, out], cwd: ROOT, ...opts });
  besideSuites.add(child);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      besideSuites.delete(child);
      fs.closeSync(out);
      process.stdout.write(`\n── ${name}, output:\n${fs.readFileSync(file, 'utf8')}`);
      // Stopped because the run stopped (another step failed): it stays "not run" in the table.
      if (stopping) resolve(undefined);
      else resolve(settleSuite(name, signal ? 128 : code, began, report));
    });
  });
}

/** Reads a report file with one of the counters of test-report.mjs; null when the suite wrote none. */
function readReport(file, count) {
  return fs.existsSync(file) ? count(fs.readFileSync(file, 'utf8')) : null;
}

/** A skipped test is a check that did not run: named here, and it fails its suite. */
function reportSkipped(names, suiteName) {
  if (!names.length) return;
  process.stdout.write(`\nSkipped tests in ${suiteName} (a skipped check fails the run):\n${names.map((n) => `  ${n}`).join('\n')}\n`);
}

/**
 * The closing table of every check, then the line CI reads, printed last (after the servers
 * stopped, so nothing follows it); the exit status agrees with both.
 */
async function finish() {
  await shutDown();
  const { rows, totals, ok } = summarize([...checks.values()], { skipsAskedFor });
  process.stdout.write(
    `\nChecks (✓ passed, ✗ failed, – skipped, · not run: the run stopped before it):\n${rows.join('\n')}\n${summaryLine(totals)}\n`,
  );
  process.exit(ok ? 0 : 1);
}

// ---------------------------------------------------------------- server logs

/** Every server log of the local stack; what is written to them during the run is checked at the end. */
const logSizes = () =>
  new Map(
    SERVER_LOGS.map(({ file }) => {
      const full = path.join(paths.logs, file);
      return [file, fs.existsSync(full) ? fs.statSync(full).size : 0];
    }),
  );

function checkServerLogs(sizesBefore) {
  const problems = [];
  for (const { file, kind } of SERVER_LOGS) {
    const full = path.join(paths.logs, file);
    if (!fs.existsSync(full)) continue;
    const bytes = fs.readFileSync(full);
    // A log that shrank was started afresh (a reset stack): all of it was written during the run.
    const offset = sizesBefore.get(file) ?? 0;
    const text = bytes.subarray(offset <= bytes.length ? offset : 0).toString('utf8');
    problems.push(...logProblems(kind, text).map((l) => `${file}: ${l}`));
  }
  if (problems.length) {
    process.stdout.write(`\nProblems the servers logged during the run (first 30):\n${problems.slice(0, 30).join('\n')}\n`);
    settle({
      name: NAMES.logs,
      status: 'failed',
      note: `${problems.length} line${problems.length === 1 ? '' : 's'} to fix (listed above)`,
    });
  } else {
    settle({ name: NAMES.logs, status: 'passed', note: `${SERVER_LOGS.length} logs, nothing beyond the excused lines` });
  }
}

// ---------------------------------------------------------------- purge address

/**
 * While the tests run, WordPress's purge call goes to the site under test (so the purge tests see
 * the plugin's own call); afterwards it goes back to the `npm start` site, which missed the calls
 * meanwhile and so is purged once in full.
 */
async function restorePurgeAddress() {
  if (config.externalWordPress || !wpConfigPointed) return;
  wpConfigPointed = false;
  writeWpConfig();
  const secret = siteEnv().PURGE_SECRET;
  try {
    await fetch(`${siteUrl()}/api/purge`, {
      method: 'POST',
      headers: { 'X-Purge-Secret': secret, 'Content-Type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(3000),
    });
  } catch {
    /* no `npm start` site running: nothing kept to purge */
  }
}

async function main() {
  const unknown = process.argv.slice(2).filter((arg) => arg !== SKIP_LOCAL_WORDPRESS_FLAG);
  if (unknown.length) throw new StackError(`Unknown argument ${unknown.join(' ')}; the only one is ${SKIP_LOCAL_WORDPRESS_FLAG}.`);
  fs.rmSync(results, { recursive: true, force: true });
  fs.mkdirSync(results, { recursive: true });
  if (!config.externalWordPress) ensureBackendPackages();
  ensureNodeModules();
  if (!config.externalWordPress) ensureComposer();
  ensureBrowserPackages();

  for (const step of lintChecks) (step.php ? planLocal : plan)(step.name);
  planLocal(NAMES.phpstan, NAMES.phpunit);
  plan(NAMES.typescript, NAMES.docker, NAMES.stack, NAMES.vitest, NAMES.e2e);
  planLocal(NAMES.logs);
  const lint = lintChecks.filter((step) => !(step.php && skipLocalWordPress));

  // Lint first: a finding fails the run before minutes go into the stack and the suites. Every
  // linter still runs, so one pass shows all of their findings.
  for (const step of lint) suite(step.name, step.cmd, step.args, { cwd: step.cwd });
  if (lint.some((step) => checks.get(step.name)?.status !== 'passed')) {
    process.stdout.write('\n`npm run format` applies the automatic fixes; the stack was not started.\n');
    await finish();
    return;
  }

  // No Docker engine here: the images' install and build steps run in clean copies of their own,
  // and the compose file is checked structurally (scripts/docker-check.mjs). Sharing nothing with
  // the rest, it runs beside the static checks and the stack's start instead of before them.
  const dockerJson = path.join(results, 'docker-check.json');
  const docker = suiteBeside(NAMES.docker, 'node', [path.join(ROOT, 'scripts', 'docker-check.mjs'), '--json', dockerJson], {
    report: () => readReport(dockerJson, (text) => JSON.parse(text)),
  });

  const plugin = { cwd: paths.plugin };
  if (!skipLocalWordPress) {
    suite(NAMES.phpstan, 'vendor/bin/phpstan', ['analyse', '--no-progress', '--memory-limit=1G', '--error-format=table'], plugin);
    const junit = path.join(results, 'phpunit-unit.xml');
    suite(NAMES.phpunit, 'vendor/bin/phpunit', ['--testsuite', 'unit', '--log-junit', junit], {
      ...plugin,
      report: () => readReport(junit, countJUnit),
    });
  }
  suite(NAMES.typescript, path.join(ROOT, 'node_modules', '.bin', 'tsc'), ['--noEmit']);

  // Taken before the stack starts, so installation, activation and upgrades are checked too.
  const logsBefore = logSizes();
  wpConfigPointed = !config.externalWordPress;
  log(`── ${NAMES.stack}`);
  try {
    children.push(...(await startBackend({ purgeSiteUrl: testSiteUrl, testedImageFormats: true })));
  } catch (err) {
    // The stack's servers may have logged why they could not start.
    if (!skipLocalWordPress) checkServerLogs(logsBefore);
    throw err;
  }
  // The tests get a site of their own, built from the code as it is now, beside any `npm start`.
  const buildDir = path.join(paths.local, 'test-build');
  buildSite({ buildDir });
  // The integration tests act as many visitors from one machine, each with its own address.
  children.push(await startSite({ port: testSitePort, buildDir, extraEnv: { TRUST_PROXY: '1' } }));
  // The shared-cache test runs two more instances of that build on this private Redis. Named
  // TEST_REDIS_URL, not REDIS_URL: the unit tests check the in-process caches.
  const testRedisUrl = await startRedis(children);
  settle({ name: NAMES.stack, status: 'passed' });
  const testEnv = {
    ...siteEnv(),
    WORDPRESS_URL: wpUrl(),
    SITE_URL: testSiteUrl,
    PUBLIC_URL: testSiteUrl,
    TEST_BUILD_DIR: buildDir,
    TEST_REDIS_URL: testRedisUrl,
  };

  // The suites below need both cores.
  await docker;

  const vitestJson = path.join(results, 'vitest.json');
  suite(
    NAMES.vitest,
    path.join(ROOT, 'node_modules', '.bin', 'vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    {
      env: { ...testEnv, NODE_ENV: 'test' },
      report: () => readReport(vitestJson, countVitest),
    },
  );

  const e2e = suite(NAMES.e2e, path.join(ROOT, 'node_modules', '.bin', 'playwright'), ['test'], {
    env: testEnv,
    report: () => readReport(path.join(results, 'e2e.json'), countPlaywright),
  });
  if (e2e) {
    const widths = Object.entries(e2e.ranPerProject)
      .map(([p, n]) => `${n} at ${p === 'desktop' ? '1280' : p === 'mobile' ? '390' : p} px`)
      .join(', ');
    process.stdout.write(
      `\nEnd-to-end: ${e2e.distinct} distinct tests (${widths || 'none ran'}); each counts once below, passed only when it passed first time at every width.\n`,
    );
    if (e2e.flaky.length) {
      // The retry only tells a flake from a steady failure; a test that needed it is still a defect,
      // and countPlaywright counts it as failed.
      process.stdout.write(
        `Flaky end-to-end tests (failed once, passed on the retry; they fail the run):\n${e2e.flaky.map((f) => `  ${f}`).join('\n')}\n`,
      );
    }
    if (e2e.expectedToFail.length) {
      process.stdout.write(
        `End-to-end tests declared to fail with test.fail() (they fail the run: fix the test or the code instead):\n${e2e.expectedToFail.map((f) => `  ${f}`).join('\n')}\n`,
      );
    }
  }

  if (!skipLocalWordPress) checkServerLogs(logsBefore);
  await finish();
}

main().catch(async (err) => {
  process.stderr.write(`\n${err instanceof StackError ? err.message : err.stack}\n`);
  // The check that was running when the run stopped fails with the reason; the rest stay "not run".
  const running = [...checks.values()].find((c) => c.status === 'not run');
  settle({ name: running?.name ?? 'Setting up the run', status: 'failed', note: String(err?.message ?? err).split('\n')[0] });
  await finish();
});
