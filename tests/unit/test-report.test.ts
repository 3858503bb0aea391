// The rules `npm test` uses to pass or fail a run: which server log lines fail it, and how skipped,
// flaky, declared-to-fail and per-width results are counted (the closing summary: test-summary.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CORE_PHP_NOTICES,
  LOG_RULES,
  MARIADB_ALLOWED,
  NGINX_ALLOWED,
  PHP_FPM_ALLOWED,
  SERVER_LOGS,
  UNCHECKED_LOGS,
  countPlaywright,
  countVitest,
  logProblems,
} from '../../scripts/lib/test-report.mjs';

const ROOT = path.resolve(__dirname, '..', '..');
const WP = '/work/x/.local/wordpress';
const SOCK = '/work/x/.local/run/php-fpm.sock';
const at = '[23-Nov-2026 12:56:27 UTC]';
const coreRequests = `${at} PHP Deprecated:  Return type of Requests_Cookie_Jar::offsetGet($key) should either be compatible with ArrayAccess::offsetGet(mixed $offset): mixed, or the #[\\ReturnTypeWillChange] attribute should be used to temporarily suppress the notice in ${WP}/wp-includes/Requests/Cookie/Jar.php on line 73`;

type Samples = { passed: string[]; caught: string[] };

/** `kind`'s rules report exactly the `caught` lines, in order, and none of the `passed` ones. */
function expectRules(kind: keyof typeof LOG_RULES, { caught, passed }: Samples) {
  expect(logProblems(kind, [...passed, ...caught].join('\n'))).toEqual(caught);
}

const corePost = `${at} PHP Deprecated:  http_build_query(): Passing null to parameter #2 ($numeric_prefix) of type string is deprecated in ${WP}/wp-includes/Requests/Transport/cURL.php on line 345`;
const fpmAt = '[27-Nov-2026 15:41:32]';
const nginxAt = '2026/11/27 15:52:10';
const upstream = `client: 127.0.0.1, server: _, request: "POST /wp-json/car-export/v1/contact HTTP/1.1", upstream: "fastcgi://unix:${SOCK}:", host: "127.0.0.1:8080"`;
const dbAt = '2026-11-27 15:41:32';

