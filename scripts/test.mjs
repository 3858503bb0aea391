// `npm test`: every suite. Installs what is missing, runs the linters (stopping there when they
// find anything), brings up the local stack the way `npm start` does (reusing one that already
// runs), runs the static checks, PHPUnit, and the
// vitest unit and integration suites, then stops only what it started.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT, config, paths, siteUrl, wpUrl } from './lib/config.mjs';
import { ensureBackendPackages, ensureBrowserPackages, ensureComposer, ensureNodeModules } from './lib/install.mjs';
import { lintChecks } from './lib/lint.mjs';
import { buildSite, siteEnv, startSite } from './lib/site.mjs';
import { startBackend, startRedis, stopChildren, writeWpConfig } from './lib/stack.mjs';
import { countJUnit, countPlaywright, countVitest, phpLogProblems, summaryLine } from './lib/test-report.mjs';
import { StackError, log } from './lib/util.mjs';
import { ensurePinnedNode } from './lib/node-runtime.mjs';

// Every suite runs under the Node of .node-version (installed and switched to here when needed).
await ensurePinnedNode();

const results = path.join(paths.local, 'test-results');
const testSitePort = Number(process.env.TEST_SITE_PORT || 3001);
const testSiteUrl = `http://127.0.0.1:${testSitePort}`;
const children = [];
const tally = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
let stopping = false;
let wpConfigPointed = false;

async function stop(code) {
  if (stopping) return;
  stopping = true;
  await restorePurgeAddress();
  await stopChildren(children);
  process.exit(code);
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(130));

/** Runs one suite with its output shown; a failing suite is recorded, the others still run. */
function suite(name, cmd, args, opts = {}) {
  log(`── ${name}`);
  const began = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts });
  const secs = ((Date.now() - began) / 1000).toFixed(1);
  if (res.status !== 0) {
    failures.push(name);
    log(`✗ ${name} failed (exit ${res.status ?? res.signal}) in ${secs}s`);
    return false;
  }
  log(`✓ ${name} in ${secs}s`);
  return true;
}

/** Reads a report file with one of the counters of test-report.mjs; null when the suite wrote none. */
function readReport(file, count) {
  return fs.existsSync(file) ? count(fs.readFileSync(file, 'utf8')) : null;
}

/** A skipped test is a check that did not run: named here, and it fails the run. */
function reportSkipped(names, suiteName) {
  if (!names.length) return;
  if (!failures.includes(`skipped tests in ${suiteName}`)) failures.push(`skipped tests in ${suiteName}`);
  process.stdout.write(`\nSkipped tests in ${suiteName} (a skipped check fails the run):\n${names.map((n) => `  ${n}`).join('\n')}\n`);
}

function add(counts, name) {
  if (!counts) {
    if (!failures.includes(name)) failures.push(name);
    tally.failed += 1;
    return;
  }
  tally.passed += counts.passed;
  tally.failed += counts.failed;
  tally.skipped += counts.skipped;
  if (counts.skipped && !counts.skippedNames) reportSkipped([`${counts.skipped} test(s)`], name);
  if (counts.skippedNames) reportSkipped(counts.skippedNames, name);
}

// ---------------------------------------------------------------- PHP logs

/** Every PHP log of the local stack; what is written to them during the run is checked at the end. */
const phpLogs = () => [path.join(paths.logs, 'wp-debug.log'), path.join(paths.logs, 'php-error.log')];
const logSizes = () => new Map(phpLogs().map((f) => [f, fs.existsSync(f) ? fs.statSync(f).size : 0]));

