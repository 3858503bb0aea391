// First-load JavaScript and CSS of each page route, gzipped, from a Remix build's manifest:
// what a browser downloads on a cold visit (entry + root + the route, with their imports).
// Usage: npx remix build && node bench/bundle-size.mjs [BUILD_DIR]   (budget: JS ≤ 110 KB, CSS ≤ 25 KB)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const out = path.resolve(process.argv[2] || process.env.BUILD_DIR || '.');
const assets = path.join(out, 'public', 'build');
const manifestFile = fs.readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error(`no manifest in ${assets}; build first`);
const manifest = JSON.parse(
  fs
    .readFileSync(path.join(assets, manifestFile), 'utf8')
    .replace(/^window\.__remixManifest=/, '')
    .replace(/;\s*$/, ''),
);

const gz = new Map();
const gzipSize = (url) => {
  if (!gz.has(url)) {
    const file = path.join(assets, url.replace(/^\/build\//, ''));
    gz.set(url, zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length);
  }
  return gz.get(url);
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

// Stylesheets are linked from the built CSS bundle and route CSS files in _assets.
const cssFiles = fs.existsSync(path.join(assets, '_assets'))
  ? fs.readdirSync(path.join(assets, '_assets')).filter((f) => f.endsWith('.css'))
  : [];

const routes = Object.values(manifest.routes).filter(
  (r) => r.id !== 'root' && r.hasDefaultExport !== false && !r.id.startsWith('routes/api.') && !r.id.startsWith('routes/resources.'),
);
const rows = [];
for (const route of routes) {
  const chain = [manifest.entry, manifest.routes.root];
  for (let r = route; r && r.id !== 'root'; r = manifest.routes[r.parentId]) chain.push(r);
  const files = new Set();
  for (const r of chain) {
    files.add(r.module);
    for (const i of r.imports ?? []) files.add(i);
  }
  const js = [...files].reduce((sum, f) => sum + gzipSize(f), 0);
  rows.push({ route: route.path === undefined ? route.id : `/${route.path ?? ''}`, js });
}
rows.sort((a, b) => b.js - a.js);
console.log(`first-load JavaScript per page (gzip), build ${out}`);
// The budget beside each figure, so a row can be pasted into the README's benchmark table.
for (const r of rows)
  console.log(
    `${r.route.padEnd(36)} ${kb(r.js).padStart(9)} (≤ 110 KB) ${String(r.js).padStart(7)} B${r.js > 110 * 1024 ? '  over the budget' : ''}`,
  );
const cssTotal = cssFiles.reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(assets, '_assets', f)), { level: 9 }).length, 0);
console.log(`CSS, all stylesheets together (gzip): ${kb(cssTotal)} (≤ 25 KB)${cssTotal > 25 * 1024 ? '  over the budget' : ''}`);
