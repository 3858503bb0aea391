// Backups of the local stack (the Docker deployment's are in the README, "Backup and restore").
//   npm run backup [-- --out DIR]   one dated archive in .local/backups/ (or DIR)
//   npm run restore -- FILE         puts that archive's data back into the running stack
// An archive (car-export-<UTC time>.tar.gz) holds:
//   database.sql   a consistent dump (one transaction: every table as of the same instant)
//   uploads/       WordPress's media files, taken after the dump so every attachment in it has its file
//   outbox/        leads the site kept while WordPress could not take them
//   manifest.json  when, which versions, and where the secrets file is: the secrets themselves are
//                  never in an archive (keep .local/secrets.json apart, e.g. in a password manager)
// The stack's MariaDB must be running (npm start). A restore replaces the database and the uploads
// with the archive's; waiting leads are merged (one waiting now is never dropped), and the site's
// caches are purged so visitors see the restored catalogue at once.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { config, paths, siteUrl } from './lib/config.mjs';
import { secrets } from './lib/stack.mjs';
import { StackError, portOpen } from './lib/util.mjs';
import { wordpressVersion } from './lib/versions.mjs';
import { wp } from './lib/wp-cli.mjs';

const FORMAT = 1;
const uploadsDir = path.join(paths.wordpress, 'wp-content', 'uploads');
const outboxDir = path.join(paths.local, 'outbox');

/** Client arguments for the stack's database as its own user (the password goes in the environment). */
function database() {
  const s = secrets();
  return {
    args: ['--no-defaults', '-h127.0.0.1', `-P${config.dbPort}`, `-u${s.dbUser}`, '--default-character-set=utf8mb4'],
    env: { ...process.env, MYSQL_PWD: s.dbPassword },
    name: s.dbName,
  };
}

async function requireDatabase() {
  if (!(await portOpen(config.dbPort))) {
    throw new StackError(
      `MariaDB does not answer on 127.0.0.1:${config.dbPort}: start the stack (npm start) first, with the same DB_PORT.`,
    );
  }
}

