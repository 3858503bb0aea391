// `npm run mutate`: how many planted bugs the tests catch, in the modules where a wrong rule hurts most.
// The site's modules through StrykerJS (stryker.config.mjs, the unit tests), then the plugin's rules
// through scripts/mutate-php.mjs (PHPUnit). Slow (tens of minutes), so not part of `npm test`.
// Prints both scores; exits 1 when either is under the target.
// `npm run mutate -- --group explore,forms` runs those site groups only (the others' last reports still
// count); `--site` / `--plugin` run one side.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePinnedNode } from './lib/node-runtime.mjs';
import { MUTATION_GROUPS } from './lib/mutation-groups.mjs';

const TARGET = 85;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'reports/mutation');

await ensurePinnedNode();
fs.mkdirSync(reports, { recursive: true });

// Statuses as StrykerJS reports them: ignored, static and uncompilable mutants prove nothing either way.
const CAUGHT = new Set(['Killed', 'Timeout']);
const MISSED = new Set(['Survived', 'NoCoverage']);

/** The score per file and overall from Stryker's JSON report. */
function strykerScores(report) {
  const files = Object.entries(report.files).map(([file, { mutants }]) => {
    const caught = mutants.filter((m) => CAUGHT.has(m.status)).length;
    const missed = mutants.filter((m) => MISSED.has(m.status)).length;
    return { file, caught, missed, ignored: mutants.length - caught - missed };
  });
  const caught = files.reduce((n, f) => n + f.caught, 0);
  const missed = files.reduce((n, f) => n + f.missed, 0);
  return { files, caught, missed, score: caught + missed ? (100 * caught) / (caught + missed) : 0 };
}

// Each group is a Stryker run of its own with its own report: a group's figure survives a later
// group being stopped, and one group can be run again alone.
const GROUPS = MUTATION_GROUPS;

const args = process.argv.slice(2);
const groupArg = args.indexOf('--group');
const groups = groupArg === -1 ? Object.keys(GROUPS) : args[groupArg + 1].split(',');
const unknown = groups.filter((g) => !(g in GROUPS));
if (unknown.length) {
  process.stderr.write(`Unknown group ${unknown.join(', ')}; the groups are ${Object.keys(GROUPS).join(', ')}\n`);
  process.exit(2);
}
const runJs = !args.includes('--plugin');
const runPhp = !args.includes('--site') && groupArg === -1;
const lines = [];
let below = false;

if (runJs) {
  for (const group of groups) {
    const globs = [...GROUPS[group], '!**/*.test.ts'].join(',');
    const js = spawnSync('npx', ['stryker', 'run', '--mutate', globs], { cwd: root, stdio: 'inherit' });
    const report = path.join(reports, 'mutation.json');
    if (js.status === 0 && fs.existsSync(report)) fs.renameSync(report, path.join(reports, `site-${group}.json`));
    else lines.push(`Site group ${group}: did not finish (exit ${js.status})`);
  }
  // Every group's last finished report counts, so the total covers groups run at other times too.
  const merged = { files: {} };
  for (const group of Object.keys(GROUPS)) {
    const file = path.join(reports, `site-${group}.json`);
    if (fs.existsSync(file)) Object.assign(merged.files, JSON.parse(fs.readFileSync(file, 'utf8')).files);
    else lines.push(`Site group ${group}: no report yet (npm run mutate -- --group ${group})`);
  }
  const s = strykerScores(merged);
  lines.push(`Site modules (StrykerJS, unit tests): ${s.score.toFixed(1)} % of mutants caught (${s.caught} caught, ${s.missed} missed)`);
  for (const f of s.files) {
    const judged = f.caught + f.missed;
    lines.push(
      `    ${f.file.padEnd(44)} ${judged ? ((100 * f.caught) / judged).toFixed(1).padStart(5) : '    —'} %  (${f.caught}/${judged}, ${f.ignored} not judged)`,
    );
  }
  below ||= s.score < TARGET || lines.some((l) => l.startsWith('Site group'));
}

if (runPhp) {
  const file = path.join(reports, 'php.json');
  const php = spawnSync('node', [path.join(root, 'scripts/mutate-php.mjs'), '--json', file], { cwd: root, stdio: 'inherit' });
  if (php.status !== 0 || !fs.existsSync(file)) {
    lines.push(`Plugin rules (planted bugs, PHPUnit): did not finish (exit ${php.status})`);
    below = true;
  } else {
    const s = JSON.parse(fs.readFileSync(file, 'utf8'));
    lines.push(
      `Plugin rules (planted bugs, PHPUnit): ${s.score.toFixed(1)} % caught (${s.killed} caught, ${s.survived} survived, ${s.harmless} judged harmless)`,
    );
    below ||= s.score < TARGET;
  }
}

process.stdout.write(`\nMutation scores (target ≥ ${TARGET} %):\n${lines.join('\n')}\n`);
process.exit(below ? 1 : 0);
