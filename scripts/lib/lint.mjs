// The linters, in one list for `npm run lint`, `npm run format` and the first step of `npm test`.
// Each check only reads; each fixer writes. The fixers run in this order because ESLint's fixes
// may change layout, which Prettier then settles.
import path from 'node:path';
import { ROOT, paths } from './config.mjs';

const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const phpBin = (name) => path.join(paths.plugin, 'vendor', 'bin', name);
// Both caches live in node_modules, which `npm ci` makes anew, so a stale cache never outlives
// an upgrade of the linters.
const eslintCache = ['--cache', '--cache-location', path.join(ROOT, 'node_modules', '.cache', 'eslint', '')];

/** Each check: `php` ones need the plugin's Composer packages (PHPCS with the WordPress standard). */
export const lintChecks = [
  { name: 'ESLint', cmd: bin('eslint'), args: ['.', '--max-warnings=0', ...eslintCache], cwd: ROOT },
  { name: 'Prettier (format check)', cmd: bin('prettier'), args: ['--check', '.', '--cache', '--log-level=warn'], cwd: ROOT },
  { name: 'PHPCS (WordPress standard)', cmd: phpBin('phpcs'), args: ['-q'], cwd: paths.plugin, php: true },
  // Every Composer lock installable from the public registries (no private mirror path, each
  // package at a named commit of its public repository).
  {
    name: 'Composer locks (public sources)',
    cmd: process.execPath,
    args: [path.join(ROOT, 'scripts', 'composer-lock.mjs'), 'check'],
    cwd: ROOT,
  },
  // The plugin's FieldRules.php is generated from the site's field-rules.json: both tiers one rule.
  {
    name: 'Field rules (site and plugin alike)',
    cmd: process.execPath,
    args: [path.join(ROOT, 'scripts', 'field-rules.mjs'), 'check'],
    cwd: ROOT,
  },
];

/**
 * Each fixer, with the exit codes that mean success: phpcbf exits 1 when it changed a file, and
 * reports what it could not fix through the check that follows.
 */
export const formatFixers = [
  { name: 'ESLint --fix', cmd: bin('eslint'), args: ['.', '--fix', ...eslintCache], cwd: ROOT, ok: [0, 1] },
  { name: 'Prettier --write', cmd: bin('prettier'), args: ['--write', '.', '--cache', '--log-level=warn'], cwd: ROOT, ok: [0] },
  { name: 'phpcbf (WordPress standard)', cmd: phpBin('phpcbf'), args: ['-q'], cwd: paths.plugin, php: true, ok: [0, 1] },
];
