// Planted bugs for the plugin's rules: no mutation tool for PHP is on the registries this project
// installs from, so this script plants small bugs one at a time (a comparison turned round, a
// condition negated, a boundary moved by one, a sort direction flipped...) in a copy of the plugin and
// runs its PHPUnit suite on each. A planted bug the suite does not notice "survives".
//
// Usage: node scripts/mutate-php.mjs [--json FILE] [--group NAME,...] [FILE ...]   (files relative to the
// plugin's src/; the groups are PHP_MUTATION_GROUPS of scripts/lib/mutation-groups.mjs, all by default)
// Prints each surviving mutant and the score per file and overall. Survivors judged harmless are
// listed with their reason in scripts/mutation/php-harmless.json and reported apart.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PHP_MUTATION_GROUPS } from './lib/mutation-groups.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const plugin = path.join(root, 'wordpress/plugins/car-export');

/** What each character of a PHP file is part of: c (code), s (inside a string literal) or k (comment). */
export function regionsOf(source) {
  const kinds = new Array(source.length).fill('c');
  const mark = (from, to, kind) => {
    for (let k = from; k < to; k++) kinds[k] = kind;
  };
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if ((c === '/' && next === '/') || (c === '#' && next !== '[')) {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      mark(i, stop, 'k');
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      mark(i, stop, 'k');
      i = stop;
    } else if (c === "'" || c === '"') {
      let k = i + 1;
      while (k < source.length && source[k] !== c) k += source[k] === '\\' ? 2 : 1;
      // The quotes stay code, so a mutant of a whole literal (below) is found by its quotes.
      mark(i + 1, k, 's');
      i = k + 1;
    } else {
      i++;
    }
  }
  return kinds;
}

/** Blanks out strings and comments (same length) so operators are only found in code. */
export function maskPhp(source) {
  const kinds = regionsOf(source);
  return source
    .split('')
    .map((ch, k) => (kinds[k] === 'c' || ch === '\n' ? ch : ' '))
    .join('');
}

