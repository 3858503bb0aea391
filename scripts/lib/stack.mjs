// The local back end: a private MariaDB, WordPress (Debian 13's packaged core, our wp-config) served by
// php-fpm behind nginx, the plugin activated and the demo catalogue seeded. Everything lives in
// .local/ and only processes started here are ever stopped here.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, config, paths, redisUrl, siteUrl, wpUrl } from './config.mjs';
import { StackError, livePid, log, portOpen, readJson, run, startDaemon, waitFor, writeJson } from './util.mjs';
import { PHP, WORDPRESS_CORE_DIR, corePackages, wordpressDebianVersion, wordpressVersion } from './versions.mjs';
import { fpmPoolConfig, nginxServerConfig } from './server-config.mjs';
import { seedCommandFile, wp } from './wp-cli.mjs';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const secret = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');

function ensureDirs() {
  for (const d of [paths.local, paths.run, paths.logs, paths.nginx, path.join(paths.nginx, 'tmp')]) {
    fs.mkdirSync(d, { recursive: true });
  }
}

/** Secrets made once per checkout and kept in .local/ (git-ignored). */
export function secrets() {
  let s = readJson(paths.secrets);
  if (!s) {
    const salts = {};
    for (const k of [
      'AUTH_KEY',
      'SECURE_AUTH_KEY',
      'LOGGED_IN_KEY',
      'NONCE_KEY',
      'AUTH_SALT',
      'SECURE_AUTH_SALT',
      'LOGGED_IN_SALT',
      'NONCE_SALT',
    ]) {
      salts[k] = secret(48);
    }
    s = {
      dbName: 'wordpress',
      dbUser: 'wordpress',
      dbPassword: secret(18),
      jwtSecret: secret(48),
      purgeSecret: secret(32),
      sessionSecret: secret(32),
      salts,
    };
    ensureDirs();
    writeJson(paths.secrets, s);
  }
  return s;
}

export function adminCredentials() {
  let a = readJson(paths.admin);
  if (!a) {
    a = { username: 'admin', password: secret(15), email: 'admin@car-export.local' };
    writeJson(paths.admin, a);
  }
  return a;
}

const state = () => readJson(paths.state, {});
const setState = (patch) => writeJson(paths.state, { ...state(), ...patch }, 0o644);

// ---------------------------------------------------------------- MariaDB

function mysqlArgs() {
  return [
    '--no-defaults',
    `--datadir=${paths.mysqlData}`,
    `--socket=${paths.mysqlSocket}`,
    `--port=${config.dbPort}`,
    '--bind-address=127.0.0.1',
    `--pid-file=${path.join(paths.run, 'mysqld.pid')}`,
    `--log-error=${path.join(paths.logs, 'mariadb.log')}`,
    '--skip-name-resolve',
    // Room for a 100,000-car catalogue's posts and meta (over 400 MB): a full CSV export reads each
    // car's meta, and with 256 MB a fifth of its time went to pages read back from outside the pool.
    '--innodb-buffer-pool-size=1G',
    '--innodb-flush-log-at-trx-commit=2',
    '--character-set-server=utf8mb4',
    '--collation-server=utf8mb4_unicode_ci',
    ...(isRoot ? ['--user=root'] : []),
  ];
}

function initMysql() {
  if (fs.existsSync(path.join(paths.mysqlData, 'mysql'))) return false;
  log('creating the private MariaDB data directory');
  fs.mkdirSync(paths.mysqlData, { recursive: true });
  run('mariadb-install-db', [
    '--no-defaults',
    `--datadir=${paths.mysqlData}`,
    '--auth-root-authentication-method=socket',
    '--skip-test-db',
    ...(isRoot ? ['--user=root'] : []),
  ]);
  return true;
}

function sql(statement) {
  return run('mariadb', ['--no-defaults', `--socket=${paths.mysqlSocket}`, '-uroot', '-N', '-e', statement]);
}