/** Realistic lines of each kind of log (the excused ones as the local stack writes them). */
const SAMPLES = {
  php: {
    // WordPress 6.8 on PHP 8.2 logs nothing of its own, so no core message is excused: the Requests
    // 1.8 deprecations that 6.1 raised on every HTTP call would fail the run again.
    core: { passed: [`${at} plain log line from error_log()`, ''], caught: [coreRequests, corePost] },
    ours: {
      passed: [],
      // The core call, made from our own code, is ours to fix; so are core's complaints about how we call it.
      caught: [
        corePost.replace('wp-includes/Requests/Transport/cURL.php', 'wp-content/plugins/car-export/src/Purge/PurgeNotifier.php'),
        coreRequests.replace('wp-includes/Requests/Cookie/Jar.php', 'wp-content/plugins/car-export/src/Jar.php'),
        coreRequests.replace('Requests_Cookie_Jar', 'CarExport_Jar'),
        `${at} PHP Notice:  Function register_rest_route was called <strong>incorrectly</strong>. The REST API route definition for <code>car-export/v1/x</code> is missing the required <code>permission_callback</code> argument. in ${WP}/wp-includes/functions.php on line 5835`,
        `${at} PHP Deprecated:  Function get_page_by_title is <strong>deprecated</strong> since version 6.2.0! in ${WP}/wp-includes/functions.php on line 5383`,
        `${at} PHP Warning:  Undefined array key "post_type" in ${WP}/wp-includes/post.php on line 4120`,
        `${at} PHP Fatal error:  Uncaught TypeError: x() in /work/x/wordpress/plugins/car-export/src/Plugin.php:12`,
      ],
    },
    databaseAndPlugin: {
      passed: [],
      caught: [
        `${at} WordPress database error Duplicate entry 'contact-k_0123456789abcdef' for key 'scope_key' for query INSERT INTO \`wp_car_export_idempotency\` (\`scope\`, \`idem_key\`, \`created\`) VALUES ('contact', 'k_0123456789abcdef', '2026-11-23 12:56:27') made by require('wp-blog-header.php'), wp, WP->parse_request, do_action_ref_array('parse_request'), WP_Hook->do_action, rest_api_loaded`,
        `${at} WordPress database error Table 'wordpress.wp_car_lookup' doesn't exist for query SELECT COUNT(*) FROM wp_car_lookup WHERE sale_status <> 'sold' made by require('wp-blog-header.php'), wp`,
        `${at} car-export GraphQL: TypeError: CarExport\\GraphQL\\CarType::price(): Return value must be of type int, string returned in /work/x/wordpress/plugins/car-export/src/GraphQL/CarType.php:88`,
      ],
    },
  },
  'php-fpm': {
    routine: {
      passed: [
        `${fpmAt} NOTICE: fpm is running, pid 22448`,
        `${fpmAt} NOTICE: ready to handle connections`,
        `${fpmAt} NOTICE: systemd monitor interval set to 10000ms`,
        // The outage tests freeze the workers with SIGSTOP.
        `${fpmAt} NOTICE: child 25222 stopped for tracing`,
        `${fpmAt} NOTICE: [pool car-export] child 5120 exited with code 0 after 312.018331 seconds from start`,
        `${fpmAt} NOTICE: Terminating ...`,
        `${fpmAt} NOTICE: exiting, bye-bye!`,
      ],
      caught: [
        "NOTICE: PHP message: PHP Warning:  Zend OPcache can't be temporary enabled (it may be only disabled till the end of request) in Unknown on line 0",
        'NOTICE: PHP message: car-export GraphQL: TypeError: boom in /work/x/wordpress/plugins/car-export/src/GraphQL/Schema.php:12',
        `${fpmAt} WARNING: [pool car-export] child 5121 exited on signal 11 (SIGSEGV - core dumped) after 3.218871 seconds from start`,
        `${fpmAt} WARNING: [pool car-export] child 5122 exited with code 255 after 0.412000 seconds from start`,
        `${fpmAt} WARNING: [pool car-export] child 5123, script '${WP}/index.php' (request: "POST /index.php") execution timed out (31.000512 sec), terminating`,
        `${fpmAt} ERROR: unable to bind listening socket for address '${SOCK}': Address already in use (98)`,
        `${fpmAt} ALERT: oops, unknown child (5124) exited with code 1. Please open a bug report (https://github.com/php/php-src/issues).`,
      ],
    },
    // The pool is static: it neither grows nor shrinks, so a sizing warning means a changed setup,
    // and a spare worker killed after not quitting in time is a lost worker like any other.
    sizing: {
      passed: [],
      caught: [
        `${fpmAt} WARNING: [pool car-export] server reached pm.max_children setting (8), consider raising it`,
        `${fpmAt} WARNING: [pool car-export] seems busy (you may need to increase pm.start_servers, or pm.min/max_spare_servers), spawning 8 children, there are 0 idle, and 6 total children`,
        `${fpmAt} WARNING: [pool car-export] child 21797 exited on signal 9 (SIGKILL) after 844.551304 seconds from start`,
      ],
    },
  },
  nginx: {
    all: {
      passed: [
        `${nginxAt} [crit] 40112#40112: *1873 connect() to unix:${SOCK} failed (2: No such file or directory) while connecting to upstream, ${upstream}`,
        `${nginxAt} [warn] 40112#40112: *911 an upstream response is buffered to a temporary file /work/x/.local/nginx/tmp/fastcgi/3/00/0000000003 while reading upstream, ${upstream}`,
        `${nginxAt} [notice] 40110#40110: signal process started`,
      ],
      caught: [
        `${nginxAt} [error] 40112#40112: *1874 connect() to unix:${SOCK} failed (111: Connection refused) while connecting to upstream, ${upstream}`,
        `${nginxAt} [error] 40112#40112: *1875 connect() to unix:${SOCK} failed (11: Resource temporarily unavailable) while connecting to upstream, ${upstream}`,
        `${nginxAt} [error] 40112#40112: *1876 upstream timed out (110: Connection timed out) while reading response header from upstream, ${upstream}`,
        `${nginxAt} [error] 40112#40112: *1877 FastCGI sent in stderr: "PHP message: PHP Warning:  Undefined variable $car in /work/x/wordpress/plugins/car-export/src/Rest/InquiryController.php on line 60" while reading response header from upstream, ${upstream}`,
        `${nginxAt} [crit] 40112#40112: *1878 connect() to unix:/run/php/php8.2-fpm.sock failed (2: No such file or directory) while connecting to upstream, ${upstream}`,
        `${nginxAt} [alert] 40110#40110: worker process 40112 exited on signal 11`,
        'nginx: [emerg] bind() to 127.0.0.1:8080 failed (98: Address already in use)',
      ],
    },
  },
  mariadb: {
    all: {
      passed: [
        `${dbAt} 0 [Note] Starting MariaDB 10.11.19-MariaDB-0+deb12u1 source revision 5843d8475120241667a7ce0f8a1abb6c9b43a273 server_uid 5jjIgZuxQe7yprI0rS7+qbalEmk= as process 22435`,
        `${dbAt} 0 [Note] InnoDB: Buffered log writes (block size=4096 bytes)`,
        `${dbAt} 0 [Warning] 'proxies_priv' entry '@% root@vm' ignored in --skip-name-resolve mode.`,
        `${dbAt} 0 [Note] /usr/sbin/mariadbd: ready for connections.`,
        "Version: '10.11.19-MariaDB-0+deb12u1'  socket: '/work/x/.local/run/mysqld.sock'  port: 3307  Debian 12",
        `${dbAt} 3 [Warning] Aborted connection 3 to db: 'unconnected' user: 'unauthenticated' host: '127.0.0.1' (This connection closed normally without authentication)`,
        `${dbAt} 4 [Warning] 'proxies_priv' entry '@% root@vm' ignored in --skip-name-resolve mode.`,
        `${dbAt} 0 [Warning] Could not increase number of max_open_files to more than 20000 (request: 32184)`,
      ],
      caught: [
        `${dbAt} 57 [Warning] Aborted connection 57 to db: 'wordpress' user: 'wordpress' host: 'localhost' (Got an error reading communication packets)`,
        `${dbAt} 0 [Warning] Changed limits: max_open_files: 1024  max_connections: 151 (was 151)  table_cache: 421 (was 2000)`,
        `${dbAt} 12 [Warning] Access denied for user 'wordpress'@'localhost' (using password: YES)`,
        `${dbAt} 0 [ERROR] InnoDB: Unable to lock ./ibdata1 error: 11`,
        `${dbAt} 9 [ERROR] mariadbd: Table './wordpress/wp_options' is marked as crashed and should be repaired`,
      ],
    },
  },
} satisfies Record<keyof typeof LOG_RULES, Record<string, Samples>>;