/** Runs cmd with stdin/stdout bound to files; rejects with its stderr when it fails. */
function pipeFile(cmd, args, { env, stdin, stdout }) {
  return new Promise((resolve, reject) => {
    const input = stdin ? fs.openSync(stdin, 'r') : 'ignore';
    const output = stdout ? fs.openSync(stdout, 'w', 0o600) : 'ignore';
    const child = spawn(cmd, args, { env, stdio: [input, output, 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      for (const fd of [input, output]) if (typeof fd === 'number') fs.closeSync(fd);
      if (code === 0) resolve();
      else reject(new StackError(`${path.basename(cmd)} failed (exit ${code}): ${err.trim().split('\n').slice(-3).join(' ')}`));
    });
  });
}

const RESTORE_SQL = path.join(path.dirname(fileURLToPath(import.meta.url)), 'restore');

/**
 * Loads a dump with its tables renamed to restoring__<name> (stage.sed, the same filter the Docker
 * restore in the README uses), beside the live tables, which it does not touch.
 */
function loadStaged(dumpFile, client, env) {
  return new Promise((resolve, reject) => {
    const sed = spawn('sed', ['-E', '-f', path.join(RESTORE_SQL, 'stage.sed'), dumpFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    const load = spawn('mariadb', client, { env, stdio: ['pipe', 'ignore', 'pipe'] });
    sed.stdout.pipe(load.stdin);
    let err = '';
    for (const child of [sed, load]) {
      child.stderr.on('data', (d) => (err += d));
      child.on('error', reject);
    }
    const codes = [sed, load].map((child) => new Promise((done) => child.on('close', done)));
    Promise.all(codes).then(([sedCode, loadCode]) => {
      if (sedCode === 0 && loadCode === 0) resolve();
      else
        reject(
          new StackError(
            `loading the dump failed (sed exit ${sedCode}, mariadb exit ${loadCode}): ${err.trim().split('\n').slice(-3).join(' ')}`,
          ),
        );
    });
  });
}

function tar(args) {
  const res = spawnSync('tar', args, { encoding: 'utf8' });
  // While archiving, status 1 only means a file was being written as it was read (an upload or an
  // image copy in progress): the archive is whole, and that file is not one the dump refers to yet.
  if (res.status === 1 && args[0] === '-c') console.log(`Note: ${res.stderr.trim().split('\n').join('; ')}`);
  else if (res.status !== 0) throw new StackError(`tar ${args[0]} failed: ${res.stderr.trim()}`);
}

const countFiles = (dir) =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0;

async function backup() {
  await requireDatabase();
  const outAt = process.argv.indexOf('--out');
  const outDir = path.resolve(outAt > 0 ? process.argv[outAt + 1] : path.join(paths.local, 'backups'));
  fs.mkdirSync(outDir, { recursive: true });
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  const staging = fs.mkdtempSync(path.join(paths.local, 'backup-'));
  try {
    const db = database();
    await pipeFile(
      'mariadb-dump',
      [...db.args, '--single-transaction', '--quick', '--routines', '--triggers', '--hex-blob', '--add-drop-table', db.name],
      { env: db.env, stdout: path.join(staging, 'database.sql') },
    );
    const manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      wordpress: wordpressVersion(),
      plugin: fs.readFileSync(path.join(paths.plugin, 'car-export.php'), 'utf8').match(/^\s*\*\s*Version:\s*(\S+)/m)?.[1] ?? null,
      database: db.name,
      uploads: countFiles(uploadsDir),
      outbox: countFiles(outboxDir),
      secrets: `not included: the stack's secrets are in ${paths.secrets} (the admin login in ${paths.admin}); keep a copy apart`,
    };
    fs.writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.mkdirSync(uploadsDir, { recursive: true });
    fs.mkdirSync(outboxDir, { recursive: true });
    const file = path.join(outDir, `car-export-${stamp}.tar.gz`);
    // Pictures are compressed already: the fastest gzip level keeps a backup quick for little size.
    tar([
      '-c',
      '-I',
      'gzip -1',
      '-f',
      file,
      '-C',
      staging,
      'manifest.json',
      'database.sql',
      '-C',
      path.dirname(uploadsDir),
      'uploads',
      '-C',
      path.dirname(outboxDir),
      'outbox',
    ]);
    fs.chmodSync(file, 0o600);
    const mb = (fs.statSync(file).size / 1024 / 1024).toFixed(1);
    console.log(`Backup written: ${file} (${mb} MB; database, ${manifest.uploads} upload file(s), ${manifest.outbox} outbox file(s))`);
    console.log(`Secrets are not in it: keep a copy of ${paths.secrets} apart.`);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Copies every file under `from` into `to` where `to` has none of that name. */
function mergeInto(from, to) {
  if (!fs.existsSync(from)) return 0;
  let added = 0;
  for (const entry of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const rel = path.relative(from, path.join(entry.parentPath, entry.name));
    const target = path.join(to, rel);
    if (fs.existsSync(target) || path.basename(rel) === 'owner.pid') continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(from, rel), target);
    added++;
  }
  return added;
}

async function restore() {
  const file = process.argv[3];
  if (!file || !fs.existsSync(file))
    throw new StackError('Name the archive to restore: npm run restore -- .local/backups/car-export-….tar.gz');
  await requireDatabase();
  const staging = fs.mkdtempSync(path.join(paths.local, 'restore-'));
  try {
    tar(['-x', '-z', '-f', path.resolve(file), '-C', staging]);
    const manifest = JSON.parse(fs.readFileSync(path.join(staging, 'manifest.json'), 'utf8'));
    if (manifest.format !== FORMAT || !fs.existsSync(path.join(staging, 'database.sql'))) {
      throw new StackError(`${file} is not a backup of this kind (format ${manifest.format})`);
    }
    const db = database();
    const client = [...db.args, db.name];
    // The dump loads beside the live tables and one atomic rename swaps them in, so WordPress keeps
    // answering (its cron and visitors' requests) from the old data until the new is whole.
    await pipeFile('mariadb', client, { env: db.env, stdin: path.join(RESTORE_SQL, 'clear.sql') });
    try {
      await loadStaged(path.join(staging, 'database.sql'), client, db.env);
    } catch (err) {
      // What loaded so far is dropped again; the live tables were never touched.
      await pipeFile('mariadb', client, { env: db.env, stdin: path.join(RESTORE_SQL, 'clear.sql') }).catch(() => {});
      throw new StackError(`${err.message}; the database was not changed.`);
    }
    const staged = spawnSync(
      'mariadb',
      [
        ...client,
        '-N',
        '-e',
        "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name LIKE 'restoring\\_\\_%'",
      ],
      { env: db.env, encoding: 'utf8' },
    );
    if (staged.status !== 0 || !(Number(staged.stdout.trim()) > 0)) {
      throw new StackError(
        `${file} holds no table to restore (${staged.stderr.trim() || 'its database.sql staged none'}); nothing was changed.`,
      );
    }
    await pipeFile('mariadb', client, { env: db.env, stdin: path.join(RESTORE_SQL, 'swap.sql') });
    // The uploads as they were: the archive's folder takes the current one's place in two renames,
    // so a picture is missing for an instant at most, not for the length of a delete.
    const aside = `${uploadsDir}.replaced-${process.pid}`;
    if (fs.existsSync(uploadsDir)) fs.renameSync(uploadsDir, aside);
    fs.renameSync(path.join(staging, 'uploads'), uploadsDir);
    fs.rmSync(aside, { recursive: true, force: true });
    const leads = mergeInto(path.join(staging, 'outbox'), outboxDir);
    console.log(
      `Restored the backup of ${manifest.createdAt}: database ${db.name}, ${manifest.uploads} upload file(s), ${leads} outbox file(s) added.`,
    );
    if (manifest.wordpress !== wordpressVersion()) {
      console.log(
        `It was taken under WordPress ${manifest.wordpress}; this stack runs ${wordpressVersion()} (npm start upgrades the database).`,
      );
    }
    // The site keeps catalogue data and pages for a while; the restored ones must show at once.
    try {
      wp(['car-export', 'purge-site', '--reason=restore']);
      console.log(`The site's caches (${siteUrl()}) were purged.`);
    } catch (err) {
      console.log(`The site's caches could not be purged (${err.message.split('\n')[0]}); restart the site or wait for PAGE_CACHE_TTL.`);
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

const commands = { create: backup, restore };
const command = commands[process.argv[2]];
if (!command) {
  console.error('usage: node scripts/backup.mjs create [--out DIR] | restore FILE');
  process.exit(2);
}
try {
  await command();
} catch (err) {
  console.error(err instanceof StackError ? err.message : err.stack);
  process.exit(1);
}