function createDatabase() {
  const s = secrets();
  const pw = s.dbPassword.replace(/'/g, "''");
  sql(`CREATE DATABASE IF NOT EXISTS \`${s.dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS '${s.dbUser}'@'127.0.0.1' IDENTIFIED BY '${pw}';
CREATE USER IF NOT EXISTS '${s.dbUser}'@'localhost' IDENTIFIED BY '${pw}';
GRANT ALL PRIVILEGES ON \`${s.dbName}\`.* TO '${s.dbUser}'@'127.0.0.1';
GRANT ALL PRIVILEGES ON \`${s.dbName}\`.* TO '${s.dbUser}'@'localhost';
FLUSH PRIVILEGES;`);
}

// ---------------------------------------------------------------- WordPress files

/** Identifies the pinned core: the package list itself, so an edited comment changes nothing. */
const coreId = () =>
  corePackages()
    .map((p) => `${p.name}=${p.version}`)
    .join(' ');

/**
 * WordPress core in .local/wordpress: the Debian packages pinned in wordpress/core/packages, unpacked
 * by wordpress/core/install.sh, the script the WordPress image runs too. Made again whenever that list
 * changes: an older core (Debian 12's 6.1, which earlier checkouts copied from /usr/share/wordpress)
 * is replaced in place, keeping wp-content (uploads, the links to our code) and wp-config.php, and
 * scripts/wp/install.php upgrades the database on the same start. The new core is unpacked beside
 * the old one first, so a failed download leaves the old core whole.
 */
function installWordPressCore() {
  const want = coreId();
  if (state().wordpressCore === want && fs.existsSync(path.join(paths.wordpress, 'wp-settings.php'))) return;
  log(`unpacking WordPress ${wordpressVersion()} (Debian's wordpress ${wordpressDebianVersion()}, wordpress/core/packages)`);
  const fresh = path.join(paths.local, 'wordpress-core.new');
  fs.rmSync(fresh, { recursive: true, force: true });
  const out = run('sh', [path.join(WORDPRESS_CORE_DIR, 'install.sh'), paths.apt, fresh]);
  for (const line of out.trim().split('\n')) if (line) log(line);
  fs.mkdirSync(paths.wordpress, { recursive: true });
  for (const name of fs.readdirSync(paths.wordpress)) {
    if (name !== 'wp-content' && name !== 'wp-config.php') fs.rmSync(path.join(paths.wordpress, name), { recursive: true, force: true });
  }
  for (const name of fs.readdirSync(fresh)) fs.renameSync(path.join(fresh, name), path.join(paths.wordpress, name));
  fs.rmSync(fresh, { recursive: true, force: true });
  const content = path.join(paths.wordpress, 'wp-content');
  for (const d of ['plugins', 'themes', 'uploads', 'upgrade']) fs.mkdirSync(path.join(content, d), { recursive: true });
  setState({ wordpressCore: want });
}

function linkOwnCode() {
  const link = (target, at) => {
    try {
      if (fs.readlinkSync(at) === target) return;
      fs.rmSync(at, { force: true });
    } catch {
      /* not there yet */
    }
    fs.symlinkSync(target, at);
  };
  link(paths.plugin, path.join(paths.wordpress, 'wp-content', 'plugins', 'car-export'));
  link(paths.theme, path.join(paths.wordpress, 'wp-content', 'themes', 'car-export-headless'));
  // The machine has no internet: WordPress's update checks are turned off (scripts/wp/mu-offline.php).
  const mu = path.join(paths.wordpress, 'wp-content', 'mu-plugins');
  fs.mkdirSync(mu, { recursive: true });
  link(path.join(ROOT, 'scripts', 'wp', 'mu-offline.php'), path.join(mu, 'local-offline.php'));
}

const phpString = (v) => `'${String(v).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * wp-config.php for the local stack. The plugin's purge call goes to purgeSiteUrl: the `npm start`
 * site unless `npm test` points it at the site under test for the length of its run.
 */
export function writeWpConfig({ purgeSiteUrl = siteUrl() } = {}) {
  const s = secrets();
  const url = wpUrl();
  const salts = Object.entries(s.salts)
    .map(([k, v]) => `define( '${k}', ${phpString(v)} );`)
    .join('\n');
  const file = `<?php
// Generated by scripts/lib/stack.mjs for the local stack; edits are overwritten on start.
define( 'DB_NAME', ${phpString(s.dbName)} );
define( 'DB_USER', ${phpString(s.dbUser)} );
define( 'DB_PASSWORD', ${phpString(s.dbPassword)} );
define( 'DB_HOST', ${phpString(`127.0.0.1:${config.dbPort}`)} );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
$table_prefix = 'wp_';

${salts}

define( 'WP_HOME', ${phpString(url)} );
define( 'WP_SITEURL', ${phpString(url)} );
define( 'WP_CONTENT_DIR', __DIR__ . '/wp-content' );
define( 'WP_CONTENT_URL', WP_HOME . '/wp-content' );
define( 'WP_ENVIRONMENT_TYPE', 'local' );
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_DISPLAY', false );
define( 'WP_DEBUG_LOG', ${phpString(path.join(paths.logs, 'wp-debug.log'))} );
define( 'DISALLOW_FILE_EDIT', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_AUTO_UPDATE_CORE', false );
define( 'FS_METHOD', 'direct' );
// Due events run from the cron runner (scripts/lib/cron-runner.mjs), as the \`cron\` service runs them
// in Docker, never from a visitor's request; lead mail waits for it in the queue, as under Apache.
define( 'DISABLE_WP_CRON', true );
define( 'CAR_EXPORT_LEAD_MAIL_QUEUE', true );

define( 'JWT_AUTH_SECRET_KEY', ${phpString(s.jwtSecret)} );
// The environment may name another site instance for one run of PHP (the shared-cache test does);
// otherwise the purge goes to the site this run serves (the test site during npm test).
define( 'CAR_EXPORT_PURGE_URL', getenv( 'CAR_EXPORT_PURGE_URL' ) ?: ${phpString(`${purgeSiteUrl}/api/purge`)} );
define( 'CAR_EXPORT_PURGE_SECRET', ${phpString(s.purgeSecret)} );
define( 'CAR_EXPORT_FRONTEND_URL', ${phpString(siteUrl())} );
// Staff mail goes to the local mail sink (scripts/lib/mail-sink.mjs), kept under .local/mail/.
define( 'CAR_EXPORT_SMTP_HOST', '127.0.0.1' );
define( 'CAR_EXPORT_SMTP_PORT', ${config.smtpSinkPort} );
define( 'CAR_EXPORT_SMTP_SECURE', '' );
define( 'CAR_EXPORT_MAIL_FROM', 'wordpress@car-export.local' );
define( 'CAR_EXPORT_MAIL_FROM_NAME', 'Car Export' );

if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
`;
  fs.writeFileSync(path.join(paths.wordpress, 'wp-config.php'), file, { mode: 0o640 });
}

// ---------------------------------------------------------------- php-fpm and nginx

function writeServerConfigs() {
  // The pool and the server block are the WordPress image's too (server-config.mjs); only the
  // process-wide settings around them are the local stack's own.
  const fpm = `[global]
pid = ${path.join(paths.run, 'php-fpm.pid')}
error_log = ${path.join(paths.logs, 'php-fpm.log')}
daemonize = no

${fpmPoolConfig({ user: isRoot ? 'root' : os.userInfo().username, listen: paths.fpmSocket, errorLog: path.join(paths.logs, 'php-error.log') })}
; Local edits to the plugin must show up without a restart.
php_admin_value[opcache.validate_timestamps] = 1
php_admin_value[opcache.revalidate_freq] = 1
`;
  fs.writeFileSync(paths.fpmConf, fpm);

  const tmp = path.join(paths.nginx, 'tmp');
  const nginx = `${isRoot ? 'user root;\n' : ''}worker_processes 2;
pid ${path.join(paths.run, 'nginx.pid')};
error_log ${path.join(paths.logs, 'nginx-error.log')} warn;
daemon off;

events { worker_connections 1024; }

http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  client_body_temp_path ${tmp}/body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
${nginxServerConfig({ listen: `127.0.0.1:${config.wpPort}`, root: paths.wordpress, fpmSocket: paths.fpmSocket })
  .split('\n')
  .map((l) => (l ? `  ${l}` : l))
  .join('\n')}
  access_log ${path.join(paths.logs, 'nginx-access.log')} with_request_id;
}
`;
  fs.writeFileSync(path.join(paths.nginx, 'nginx.conf'), nginx);
}

// ---------------------------------------------------------------- processes

const SERVICES = {
  mariadb: { pidFile: () => path.join(paths.run, 'mysqld.pid'), marker: 'mariadbd' },
  'php-fpm': { pidFile: () => path.join(paths.run, 'php-fpm.pid'), marker: 'php-fpm' },
  nginx: { pidFile: () => path.join(paths.run, 'nginx.pid'), marker: 'nginx' },
  'mail-sink': { pidFile: () => path.join(paths.run, 'mail-sink.pid'), marker: 'mail-sink' },
  cron: { pidFile: () => path.join(paths.run, 'cron-runner.pid'), marker: 'cron-runner' },
  redis: { pidFile: () => path.join(paths.redis, 'redis.pid'), marker: 'valkey-server' },
};

/** Servers of ours still running from an earlier start that did not shut down cleanly. */
function running(name) {
  return livePid(SERVICES[name].pidFile(), SERVICES[name].marker);
}

async function stopPid(name, pid, signal = 'SIGTERM') {
  try {
    process.kill(pid, signal);
  } catch {
    return;
  }
  const end = Date.now() + 30000;
  while (Date.now() < end) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  log(`${name} did not stop in 30s; killing it`);
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* gone */
  }
}

async function startMariaDb(started) {
  if (running('mariadb')) return;
  if (await portOpen(config.dbPort)) throw new StackError(`port ${config.dbPort} is taken by another program; set DB_PORT`);
  const child = startDaemon('mariadb', 'mariadbd', mysqlArgs(), { logFile: path.join(paths.logs, 'mariadb.out') });
  started.push(child);
  await waitFor('MariaDB', async () => fs.existsSync(paths.mysqlSocket) && portOpen(config.dbPort), { child, timeoutMs: 60000 });
}

async function startFpm(started) {
  if (running('php-fpm')) return;
  fs.rmSync(paths.fpmSocket, { force: true });
  const args = ['--nodaemonize', '--fpm-config', paths.fpmConf, ...(isRoot ? ['--allow-to-run-as-root'] : [])];
  const child = startDaemon('php-fpm', `php-fpm${PHP}`, args, { logFile: path.join(paths.logs, 'php-fpm.out') });
  started.push(child);
  await waitFor('php-fpm', async () => fs.existsSync(paths.fpmSocket), { child, timeoutMs: 30000 });
}

async function startNginx(started) {
  if (running('nginx')) return;
  if (await portOpen(config.wpPort)) throw new StackError(`port ${config.wpPort} is taken by another program; set WP_PORT`);
  const child = startDaemon(
    'nginx',
    'nginx',
    ['-p', paths.nginx, '-c', path.join(paths.nginx, 'nginx.conf'), '-e', path.join(paths.logs, 'nginx-error.log')],
    { logFile: path.join(paths.logs, 'nginx.out') },
  );
  started.push(child);
  await waitFor('nginx', () => portOpen(config.wpPort), { child, timeoutMs: 30000 });
}

async function startMailSink(started) {
  if (running('mail-sink')) return;
  if (await portOpen(config.smtpSinkPort))
    throw new StackError(`port ${config.smtpSinkPort} is taken by another program; set SMTP_SINK_PORT`);
  const script = path.join(ROOT, 'scripts', 'lib', 'mail-sink.mjs');
  const args = [script, '--port', String(config.smtpSinkPort), '--dir', paths.mail, '--pid-file', SERVICES['mail-sink'].pidFile()];
  const child = startDaemon('mail-sink', process.execPath, args, { logFile: path.join(paths.logs, 'mail-sink.log') });
  started.push(child);
  await waitFor('mail sink', () => portOpen(config.smtpSinkPort), { child, timeoutMs: 30000 });
}

/** Seconds between two runs of the due WP-Cron events (queued lead mail waits at most this long). */
export const CRON_INTERVAL_SECONDS = 3;

async function startCronRunner(started) {
  if (running('cron')) return;
  const script = path.join(ROOT, 'scripts', 'lib', 'cron-runner.mjs');
  const args = [
    script,
    '--url',
    `${wpUrl()}/wp-cron.php`,
    '--interval',
    String(CRON_INTERVAL_SECONDS),
    '--pid-file',
    SERVICES.cron.pidFile(),
  ];
  started.push(startDaemon('cron', process.execPath, args, { logFile: path.join(paths.logs, 'cron.log') }));
}

/**
 * A private Redis for the site's shared cache: its own port, nothing written to disk (a cache needs
 * no persistence), a memory bound past which the entries nearest their end go first (every key has
 * a TTL). Resolves to its URL; reused when one of this checkout already runs.
 */
export async function startRedis(started) {
  if (running('redis')) return redisUrl();
  if (await portOpen(config.redisPort)) throw new StackError(`port ${config.redisPort} is taken by another program; set REDIS_PORT`);
  fs.mkdirSync(paths.redis, { recursive: true });
  const args = [
    '--port',
    String(config.redisPort),
    '--bind',
    '127.0.0.1',
    '--dir',
    paths.redis,
    '--pidfile',
    path.join(paths.redis, 'redis.pid'),
    '--logfile',
    path.join(paths.redis, 'redis.log'),
    '--daemonize',
    'no',
    '--save',
    '',
    '--appendonly',
    'no',
    '--maxmemory',
    '256mb',
    '--maxmemory-policy',
    'volatile-ttl',
  ];
  const child = startDaemon('redis', 'valkey-server', args, { logFile: path.join(paths.redis, 'redis.out') });
  started.push(child);
  await waitFor('Redis', () => portOpen(config.redisPort), { child, timeoutMs: 30000 });
  return redisUrl();
}

function php(script, args = [], opts = {}) {
  return run('php', ['-d', 'memory_limit=1G', script, ...args], { cwd: ROOT, ...opts });
}

function installWordPress() {
  const a = adminCredentials();
  const env = { ...process.env, CAR_EXPORT_ADMIN_USER: a.username, CAR_EXPORT_ADMIN_PASSWORD: a.password, CAR_EXPORT_ADMIN_EMAIL: a.email };
  for (const phase of ['install', 'configure']) {
    const out = php(path.join(ROOT, 'scripts', 'wp', 'install.php'), [paths.wordpress, phase], { env });
    for (const line of out.trim().split('\n')) if (line) log(`wordpress: ${line}`);
  }
}

function seed() {
  const st = state();
  const seedDigest = digestDir(paths.seed);
  if (st.seeded === seedDigest) return;
  log('making demo images');
  run('node', [path.join(paths.seed, 'make-images.mjs'), paths.seedMedia], { cwd: ROOT });
  log('importing the demo catalogue (first start only): wp car-export seed');
  const out = wp(['car-export', 'seed', `--media=${paths.seedMedia}`], { require: [seedCommandFile] });
  log(
    `seed: ${out
      .trim()
      .split('\n')
      .at(-1)
      .replace(/^Success: /, '')}`,
  );
  setState({ seeded: seedDigest });
}

function digestDir(dir) {
  const h = crypto.createHash('sha256');
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((x, y) => x.name.localeCompare(y.name))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        h.update(p);
        h.update(String(fs.statSync(p).size));
        h.update(fs.readFileSync(p));
      }
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return h.digest('hex').slice(0, 16);
}

/**
 * Makes the AVIF copies the tests look at before they start. A fresh seed leaves its photos to the
 * cron runner, which makes them a batch at a time over many minutes; the tests need the runner free
 * (it sends the mail they wait for) and one of the two cores free. So the main photos (every card,
 * banner and car page opens with one) get their copies now, and a gallery's further photos, which
 * no test reads as AVIF, stay WebP-only on this stack.
 */
function makeTestedImageFormats() {
  const waiting = Number(/(\d+) image/.exec(wp(['car-export', 'make-avif', '--status']))?.[1] ?? 0);
  if (waiting === 0) return;
  log(`making the AVIF copies of the main photos among ${waiting} waiting image(s): wp car-export make-avif --main-photos-only`);
  log(
    wp(['car-export', 'make-avif', '--main-photos-only'])
      .trim()
      .replace(/^Success: /, ''),
  );
}

/**
 * Brings the back end up (purgeSiteUrl: see writeWpConfig; testedImageFormats: make the AVIF copies the tests
 * read before the cron runner starts). Returns the child processes this call started (servers already
 * running from this checkout are reused and not returned, so they are not stopped by us).
 */
export async function startBackend({ purgeSiteUrl, testedImageFormats = false } = {}) {
  if (config.externalWordPress) {
    log(`using the WordPress at ${config.externalWordPress} (WORDPRESS_URL)`);
    return [];
  }
  ensureDirs();
  secrets();
  const started = [];
  try {
    const fresh = initMysql();
    installWordPressCore();
    linkOwnCode();
    writeWpConfig({ purgeSiteUrl });
    writeServerConfigs();
    await startMailSink(started);
    await startMariaDb(started);
    if (fresh || !state().database) {
      createDatabase();
      setState({ database: true });
    }
    await startFpm(started);
    await startNginx(started);
    installWordPress();
    seed();
    if (testedImageFormats) makeTestedImageFormats();
    await startCronRunner(started);
  } catch (err) {
    await stopChildren(started);
    throw err;
  }
  return started;
}

export async function stopChildren(children) {
  // Reverse order: nginx, then php-fpm, then the database they depend on.
  for (const child of [...children].reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const signal = child.stackName === 'nginx' ? 'SIGQUIT' : 'SIGTERM';
    await stopPid(child.stackName, child.pid, signal);
  }
}

/** Stops servers of this checkout left over from a start that was killed. */
export async function stopLeftovers() {
  for (const name of ['cron', 'redis', 'nginx', 'php-fpm', 'mariadb', 'mail-sink']) {
    const pid = running(name);
    if (pid) {
      log(`stopping leftover ${name} (pid ${pid})`);
      await stopPid(name, pid);
    }
  }
}

export function summary() {
  const a = readJson(paths.admin, {});
  return [
    `WordPress     ${wpUrl()}  (admin: ${wpUrl()}/wp-admin  user ${a.username ?? '?'}  password ${a.password ?? '?'})`,
    `GraphQL       ${wpUrl()}/graphql`,
    `REST          ${wpUrl()}/wp-json/`,
    `MariaDB       127.0.0.1:${config.dbPort}  (socket ${paths.mysqlSocket})`,
    `Mail sink     smtp://127.0.0.1:${config.smtpSinkPort}  (staff mail kept in ${paths.mail})`,
    `WP-Cron       due events every ${CRON_INTERVAL_SECONDS}s (log ${path.join(paths.logs, 'cron.log')})`,
    `Logs          ${paths.logs}`,
  ].join('\n');
}

export const cpuCount = () => os.cpus().length;
