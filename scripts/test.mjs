// `npm test`: every suite. Installs what is missing, brings up the local stack the way
// `npm start` does (reusing one that already runs), runs the static checks, PHPUnit, and the
// vitest unit and integration suites, then stops only what it started.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT, config, paths, wpUrl } from './lib/config.mjs';
import { ensureBackendPackages, ensureBrowserPackages, ensureComposer, ensureNodeModules } from './lib/install.mjs';
import { buildSite, siteEnv, startSite } from './lib/site.mjs';
import { startBackend, startRedis, stopChildren } from './lib/stack.mjs';
import { StackError, log } from './lib/util.mjs';

const results = path.join(paths.local, 'test-results');
const testSitePort = Number(process.env.TEST_SITE_PORT || 3001);
const testSiteUrl = `http://127.0.0.1:${testSitePort}`;
const children = [];
const tally = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
let stopping = false;

async function stop(code) {
  if (stopping) return;
  stopping = true;
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

function countJUnit(file) {
  if (!fs.existsSync(file)) return null;
  const xml = fs.readFileSync(file, 'utf8');
  const m = xml.match(/<testsuite[^>]*\btests="(\d+)"[^>]*>/);
  if (!m) return null;
  const attr = (n) => Number((m[0].match(new RegExp(`\\b${n}="(\\d+)"`)) ?? [0, 0])[1]);
  const total = attr('tests');
  const bad = attr('failures') + attr('errors');
  const skipped = attr('skipped');
  return { passed: total - bad - skipped, failed: bad, skipped };
}

function countVitest(file) {
  if (!fs.existsSync(file)) return null;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

/** Names every end-to-end test that failed first and passed on its retry: it passed, but it is a defect. */
function reportFlaky(file) {
  if (!fs.existsSync(file)) return;
  const flaky = [];
  const walk = (suiteNode, trail) => {
    for (const spec of suiteNode.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'flaky') flaky.push(`[${t.projectName}] ${[...trail, spec.title].join(' › ')} (${spec.file}:${spec.line})`);
      }
    }
    for (const child of suiteNode.suites ?? []) walk(child, [...trail, child.title]);
  };
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const s of report.suites ?? []) walk(s, []);
  if (flaky.length) {
    tally.flaky = flaky.length;
    process.stdout.write(`\nFlaky end-to-end tests (failed once, passed on the retry):\n${flaky.map((f) => `  ${f}`).join('\n')}\n`);
  }
}

function readCounts(file) {
  if (!fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8'));
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
}

async function main() {
  fs.rmSync(results, { recursive: true, force: true });
  fs.mkdirSync(results, { recursive: true });
  if (!config.externalWordPress) ensureBackendPackages();
  ensureNodeModules();
  if (!config.externalWordPress) ensureComposer();
  ensureBrowserPackages();

  const plugin = { cwd: paths.plugin };
  if (!config.externalWordPress) {
    suite('PHPStan (plugin)', 'vendor/bin/phpstan', ['analyse', '--no-progress', '--memory-limit=1G', '--error-format=table'], plugin);
    const junit = path.join(results, 'phpunit-unit.xml');
    suite('PHPUnit unit (plugin)', 'vendor/bin/phpunit', ['--testsuite', 'unit', '--log-junit', junit], plugin);
    add(countJUnit(junit), 'PHPUnit unit (plugin)');
  }
  suite('TypeScript', path.join(ROOT, 'node_modules', '.bin', 'tsc'), ['--noEmit']);
  // No Docker engine here: the images' install and build steps run in a clean copy, and the
  // compose file is checked structurally (scripts/docker-check.mjs).
  const dockerJson = path.join(results, 'docker-check.json');
  suite('Docker deployment (build steps in a clean copy, compose structure)', 'node', [path.join(ROOT, 'scripts', 'docker-check.mjs'), '--json', dockerJson]);
  add(readCounts(dockerJson), 'Docker deployment (build steps in a clean copy, compose structure)');

  children.push(...(await startBackend()));
  const wpDebug = path.join(paths.logs, 'wp-debug.log');
  const debugOffset = fs.existsSync(wpDebug) ? fs.statSync(wpDebug).size : 0;
  // The tests get a site of their own, built from the code as it is now, beside any `npm start`.
  const buildDir = path.join(paths.local, 'test-build');
  buildSite({ buildDir });
  // The integration tests act as many visitors from one machine, each with its own address.
  children.push(await startSite({ port: testSitePort, buildDir, extraEnv: { TRUST_PROXY: '1' } }));

  // The shared-cache test runs two more instances of that build on this private Redis. Named
  // TEST_REDIS_URL, not REDIS_URL: the unit tests check the in-process caches.
  const testRedisUrl = await startRedis(children);

  const vitestJson = path.join(results, 'vitest.json');
  suite('vitest (unit + integration)', path.join(ROOT, 'node_modules', '.bin', 'vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    { env: { ...siteEnv(), WORDPRESS_URL: wpUrl(), SITE_URL: testSiteUrl, PUBLIC_URL: testSiteUrl, NODE_ENV: 'test', TEST_REDIS_URL: testRedisUrl, TEST_BUILD_DIR: buildDir } });
  add(countVitest(vitestJson), 'vitest (unit + integration)');

  const e2eJunit = path.join(results, 'e2e-junit.xml');
  const e2eName = 'Playwright end-to-end (Chromium, 1280 and 390 px)';
  suite(e2eName, path.join(ROOT, 'node_modules', '.bin', 'playwright'), ['test'],
    { env: { ...siteEnv(), WORDPRESS_URL: wpUrl(), SITE_URL: testSiteUrl, PUBLIC_URL: testSiteUrl } });
  add(countJUnit(e2eJunit), e2eName);
  reportFlaky(path.join(results, 'e2e.json'));

  if (!config.externalWordPress && fs.existsSync(wpDebug)) {
    // A PHP notice or warning from our code during the run is a defect even when every assertion passed.
    const ours = fs.readFileSync(wpDebug).subarray(debugOffset).toString('utf8').split('\n')
      .filter((l) => /PHP (Warning|Notice|Deprecated|Fatal)/.test(l) && /car-export/.test(l));
    if (ours.length) {
      failures.push('PHP notices from the plugin');
      tally.failed += 1;
      process.stdout.write(`${ours.slice(0, 20).join('\n')}\n`);
    } else {
      tally.passed += 1;
    }
  }

  process.stdout.write(`\n${failures.length ? `Failed suites: ${failures.join(', ')}` : 'All suites passed.'}\n`);
  const flakyNote = tally.flaky ? ` (${tally.flaky} of them flaky: passed on the retry, named above)` : '';
  process.stdout.write(`${tally.passed} passed${flakyNote}, ${tally.failed} failed, ${tally.skipped} skipped\n`);
  await stop(failures.length ? 1 : 0);
}

main().catch(async (err) => {
  process.stderr.write(`\n${err instanceof StackError ? err.message : err.stack}\n`);
  await stop(1);
});
