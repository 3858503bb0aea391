// `npm run lint`: every linter, no writes; exits 1 when any of them reports a problem.
// `npm run format` (--fix): every auto-fixer, in order, then the checks again.
import { spawnSync } from 'node:child_process';
import { formatFixers, lintChecks } from './lib/lint.mjs';
import { log } from './lib/util.mjs';
import { ensurePinnedNode } from './lib/node-runtime.mjs';

// ESLint and Prettier run under the Node of .node-version, as in `npm test`.
await ensurePinnedNode();

const fix = process.argv.includes('--fix');
const failed = [];

function run(step, okCodes = [0]) {
  log(`── ${step.name}`);
  const began = Date.now();
  const res = spawnSync(step.cmd, step.args, { stdio: 'inherit', cwd: step.cwd });
  const secs = ((Date.now() - began) / 1000).toFixed(1);
  if (!okCodes.includes(res.status)) {
    failed.push(step.name);
    log(`✗ ${step.name} failed (exit ${res.status ?? res.error?.message ?? res.signal}) in ${secs}s`);
  } else {
    log(`✓ ${step.name} in ${secs}s`);
  }
}

if (fix) for (const step of formatFixers) run(step, step.ok);
for (const step of lintChecks) run(step);
process.stdout.write(`\n${failed.length ? `Failed: ${failed.join(', ')}` : 'All linters passed.'}\n`);
process.exit(failed.length ? 1 : 0);