describe('PHP logs (wp-debug.log, php-error.log)', () => {
  it('excuses no WordPress core message (none is listed) and lets plain lines through', () => {
    expect(CORE_PHP_NOTICES).toEqual([]);
    expectRules('php', SAMPLES.php.core);
  });

  it('fails on a core-looking message from our code, and on notices the plugin causes inside core', () =>
    expectRules('php', SAMPLES.php.ours));

  it("fails on a failed database query and on the plugin's own error lines", () => expectRules('php', SAMPLES.php.databaseAndPlugin));

  it("catches every error line the plugin writes: each error_log() call starts its message with the plugin's prefix", () => {
    const calls: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.php')) calls.push(...(fs.readFileSync(full, 'utf8').match(/\berror_log\(\s*[^;]+/g) ?? []));
      }
    };
    walk(path.join(ROOT, 'wordpress/plugins/car-export/src'));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      const prefix = call.match(/^error_log\(\s*(?:sprintf\(\s*)?'(car-export \w[\w ]*: )/)?.[1];
      expect(prefix, call).toBeDefined();
      expect(logProblems('php', `${at} ${prefix}something failed`), call).toHaveLength(1);
    }
  });
});

describe("php-fpm's log", () => {
  it('fails on warnings, errors and alerts, and on PHP messages a worker printed; its notices are routine', () =>
    expectRules('php-fpm', SAMPLES['php-fpm'].routine));

  it('excuses nothing of its own: sizing warnings and killed spare workers fail the run', () =>
    expectRules('php-fpm', SAMPLES['php-fpm'].sizing));
});

