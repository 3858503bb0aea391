// `npm run test:fast`: the checks that need no stack, in about a minute and a half: TypeScript, every
// linter of `npm run lint`, the vitest unit project and the plugin's PHPUnit unit suite. Two steps run
// side by side (the machine this is sized for has two cores); each step's output is held and shown
// whole when it ends, so two never interleave. Prints each step's time and one pass/fail line.
// Installs nothing: a missing node_modules or plugin vendor folder is named with the command that
// makes it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, paths } from './lib/config.mjs';
import { lintChecks } from './lib/lint.mjs';

const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const t0 = Date.now();
const secs = (from) => ((Date.now() - from) / 1000).toFixed(1);

const missing = [];
if (!fs.existsSync(bin('vitest')) || !fs.existsSync(bin('tsc'))) missing.push('npm packages: run `npm ci` in the checkout');
if (!fs.existsSync(path.join(paths.plugin, 'vendor', 'bin', 'phpunit')))
  missing.push(`the plugin's Composer packages: run \`composer install\` in ${path.relative(ROOT, paths.plugin)}`);
if (missing.length) {
  process.stderr.write(
    `test:fast installs nothing, and these are missing:\n  ${missing.join('\n  ')}\n(or run \`npm start\` once, which installs both)\n`,
  );
  process.exit(2);
}

// Longest first, so the two lanes end close together.
const steps = [
  { name: 'vitest unit', cmd: bin('vitest'), args: ['run', '--project', 'unit', '--reporter=dot'], cwd: ROOT },
  ...lintChecks.map(({ name, cmd, args, cwd }) => ({ name, cmd, args, cwd })),
  { name: 'TypeScript (tsc --noEmit)', cmd: bin('tsc'), args: ['--noEmit'], cwd: ROOT },
  {
    name: 'PHPUnit unit (plugin)',
    cmd: path.join(paths.plugin, 'vendor', 'bin', 'phpunit'),
    args: ['--testsuite', 'unit', '--no-progress'],
    cwd: paths.plugin,
  },
];

const LANES = Math.max(1, Math.min(2, os.availableParallelism()));
const results = [];

function runStep(step) {
  const began = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, { cwd: step.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (err) => (output += `${err.message}\n`));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      const took = secs(began);
      // A passing step's output is noise; a failing one's is the reason.
      process.stdout.write(`${ok ? '✓' : '✗'} ${step.name} in ${took}s${ok ? '' : ` (exit ${code ?? signal})`}\n`);
      if (!ok) process.stdout.write(`${output.trimEnd()}\n\n`);
      results.push({ name: step.name, ok, took });
      resolve();
    });
  });
}

const queue = [...steps];
await Promise.all(
  Array.from({ length: LANES }, async () => {
    for (let step = queue.shift(); step; step = queue.shift()) await runStep(step);
  }),
);

const failed = results.filter((r) => !r.ok).map((r) => r.name);
process.stdout.write(
  `\ntest:fast ${failed.length ? `FAILED: ${failed.join(', ')}` : `passed (${results.length} steps)`} in ${secs(t0)}s\n`,
);
process.exit(failed.length ? 1 : 0);
