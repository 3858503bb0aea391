// The Composer locks of this repository (the plugin's and the command-line tools').
//
//   node scripts/composer-lock.mjs check              every lock in public form (part of `npm run lint`)
//   node scripts/composer-lock.mjs machine DIR         prepares DIR's lock for this machine; prints the
//                                                      COMPOSER file name to install with, or nothing
//   node scripts/composer-lock.mjs publish LOCK [REFS] rewrites LOCK in public form: each entry from
//                                                      REFS, a JSON object { "vendor/name": { "repo":
//                                                      "OWNER/NAME", "commit": "<40 hex>" } } ("tag"
//                                                      where the commit is unknown), or, for a
//                                                      version that did not change, from the committed
//                                                      lock (README: "Refreshing the Composer locks")
import { spawnSync } from 'node:child_process';
import dns from 'node:dns/promises';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, paths } from './lib/config.mjs';
import { entries, expandVersions, lockForRegistryCopy, lockProblems, publicEntry, tagPinned } from './lib/composer-lock.mjs';

const LOCKED_DIRS = [paths.plugin, paths.tools];
/** Beside composer.json, git-ignored: the lock as this machine installs it (see `machine`). */
const MACHINE_JSON = 'composer.machine.json';

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
// Composer's own layout: four-space indents, slashes and non-ASCII unescaped.
const writeLock = (file, lock) => fs.writeFileSync(file, `${JSON.stringify(lock, null, 4)}\n`);

function check() {
  let bad = 0;
  for (const dir of LOCKED_DIRS) {
    const file = path.join(dir, 'composer.lock');
    const lock = readJson(file);
    const problems = lockProblems(lock);
    const rel = path.relative(ROOT, file);
    if (problems.length === 0) {
      const byTag = tagPinned(lock);
      process.stdout.write(`${rel}: every package from its public repository at its release\n`);
      if (byTag.length) process.stdout.write(`  pinned by release tag, not yet by commit: ${byTag.join(', ')}\n`);
      continue;
    }
    bad += problems.length;
    process.stdout.write(`${rel}: ${problems.length} entries would not install from the public registries:\n`);
    for (const p of problems) process.stdout.write(`  ${p}\n`);
  }
  if (bad)
    process.stdout.write(
      'A lock must name each package\'s public repository and release commit or tag (README: "Refreshing the Composer locks").\n',
    );
  return bad ? 1 : 0;
}

/** True when the public code host answers at all (any HTTP status): then the lock installs as it is. */
async function publicHostAnswers() {
  try {
    // A name that does not resolve answers at once; a closed network may also let it hang.
    await dns.lookup('api.github.com');
    await fetch('https://api.github.com/', { method: 'HEAD', signal: AbortSignal.timeout(5000) });
    return true;
  } catch {
    return false;
  }
}

/** The PHP registry this machine's Composer is set to use. */
function registryUrl() {
  const res = spawnSync('composer', ['config', '--global', 'repositories.packagist.org.url'], {
    encoding: 'utf8',
    env: { ...process.env, COMPOSER_ALLOW_SUPERUSER: '1' },
  });
  const url = res.status === 0 ? res.stdout.trim() : '';
  return (url || 'https://repo.packagist.org').replace(/\/+$/, '');
}

async function machine(dir) {
  const json = path.join(dir, MACHINE_JSON);
  const lockFile = json.replace(/\.json$/, '.lock');
  if (await publicHostAnswers()) {
    fs.rmSync(json, { force: true });
    fs.rmSync(lockFile, { force: true });
    return 0;
  }
  // The public archives are out of reach: the same versions from the copy of the registry this
  // machine's Composer uses. composer.json is copied as it is, so the lock's content hash still holds.
  const registry = registryUrl();
  const metadataOf = async (name) => {
    const res = await fetch(`${registry}/p2/${name}.json`, { signal: AbortSignal.timeout(30000) });
    if (!res.ok) throw new Error(`${registry}/p2/${name}.json: HTTP ${res.status}`);
    const body = await res.json();
    return expandVersions(body.packages?.[name] ?? [], body.minified);
  };
  const lock = await lockForRegistryCopy(readJson(path.join(dir, 'composer.lock')), metadataOf);
  fs.copyFileSync(path.join(dir, 'composer.json'), json);
  writeLock(lockFile, lock);
  process.stdout.write(`${MACHINE_JSON}\n`);
  return 0;
}

/** The public entries of the committed lock, by "name version": a refresh keeps what did not change. */
function committedEntries(lockFile) {
  const res = spawnSync('git', ['show', `HEAD:./${path.basename(lockFile)}`], { cwd: path.dirname(lockFile), encoding: 'utf8' });
  if (res.status !== 0) return new Map();
  return new Map(
    entries(JSON.parse(res.stdout))
      .filter((p) => lockProblems({ packages: [p] }).length === 0)
      .map((p) => [`${p.name} ${p.version}`, p]),
  );
}

function publish(lockFile, refsFile) {
  const refs = refsFile ? readJson(refsFile) : {};
  const lock = readJson(lockFile);
  const before = committedEntries(lockFile);
  const missing = [];
  const rewrite = (list = []) =>
    list.map((pkg) => {
      if (lockProblems({ packages: [pkg] }).length === 0) return pkg;
      const at = refs[pkg.name];
      const kept = before.get(`${pkg.name} ${pkg.version}`);
      if (at) return publicEntry(pkg, at);
      if (kept) return { ...pkg, source: kept.source, dist: kept.dist };
      missing.push(`${pkg.name} ${pkg.version}`);
      return pkg;
    });
  writeLock(lockFile, { ...lock, packages: rewrite(lock.packages), 'packages-dev': rewrite(lock['packages-dev']) });
  if (missing.length) process.stderr.write(`no repository and commit or tag given for: ${missing.join(', ')}\n`);
  return missing.length ? 1 : 0;
}

const [cmd, a, b] = process.argv.slice(2);
const code =
  cmd === 'check'
    ? check()
    : cmd === 'machine' && a
      ? await machine(path.resolve(a))
      : cmd === 'publish' && a
        ? publish(path.resolve(a), b && path.resolve(b))
        : (process.stderr.write('usage: composer-lock.mjs check | machine DIR | publish LOCK [REFS]\n'), 2);
process.exit(code);