// Each rule: a pattern over masked code, and what a match becomes.
const RULES = [
  { name: 'equality flipped', re: /===/g, to: () => '!==' },
  { name: 'equality flipped', re: /!==/g, to: () => '===' },
  { name: 'boundary moved', re: /<=/g, to: () => '<' },
  { name: 'boundary moved', re: />=/g, to: () => '>' },
  { name: 'boundary moved', re: /(?<![-=?<>])<(?![=<>?])/g, to: () => '<=' },
  { name: 'boundary moved', re: /(?<![-=?<>])>(?![=>])/g, to: () => '>=' },
  { name: 'and/or swapped', re: /&&/g, to: () => '||' },
  { name: 'and/or swapped', re: /\|\|/g, to: () => '&&' },
  { name: 'negation removed', re: /!\s(?=\S)/g, to: () => '' },
  { name: 'boolean flipped', re: /\btrue\b/g, to: () => 'false' },
  { name: 'boolean flipped', re: /\bfalse\b/g, to: () => 'true' },
  { name: 'arithmetic swapped', re: / \+ /g, to: () => ' - ' },
  { name: 'arithmetic swapped', re: / - /g, to: () => ' + ' },
  { name: 'min/max swapped', re: /\bmin\(/g, to: () => 'max(' },
  { name: 'min/max swapped', re: /\bmax\(/g, to: () => 'min(' },
  { name: 'number changed', re: /(?<![\w.$\\])\d+(?![\w.])/g, to: (m) => String(Number(m) === 0 ? 1 : Number(m) + 1) },
  { name: 'skip removed', re: /\bcontinue;/g, to: () => ';' },
];
// Literals that decide an order or a status: found in the original text, since masking blanks them.
const LITERALS = [
  { name: 'sort direction flipped', from: "'ASC'", to: "'DESC'" },
  { name: 'sort direction flipped', from: "'DESC'", to: "'ASC'" },
  { name: 'sort direction flipped', from: ' ASC', to: ' DESC' },
  { name: 'sort direction flipped', from: ' DESC', to: ' ASC' },
];

/** Every mutant of one file: {index, length, replacement, name, line}. */
export function mutantsOf(source) {
  const kinds = regionsOf(source);
  const masked = maskPhp(source);
  const start = masked.indexOf('<?php') === -1 ? 0 : masked.indexOf('<?php') + 5;
  const found = [];
  const lineAt = (index) => source.slice(0, index).split('\n').length;
  // declare(strict_types=1) and namespace/use lines are not rules.
  const isRuleLine = (index) => {
    const lineText = source.split('\n')[lineAt(index) - 1].trim();
    return !/^(declare|namespace|use)\b/.test(lineText) && !/^(public|private|protected)\s+const\b/.test(lineText);
  };
  // A signature's `true | WP_Error` is a type, not a rule: flipping it only breaks the declaration.
  const isSignature = (index) => /\bfunction\b/.test(source.split('\n')[lineAt(index) - 1]);
  for (const rule of RULES) {
    for (const m of masked.matchAll(rule.re)) {
      if (m.index < start || !isRuleLine(m.index)) continue;
      if (rule.name === 'boolean flipped' && isSignature(m.index)) continue;
      found.push({ index: m.index, length: m[0].length, replacement: rule.to(m[0]), name: rule.name });
    }
  }
  for (const lit of LITERALS) {
    let at = source.indexOf(lit.from);
    while (at !== -1) {
      // A literal in a comment is prose; inside a string (SQL) or as a whole literal it is a rule.
      if (at >= start && kinds[at] !== 'k' && kinds[at + lit.from.length - 1] !== 'k')
        found.push({ index: at, length: lit.from.length, replacement: lit.to, name: lit.name });
      at = source.indexOf(lit.from, at + 1);
    }
  }
  return found
    .sort((a, b) => a.index - b.index)
    .map((m) => ({ ...m, line: lineAt(m.index), original: source.slice(m.index, m.index + m.length) }));
}

/** The files of the named groups, a `*` in a file name standing for any characters. */
export function filesOfGroups(groups, srcDir = path.join(plugin, 'src')) {
  const unknown = groups.filter((g) => !(g in PHP_MUTATION_GROUPS));
  if (unknown.length) throw new Error(`Unknown group ${unknown.join(', ')}; the groups are ${Object.keys(PHP_MUTATION_GROUPS).join(', ')}`);
  const files = [];
  for (const pattern of groups.flatMap((g) => PHP_MUTATION_GROUPS[g])) {
    const dir = path.dirname(pattern);
    const name = new RegExp(`^${path.basename(pattern).replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`);
    const found = fs
      .readdirSync(path.join(srcDir, dir))
      .filter((f) => name.test(f))
      .sort();
    for (const f of found) if (!files.includes(`${dir}/${f}`)) files.push(`${dir}/${f}`);
  }
  return files;
}

export function applyMutant(source, m) {
  return source.slice(0, m.index) + m.replacement + source.slice(m.index + m.length);
}

/** A copy of the plugin laid out as in the repository (its tests read the shared fixtures). */
function makeSandbox() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutate-php-'));
  const copy = path.join(dir, 'wordpress/plugins/car-export');
  fs.mkdirSync(copy, { recursive: true });
  for (const entry of ['src', 'tests', 'phpunit.xml.dist', 'composer.json']) {
    fs.cpSync(path.join(plugin, entry), path.join(copy, entry), { recursive: true });
  }
  // vendor is only read: hard links make the copy instant.
  const linked = spawnSync('cp', ['-al', path.join(plugin, 'vendor'), path.join(copy, 'vendor')]);
  if (linked.status !== 0) fs.cpSync(path.join(plugin, 'vendor'), path.join(copy, 'vendor'), { recursive: true });
  fs.cpSync(path.join(root, 'tests/fixtures'), path.join(dir, 'tests/fixtures'), { recursive: true });
  return { dir, copy };
}

function phpunit(copy) {
  const res = spawnSync('php', ['vendor/bin/phpunit', '--stop-on-failure', '--no-progress', '--do-not-cache-result'], {
    cwd: copy,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { passed: res.status === 0, timedOut: res.error?.code === 'ETIMEDOUT', output: `${res.stdout}${res.stderr}` };
}

function harmlessList() {
  const file = path.join(root, 'scripts/mutation/php-harmless.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : [];
}

const keyOf = (file, lineText, m) => `${file}|${lineText.trim()}|${m.original}→${m.replacement}`;

async function main() {
  const args = process.argv.slice(2);
  const jsonAt = args.indexOf('--json');
  const jsonFile = jsonAt === -1 ? null : args.splice(jsonAt, 2)[1];
  const groupAt = args.indexOf('--group');
  const groups = groupAt === -1 ? Object.keys(PHP_MUTATION_GROUPS) : args.splice(groupAt, 2)[1].split(',');
  const targets = args.length ? args : filesOfGroups(groups);
  const harmless = new Map(harmlessList().map((h) => [`${h.file}|${h.line.trim()}|${h.mutation}`, h.why]));

  const { dir, copy } = makeSandbox();
  try {
    const baseline = phpunit(copy);
    if (!baseline.passed) {
      process.stderr.write(`PHPUnit fails before any bug is planted:\n${baseline.output}\n`);
      process.exit(2);
    }
    const results = [];
    for (const file of targets) {
      const target = path.join(copy, 'src', file);
      const source = fs.readFileSync(target, 'utf8');
      const lines = source.split('\n');
      const tally = { file, killed: 0, survived: 0, harmless: 0, invalid: 0, survivors: [] };
      for (const m of mutantsOf(source)) {
        fs.writeFileSync(target, applyMutant(source, m));
        // A planted bug PHP cannot parse proves nothing about the tests.
        if (spawnSync('php', ['-l', target], { encoding: 'utf8' }).status !== 0) {
          tally.invalid++;
          continue;
        }
        const run = phpunit(copy);
        const lineText = lines[m.line - 1];
        if (!run.passed || run.timedOut) {
          tally.killed++;
        } else if (harmless.has(keyOf(file, lineText, m))) {
          tally.harmless++;
        } else {
          tally.survived++;
          tally.survivors.push({ line: m.line, mutation: `${m.original}→${m.replacement}`, name: m.name, code: lineText.trim() });
        }
      }
      fs.writeFileSync(target, source);
      results.push(tally);
      const judged = tally.killed + tally.survived;
      process.stdout.write(
        `${file.padEnd(30)} ${String(tally.killed).padStart(4)} killed ${String(tally.survived).padStart(4)} survived` +
          ` ${String(tally.harmless).padStart(3)} harmless  ${judged ? ((100 * tally.killed) / judged).toFixed(1) : '—'} %\n`,
      );
      for (const s of tally.survivors) process.stdout.write(`    survived  ${file}:${s.line}  ${s.name}: ${s.mutation}   ${s.code}\n`);
    }
    const killed = results.reduce((n, r) => n + r.killed, 0);
    const survived = results.reduce((n, r) => n + r.survived, 0);
    const harmlessCount = results.reduce((n, r) => n + r.harmless, 0);
    const score = killed + survived ? (100 * killed) / (killed + survived) : 0;
    process.stdout.write(
      `\nPlugin rules (PHPUnit): ${score.toFixed(1)} % of planted bugs caught (${killed} caught, ${survived} survived, ${harmlessCount} judged harmless and not counted)\n`,
    );
    if (jsonFile) fs.writeFileSync(jsonFile, JSON.stringify({ score, killed, survived, harmless: harmlessCount, results }, null, 2));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