function checkPhpLogs(sizesBefore) {
  const problems = [];
  for (const [file, offset] of sizesBefore) {
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file).subarray(offset).toString('utf8');
    problems.push(...phpLogProblems(text).map((l) => `${path.basename(file)}: ${l}`));
  }
  if (problems.length) {
    failures.push(`PHP notices, warnings or deprecations (${problems.length} lines)`);
    process.stdout.write(`\nPHP problems logged during the run (first 30):\n${problems.slice(0, 30).join('\n')}\n`);
  } else {
    log('PHP logs: no notice, warning or deprecation beyond the listed WordPress core ones');
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
  fs.rmSync(results, { recursive: true, force: true });
  fs.mkdirSync(results, { recursive: true });
  if (!config.externalWordPress) ensureBackendPackages();
  ensureNodeModules();
  if (!config.externalWordPress) ensureComposer();
  ensureBrowserPackages();

  // Lint first: a finding fails the run before minutes go into the stack and the suites. Every
  // linter still runs, so one pass shows all of their findings.
  for (const step of lintChecks) {
    if (step.php && config.externalWordPress) continue;
    suite(step.name, step.cmd, step.args, { cwd: step.cwd });
  }
  if (failures.length) {
    process.stdout.write(`\nFailed: ${failures.join(', ')} (\`npm run format\` applies the automatic fixes; the stack was not started)\n`);
    await stop(1);
    return;
  }

  const plugin = { cwd: paths.plugin };
  if (!config.externalWordPress) {
    suite('PHPStan (plugin)', 'vendor/bin/phpstan', ['analyse', '--no-progress', '--memory-limit=1G', '--error-format=table'], plugin);
    const junit = path.join(results, 'phpunit-unit.xml');
    suite('PHPUnit unit (plugin)', 'vendor/bin/phpunit', ['--testsuite', 'unit', '--log-junit', junit], plugin);
    add(readReport(junit, countJUnit), 'PHPUnit unit (plugin)');
  }
  suite('TypeScript', path.join(ROOT, 'node_modules', '.bin', 'tsc'), ['--noEmit']);
  // No Docker engine here: the images' install and build steps run in a clean copy, and the
  // compose file is checked structurally (scripts/docker-check.mjs).
  const dockerName = 'Docker deployment (build steps in a clean copy, compose structure)';
  const dockerJson = path.join(results, 'docker-check.json');
  suite(dockerName, 'node', [path.join(ROOT, 'scripts', 'docker-check.mjs'), '--json', dockerJson]);
  add(
    readReport(dockerJson, (text) => JSON.parse(text)),
    dockerName,
  );

  // Taken before the stack starts, so installation, activation and upgrades are checked too.
  const phpLogsBefore = logSizes();
  wpConfigPointed = !config.externalWordPress;
  children.push(...(await startBackend({ purgeSiteUrl: testSiteUrl })));
  // The tests get a site of their own, built from the code as it is now, beside any `npm start`.
  const buildDir = path.join(paths.local, 'test-build');
  buildSite({ buildDir });
  // The integration tests act as many visitors from one machine, each with its own address.
  children.push(await startSite({ port: testSitePort, buildDir, extraEnv: { TRUST_PROXY: '1' } }));
  // The shared-cache test runs two more instances of that build on this private Redis. Named
  // TEST_REDIS_URL, not REDIS_URL: the unit tests check the in-process caches.
  const testRedisUrl = await startRedis(children);
  const testEnv = {
    ...siteEnv(),
    WORDPRESS_URL: wpUrl(),
    SITE_URL: testSiteUrl,
    PUBLIC_URL: testSiteUrl,
    TEST_BUILD_DIR: buildDir,
    TEST_REDIS_URL: testRedisUrl,
  };

  const vitestJson = path.join(results, 'vitest.json');
  const vitestName = 'vitest (unit + integration)';
  suite(
    vitestName,
    path.join(ROOT, 'node_modules', '.bin', 'vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    { env: { ...testEnv, NODE_ENV: 'test' } },
  );
  add(readReport(vitestJson, countVitest), vitestName);

  const e2eName = 'Playwright end-to-end (Chromium, 1280 and 390 px)';
  suite(e2eName, path.join(ROOT, 'node_modules', '.bin', 'playwright'), ['test'], { env: testEnv });
  const e2e = readReport(path.join(results, 'e2e.json'), countPlaywright);
  add(e2e, e2eName);
  if (e2e) {
    const widths = Object.entries(e2e.ranPerProject)
      .map(([p, n]) => `${n} at ${p === 'desktop' ? '1280' : p === 'mobile' ? '390' : p} px`)
      .join(', ');
    process.stdout.write(
      `\nEnd-to-end: ${e2e.distinct} distinct tests (${widths || 'none ran'}); each counts once below, passed only when it passed first time at every width.\n`,
    );
    if (e2e.flaky.length) {
      // The retry only tells a flake from a steady failure; a test that needed it is still a defect.
      if (!failures.includes('flaky end-to-end tests')) failures.push('flaky end-to-end tests');
      process.stdout.write(
        `Flaky end-to-end tests (failed once, passed on the retry; they fail the run):\n${e2e.flaky.map((f) => `  ${f}`).join('\n')}\n`,
      );
    }
  }

  if (!config.externalWordPress) checkPhpLogs(phpLogsBefore);

  process.stdout.write(`\n${failures.length ? `Failed: ${failures.join(', ')}` : 'All suites passed.'}\n`);
  if (e2e?.flaky.length) process.stdout.write(`(${e2e.flaky.length} flaky end-to-end runs are counted as failed)\n`);
  process.stdout.write(`${summaryLine(tally)}\n`);
  await stop(failures.length ? 1 : 0);
}

main().catch(async (err) => {
  process.stderr.write(`\n${err instanceof StackError ? err.message : err.stack}\n`);
  await stop(1);
});