describe("nginx's error log", () => {
  it('excuses a missing php-fpm socket (the outage tests move it aside), and nothing else at [error] or worse', () =>
    expectRules('nginx', SAMPLES.nginx.all));
});

describe("MariaDB's error log", () => {
  it('excuses only how the local server is set up; every other [ERROR] or [Warning] fails', () =>
    expectRules('mariadb', SAMPLES.mariadb.all));
});

describe('which logs are read, and what is excused', () => {
  it('every excused line says why, and each excuse matches a sample line (none is left over)', () => {
    const lists = { php: CORE_PHP_NOTICES, 'php-fpm': PHP_FPM_ALLOWED, nginx: NGINX_ALLOWED, mariadb: MARIADB_ALLOWED } as const;
    for (const [kind, list] of Object.entries(lists) as Array<[keyof typeof lists, typeof CORE_PHP_NOTICES]>) {
      const passed = Object.values(SAMPLES[kind] as Record<string, Samples>).flatMap((s) => s.passed);
      for (const entry of list) {
        expect(entry.reason.length, `${kind} ${entry.pattern}`).toBeGreaterThan(60);
        expect(
          passed.some((line) => entry.pattern.test(line)),
          `${kind} ${entry.pattern}`,
        ).toBe(true);
      }
    }
  });

  it("reads every log file the stack's servers write, except the named ones that are not error logs", () => {
    const sources = ['scripts/lib/stack.mjs', 'scripts/lib/site.mjs'].map((f) => fs.readFileSync(path.join(ROOT, f), 'utf8')).join('\n');
    const written = new Set([...sources.matchAll(/path\.join\(paths\.logs, '([^']+)'\)/g)].map((m) => m[1] ?? ''));
    expect(written).toContain('php-fpm.log');
    const named = [...SERVER_LOGS.map((l) => l.file), ...UNCHECKED_LOGS.map((l) => l.file)];
    expect([...written].filter((f) => !named.includes(f))).toEqual([]);
    expect(SERVER_LOGS.map((l) => l.file)).toEqual(
      expect.arrayContaining(['wp-debug.log', 'php-error.log', 'php-fpm.log', 'nginx-error.log', 'mariadb.log']),
    );
    for (const { reason } of UNCHECKED_LOGS) expect(reason.length).toBeGreaterThan(40);
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
    tests: statuses.map(([projectName, status]) => ({ projectName, status, expectedStatus: status === 'skipped' ? 'skipped' : 'passed' })),
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
    expect(c.expectedToFail).toEqual([]);
  });

  it('fails a test declared to fail with test.fail(), whether it failed as declared or passed', () => {
    // Playwright reports a test.fail() test that failed as "expected", with expectedStatus "failed".
    const declared = (title: string, status: string) => ({
      title,
      file: 'y.spec.ts',
      line: 7,
      tests: ['desktop', 'mobile'].map((projectName) => ({ projectName, status, expectedStatus: 'failed' })),
    });
    const c = countPlaywright(
      JSON.stringify({ suites: [{ title: 'y.spec.ts', specs: [declared('known bug', 'expected'), declared('bug fixed', 'unexpected')] }] }),
    );
    expect(c).toMatchObject({ distinct: 2, passed: 0, failed: 2, skipped: 0 });
    expect(c.expectedToFail).toEqual([
      '[desktop] y.spec.ts › known bug (y.spec.ts:7)',
      '[mobile] y.spec.ts › known bug (y.spec.ts:7)',
      '[desktop] y.spec.ts › bug fixed (y.spec.ts:7)',
      '[mobile] y.spec.ts › bug fixed (y.spec.ts:7)',
    ]);
  });
});
