// Moves app/lib modules to their feature folders and rewrites every reference to them: import
// specifiers (aliased `~/lib/...` and relative ones, which become aliased), vi.mock paths, and the
// `app/lib/...` paths that comments and documents name. Idempotent: run it again after merging a
// branch written against the old layout and it rewrites what that branch added.
//   node scripts/dev/move-lib.mjs            move and rewrite
//   node scripts/dev/move-lib.mjs --rewrite  rewrite references only (the moves are already done)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

// Old path (under app/lib, with extension) → new path.
export const MOVES = {
  'analytics.ts': 'analytics/analytics.ts',
  'api.server.ts': 'http/api-responses.server.ts',
  'api-schemas.server.ts': 'http/api-bodies.server.ts',
  'http/cache.server.ts': 'http/cache-headers.server.ts',
  'cache.server.ts': 'wordpress/catalogue-cache.server.ts',
  'cache-store.server.ts': 'wordpress/catalogue-cache-store.server.ts',
  'auth-actions.server.ts': 'auth/auth-actions.server.ts',
  'auth-dialog.tsx': 'auth/auth-dialog.tsx',
  'session.server.ts': 'auth/session.server.ts',
  'safe-redirect.ts': 'auth/safe-redirect.ts',
  'favorite-intent.ts': 'favorites/intent.ts',
  'favorite-intent.server.ts': 'favorites/intent.server.ts',
  'favorites.tsx': 'favorites/toggle.tsx',
  'guest-favorites.ts': 'favorites/guest-favorites.ts',
  'compare-list.ts': 'compare/compare-list.ts',
  'device-list.ts': 'device/device-list.ts',
  'recently-viewed.ts': 'device/recently-viewed.ts',
  'car-structured-data.ts': 'seo/car-structured-data.ts',
  'jsonld.ts': 'seo/jsonld.ts',
  'meta.ts': 'seo/meta.ts',
  'legal.server.ts': 'content/legal.server.ts',
  'early-scripts.server.ts': 'page/early-scripts.server.ts',
  'nonce.tsx': 'page/nonce.tsx',
  'deferred.tsx': 'page/deferred.tsx',
  'scroll.tsx': 'page/scroll.tsx',
  'navigation-progress.ts': 'page/navigation-progress.ts',
  'network-error.ts': 'page/network-error.ts',
  'env.server.ts': 'server/env.server.ts',
  'load-context.server.ts': 'server/load-context.server.ts',
  'request-context.server.ts': 'server/request-context.server.ts',
  'health.server.ts': 'server/health.server.ts',
  'visitor.server.ts': 'http/visitor.server.ts',
  'outage.server.ts': 'wordpress/failure.server.ts',
  'phone.ts': 'leads/phone.ts',
};

const strip = (p) => p.replace(/\.(tsx?|mjs|js)$/, '');
const moduleMap = new Map(Object.entries(MOVES).map(([from, to]) => [strip(from), strip(to)]));

function trackedFiles() {
  const out = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return out.split('\n').filter((f) => f && fs.existsSync(path.join(root, f)));
}

function moveFiles() {
  for (const [from, to] of Object.entries(MOVES)) {
    const src = path.join(root, 'app/lib', from);
    const dest = path.join(root, 'app/lib', to);
    if (!fs.existsSync(src)) continue;
    if (fs.existsSync(dest)) {
      // Two modules folded into one: the second one's text is appended for a hand to merge.
      fs.appendFileSync(dest, `\n// ---- merged from app/lib/${from} ----\n${fs.readFileSync(src, 'utf8')}`);
      execFileSync('git', ['rm', '-q', path.relative(root, src)], { cwd: root });
      continue;
    }
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    execFileSync('git', ['mv', path.relative(root, src), path.relative(root, dest)], { cwd: root });
  }
}

// The module (path under app/, without extension) a specifier written in `file` names, or null.
function resolveInApp(file, spec, oldLocation) {
  if (spec.startsWith('~/')) return spec.slice(2);
  if (!spec.startsWith('.')) return null;
  const abs = path.resolve(path.dirname(path.join(root, oldLocation ?? file)), spec);
  const rel = path.relative(path.join(root, 'app'), abs);
  return rel.startsWith('..') ? null : rel.split(path.sep).join('/');
}

function mapModule(appPath) {
  if (!appPath.startsWith('lib/')) return null;
  const inLib = strip(appPath.slice(4));
  const moved = moduleMap.get(inLib);
  return moved ? `lib/${moved}` : null;
}

function rewrite() {
  const reverse = new Map(Object.entries(MOVES).map(([from, to]) => [`app/lib/${to}`, `app/lib/${from}`]));
  let changed = 0;
  for (const file of trackedFiles()) {
    if (file.startsWith('scripts/dev/move-lib')) continue;
    const isCode = /\.(tsx?|mjs|js|cjs)$/.test(file);
    const isText = isCode || /\.(md|json|php|yml|yaml|sh)$/.test(file);
    if (!isText || file.endsWith('package-lock.json')) continue;
    const full = path.join(root, file);
    const before = fs.readFileSync(full, 'utf8');
    let text = before;
    if (isCode && (file.startsWith('app/') || file.startsWith('tests/'))) {
      // Specifiers of import/export/import()/vi.mock/vi.importActual and require-like calls.
      text = text.replace(
        /(from\s+|import\s*\(\s*|import\s+|mock\(\s*|importActual(?:<[^>]*>)?\(\s*)(['"])([^'"]+)\2/g,
        (all, lead, q, spec) => {
          const oldLocation = reverse.get(file);
          const target = resolveInApp(file, spec, oldLocation);
          const fromHere = path.resolve(path.dirname(path.join(root, file)), spec);
          const existsHere = ['', '.ts', '.tsx', '.mjs', '.js'].some((ext) => fs.existsSync(fromHere + ext));
          if (target === null && spec.startsWith('.') && oldLocation && !existsHere) {
            // Outside app/ (server/*.mjs): the same file, seen from the new folder.
            const abs = path.resolve(path.dirname(path.join(root, oldLocation)), spec);
            const fromNew = path
              .relative(path.dirname(path.join(root, file)), abs)
              .split(path.sep)
              .join('/');
            return `${lead}${q}${fromNew.startsWith('.') ? fromNew : `./${fromNew}`}${q}`;
          }
          if (target === null) return all;
          const mapped = spec.startsWith('.') && existsHere ? null : mapModule(target);
          if (mapped) return `${lead}${q}~/${mapped}${q}`;
          // A relative import inside a moved file that still names an unmoved module: alias it.
          if (spec.startsWith('.') && oldLocation && !existsHere) return `${lead}${q}~/${strip(target)}${q}`;
          return all;
        },
      );
    }
    // Paths named in prose and comments: app/lib/<old>.
    text = text.replace(/app\/lib\/([A-Za-z0-9_./-]+\.(?:tsx?|mjs))/g, (all, p) => (MOVES[p] ? `app/lib/${MOVES[p]}` : all));
    text = text.replace(/\blib\/([A-Za-z0-9_./-]+\.(?:tsx?))/g, (all, p) => (MOVES[p] ? `lib/${MOVES[p]}` : all));
    if (text !== before) {
      fs.writeFileSync(full, text);
      changed += 1;
    }
  }
  console.log(`rewrote references in ${changed} files`);
}

if (!process.argv.includes('--rewrite')) moveFiles();
rewrite();
