// `npm run check:docker`, and a suite of `npm test`: what can be proven of the Docker deployment on
// a machine without a Docker engine.
//   1. The site image's build stage: its own WORKDIR/COPY/RUN lines from ./Dockerfile (npm ci,
//      remix build, prune), run in a clean copy of the tracked files that .dockerignore lets in.
//   2. The WordPress image's Composer stage the same way (composer install --no-dev from the lock).
//   3. The WordPress image's core stage the same way (wordpress/core/install.sh: Debian's packages).
//   4. docker-compose.yml and the images' files, structurally: pinned tags, health checks,
//      required secrets, documented variables, denied plugin paths, PHP limits.
//   5. The images against the support matrix the local stack runs (scripts/lib/versions.mjs): the
//      same Node, WordPress, PHP, MariaDB and Valkey, every Debian server package a line of
//      runtime/packages as written, nginx and php-fpm configured from the shared templates, and the
//      README's table saying so.
// Prints one line per check and `N passed, N failed`; exits 1 when any check failed.
// --json FILE writes the counts for the `npm test` summary. Imported (by its unit test), it runs
// nothing: only its readers of Dockerfiles, ignore files and nginx rules are used.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './lib/config.mjs';
import { composerFileFor, ensureNodeModules } from './lib/install.mjs';
import { ensurePinnedNode } from './lib/node-runtime.mjs';
import { runtimePackages } from './lib/runtime.mjs';
import { fillTemplate, FPM_TEMPLATE, NGINX_TEMPLATE } from './lib/server-config.mjs';
// A namespace: a versions.mjs that lacks a name of the matrix fails that check, naming it, instead of
// stopping the whole script at the import.
import * as versions from './lib/versions.mjs';

const { imageVersions, pinnedNodeVersion, upstreamVersion, wordpressDebianVersion, wordpressVersion } = versions;

const results = [];
const record = (name, ok, detail = '') => {
  results.push({ name, ok });
  process.stdout.write(`${ok ? '✓' : '✗'} ${name}${!ok && detail ? `\n    ${detail.split('\n').join('\n    ')}` : ''}\n`);
};
/** Runs one check; a thrown error (or a returned message) fails it with that message. */
function check(name, fn) {
  try {
    const problem = fn();
    record(name, !problem, typeof problem === 'string' ? problem : '');
  } catch (err) {
    record(name, false, err.message);
  }
}
const read = (rel) => fs.readFileSync(path.join(ROOT, rel), 'utf8');

// ---------------------------------------------------------------- Dockerfiles

/** Stages of a Dockerfile: [{ name, from, instructions: [{ op, args }] }]. */
export function parseDockerfile(text) {
  const lines = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages = [];
  for (const line of lines) {
    const [, op, args] = line.match(/^(\S+)\s*(.*)$/);
    if (op.toUpperCase() === 'FROM') {
      const m = args.match(/^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i);
      stages.push({ name: m[2] ?? String(stages.length), from: m[1], instructions: [] });
    } else if (stages.length) {
      stages.at(-1).instructions.push({ op: op.toUpperCase(), args });
    }
  }
  return stages;
}

/**
 * An exact image reference: a digest, a tag that names a full x.y.z version, or a dated snapshot
 * tag (Debian's `trixie-20261123-slim`: that day's build of the release, never rebuilt under the
 * same name, where `trixie-slim` moves with every point release).
 */
export function pinnedImage(ref) {
  if (/@sha256:[0-9a-f]{64}$/.test(ref)) return true;
  const tag = ref.includes(':') ? ref.slice(ref.lastIndexOf(':') + 1) : '';
  if (/latest/.test(tag)) return false;
  return /\d+\.\d+\.\d+/.test(tag) || /(?:^|-)20\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:$|-)/.test(tag);
}

/** The stage `name` and every stage it is built FROM, nearest first. */
function stageChain(stages, name) {
  const chain = [];
  for (let st = stages.find((x) => x.name === name); st; st = stages.find((x) => x.name === st.from)) chain.push(st);
  return chain;
}

/**
 * The packages each `sh .../apt-pinned.sh DIR NAME...` line of the stages installs (names only: the
 * versions come from runtime/packages when the image is built).
 * @returns {string[]}
 */
export function aptPinnedNames(stages) {
  return stages.flatMap((st) =>
    st.instructions
      .filter((i) => i.op === 'RUN')
      .flatMap((i) =>
        [...i.args.matchAll(/\bsh\s+\S*apt-pinned\.sh\s+\S+((?:\s+[a-z0-9][a-z0-9.+-]*)+)/g)].flatMap((m) => m[1].trim().split(/\s+/)),
      ),
  );
}

/** What docker/apt-pinned.sh gives apt for these names: `name=version` words, from runtime/packages. */
function aptPinnedWords(names) {
  const res = spawnSync('sh', [path.join(ROOT, 'docker', 'apt-pinned.sh'), '--print', path.join(ROOT, 'runtime'), ...names], {
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(res.stderr.trim());
  return res.stdout.split('\n').filter(Boolean);
}

/** Every external image a Dockerfile pulls (FROM and COPY --from), stage names excluded. */
function externalImages(stages) {
  const names = new Set(stages.map((s) => s.name));
  const refs = stages.map((s) => s.from);
  for (const s of stages) {
    for (const i of s.instructions) {
      const m = i.op === 'COPY' && i.args.match(/--from=(\S+)/);
      if (m) refs.push(m[1]);
    }
  }
  return refs.filter((r) => !names.has(r) && !/^\d+$/.test(r));
}

/** The stage a build target names, and its HEALTHCHECK (inherited from an earlier stage). */
function stageHealthcheck(stages, target) {
  let stage = stages.find((s) => s.name === target) ?? stages.at(-1);
  while (stage) {
    const hc = stage.instructions.filter((i) => i.op === 'HEALTHCHECK').at(-1);
    if (hc) return /^NONE\b/i.test(hc.args) ? null : hc.args;
    stage = stages.find((s) => s.name === stage.from);
  }
  return null;
}

// ---------------------------------------------------------------- .dockerignore

function globToRegExp(pattern) {
  let re = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      if (pattern[i + 2] === '/') {
        re += '(?:.*/)?';
        i += 2;
      } else {
        re += '.*';
        i += 1;
      }
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** Docker's rule: the last pattern matching the path or one of its parent folders decides. */
export function dockerIgnore(text) {
  const rules = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const negate = l.startsWith('!');
      const p = (negate ? l.slice(1) : l).trim().replace(/^\/+/, '').replace(/\/+$/, '');
      return { negate, re: globToRegExp(path.posix.normalize(p)) };
    });
  return (file) => {
    const parts = file.split('/');
    const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
    let ignored = false;
    for (const r of rules) if (prefixes.some((p) => r.re.test(p))) ignored = !r.negate;
    return ignored;
  };
}

// ---------------------------------------------------------------- nginx locations

/**
 * Which URIs an nginx server block answers with `deny all`, by nginx's choice of location: an exact
 * `location = /uri` first, then the first regular expression (`~`, `~*` without case) that matches
 * in the order written, else the prefix locations (none of which deny here).
 * @param {string} conf the server block
 * @returns {(uri: string) => boolean}
 */
export function nginxDenies(conf) {
  const locations = [...conf.matchAll(/^\s*location\s+(=|~\*|~)\s+(\S+)\s*\{([^{}]*)\}/gm)].map((m) => ({
    kind: m[1],
    pattern: m[2],
    deny: /\bdeny all;/.test(m[3]),
  }));
  return (uri) => {
    const exact = locations.find((l) => l.kind === '=' && l.pattern === uri);
    if (exact) return exact.deny;
    // nginx's PCRE and JavaScript agree on every construct these rules use (classes, groups, lookahead).
    const regex = locations.find((l) => l.kind !== '=' && new RegExp(l.pattern, l.kind === '~*' ? 'i' : '').test(uri));
    return regex ? regex.deny : false;
  };
}

/** The build context a fresh clone would send: tracked files, less what the ignore file drops. */
function cleanContext(ignoreFile, dir) {
  const ignored = dockerIgnore(read(ignoreFile));
  const listed = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  let count = 0;
  for (const rel of listed.stdout.split('\0').filter(Boolean)) {
    const src = path.join(ROOT, rel);
    if (ignored(rel) || !fs.existsSync(src)) continue;
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.copyFileSync(src, path.join(dir, rel));
    fs.chmodSync(path.join(dir, rel), fs.statSync(src).mode);
    count += 1;
  }
  return count;
}

/**
 * Runs one stage's WORKDIR, ENV, COPY (from the context) and RUN lines, with the container's
 * absolute paths placed under `root`. Images copied in with COPY --from (composer) are the
 * machine's own tools here; cache mounts are left to the tools' own caches.
 */
function runStage(stage, contextDir, root) {
  let workdir = '/';
  const env = {};
  const inRoot = (p) => path.join(root, path.posix.isAbsolute(p) ? p : path.posix.join(workdir, p));
  for (const { op, args } of stage.instructions) {
    if (op === 'WORKDIR') {
      workdir = path.posix.isAbsolute(args) ? args : path.posix.join(workdir, args);
      fs.mkdirSync(inRoot(workdir), { recursive: true });
    } else if (op === 'ENV') {
      for (const m of args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[m[1]] = m[2].replace(/^"|"$/g, '');
    } else if (op === 'COPY' && !/--from=/.test(args)) {
      const words = args.split(/\s+/).filter((w) => !w.startsWith('--'));
      const dest = words.pop();
      for (const src of words) {
        const from = path.join(contextDir, src);
        if (!fs.existsSync(from)) throw new Error(`COPY ${src}: not in the build context`);
        const isDir = fs.statSync(from).isDirectory();
        const to =
          isDir || dest.endsWith('/') || words.length > 1 ? path.join(inRoot(dest), isDir ? '' : path.basename(src)) : inRoot(dest);
        fs.mkdirSync(isDir ? to : path.dirname(to), { recursive: true });
        fs.cpSync(from, to, { recursive: true });
      }
    } else if (op === 'RUN') {
      const cmd = args.replace(/^(--\S+\s+)+/, '');
      process.stdout.write(`    $ ${cmd}\n`);
      // Composer installs the committed public lock; where this machine reaches only a copy of the
      // registry, the same versions from that copy (as `npm start` installs them).
      const lockHere = /\bcomposer\b/.test(cmd) && fs.existsSync(path.join(inRoot(workdir), 'composer.lock'));
      const res = spawnSync('sh', ['-c', cmd], {
        cwd: inRoot(workdir),
        env: { ...process.env, ...env, NODE_ENV: '', ...(lockHere ? composerFileFor(inRoot(workdir)) : {}) },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      if (res.status !== 0)
        throw new Error(
          `RUN ${cmd} failed (exit ${res.status}):\n${`${res.stdout}${res.stderr}`.trim().split('\n').slice(-25).join('\n')}`,
        );
    }
  }
  return inRoot(workdir);
}

function buildStageCheck({ name, dockerfile, ignoreFile, stageName, after }) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'car-export-docker-'));
  try {
    check(name, () => {
      const began = Date.now();
      const stage = parseDockerfile(read(dockerfile)).find((s) => s.name === stageName);
      if (!stage) return `${dockerfile} has no stage named ${stageName}`;
      const contextDir = path.join(tmp, 'context');
      const files = cleanContext(ignoreFile, contextDir);
      process.stdout.write(`  ${name}: ${files} files in the context (${ignoreFile})\n`);
      const workdir = runStage(stage, contextDir, path.join(tmp, 'root'));
      process.stdout.write(`  ${name}: ${((Date.now() - began) / 1000).toFixed(1)}s\n`);
      return after(workdir);
    });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

const missing = (dir, rels) => rels.filter((r) => !fs.existsSync(path.join(dir, r)));

// ---------------------------------------------------------------- the checks

async function main() {
  // The clean-copy builds (npm ci, remix build) run under the Node of .node-version, the version the
  // site image pins; reading docker-compose.yml needs the yaml package, so a fresh clone installs the
  // npm packages first (as npm start and npm test do).
  await ensurePinnedNode();
  ensureNodeModules();
  const { default: YAML } = await import('yaml');

  const only = process.argv.includes('--static') ? 'static' : 'all';

  if (only === 'all') {
    buildStageCheck({
      name: 'site image: npm ci, remix build and prune of ./Dockerfile in a clean copy',
      dockerfile: 'Dockerfile',
      ignoreFile: '.dockerignore',
      stageName: 'build',
      after: (app) => {
        const lost = missing(app, ['build/index.js', 'public/build', 'node_modules/@remix-run/express', 'node_modules/react-dom']);
        if (lost.length) return `missing after the build: ${lost.join(', ')}`;
        const dev = ['vitest', '@remix-run/dev', 'lighthouse', 'yaml'].filter((d) => fs.existsSync(path.join(app, 'node_modules', d)));
        if (dev.length) return `prune left dev packages: ${dev.join(', ')}`;
        // The server build loads with production packages only (a runtime package listed under
        // devDependencies would fail here, as it would in the container).
        const res = spawnSync('node', ['--input-type=module', '-e', "await import('./build/index.js')"], {
          cwd: app,
          env: { ...process.env, NODE_ENV: 'production' },
          encoding: 'utf8',
        });
        return res.status === 0
          ? null
          : `build/index.js does not load with production packages:\n${res.stderr.trim().split('\n').slice(-8).join('\n')}`;
      },
    });

    buildStageCheck({
      name: 'WordPress image: composer install --no-dev of docker/wordpress/Dockerfile in a clean copy',
      dockerfile: 'docker/wordpress/Dockerfile',
      ignoreFile: 'docker/wordpress/Dockerfile.dockerignore',
      stageName: 'plugin-deps',
      after: (plugin) => {
        const lost = missing(plugin, [
          'car-export.php',
          'src/Plugin.php',
          'vendor/autoload.php',
          'vendor/webonyx/graphql-php',
          'vendor/firebase/php-jwt',
        ]);
        if (lost.length) return `missing in the plugin folder: ${lost.join(', ')}`;
        const extra = ['vendor/phpunit', 'vendor/phpstan', 'tests', 'phpstan.neon.dist'].filter((r) => fs.existsSync(path.join(plugin, r)));
        if (extra.length) return `dev files would ship in the image: ${extra.join(', ')}`;
        const res = spawnSync(
          'php',
          [
            '-r',
            `require 'vendor/autoload.php';
        foreach (['CarExport\\\\Plugin', 'GraphQL\\\\GraphQL', 'Firebase\\\\JWT\\\\JWT'] as $c) { if (!class_exists($c)) { fwrite(STDERR, "$c not autoloaded\\n"); exit(1); } }`,
          ],
          { cwd: plugin, encoding: 'utf8' },
        );
        return res.status === 0 ? null : `autoload: ${res.stderr.trim()}`;
      },
    });

    buildStageCheck({
      name: "WordPress image: the core stage of docker/wordpress/Dockerfile in a clean copy unpacks the local stack's WordPress",
      dockerfile: 'docker/wordpress/Dockerfile',
      ignoreFile: 'docker/wordpress/Dockerfile.dockerignore',
      stageName: 'core',
      after: (dir) => {
        const core = path.join(dir, 'wordpress');
        const lost = missing(core, [
          'wp-settings.php',
          'wp-includes/version.php',
          'wp-includes/ID3/getid3.php',
          'wp-includes/js/underscore.min.js',
        ]);
        if (lost.length) return `missing in the unpacked core: ${lost.join(', ')}`;
        const version = fs.readFileSync(path.join(core, 'wp-includes', 'version.php'), 'utf8').match(/\$wp_version = '([^']+)'/)?.[1];
        if (version !== wordpressVersion()) return `the core stage gives WordPress ${version}, the local stack runs ${wordpressVersion()}`;
        // Only the CA bundle stays a link (to the image's own CA store); the library links are files.
        const links = [];
        const walk = (d) => {
          for (const e of fs.readdirSync(d, { withFileTypes: true })) {
            const p = path.join(d, e.name);
            if (e.isSymbolicLink()) links.push(path.relative(core, p));
            else if (e.isDirectory()) walk(p);
          }
        };
        walk(core);
        const odd = links.filter((l) => l !== 'wp-includes/certificates/ca-bundle.crt');
        if (odd.length) return `links left in the core: ${odd.join(', ')}`;
        return fs.existsSync(path.join(core, 'wp-content')) || fs.existsSync(path.join(core, 'wp-config.php'))
          ? "the core brings Debian's wp-content or wp-config.php"
          : null;
      },
    });
  }

  const compose = YAML.parse(read('docker-compose.yml'), { merge: true });
  const composeText = read('docker-compose.yml');
  const envExample = read('.env.example');
  const services = Object.entries(compose?.services ?? {});
  const dockerfileOf = (svc) => parseDockerfile(read(path.posix.join(svc.build.context ?? '.', svc.build.dockerfile ?? 'Dockerfile')));
  const variables = [...composeText.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)([^}]*)\}/g)].map((m) => ({ name: m[1], rest: m[2] }));
  const SECRET = /(PASSWORD|SECRET|SALT|_KEY)$/;

  check('docker-compose.yml parses and has services', () => (services.length ? null : 'no services'));

  check('every ${VAR} in docker-compose.yml is documented in .env.example', () => {
    const undocumented = [...new Set(variables.map((v) => v.name))].filter((n) => !new RegExp(`^#?\\s*${n}=`, 'm').test(envExample));
    return undocumented.length ? `not in .env.example: ${undocumented.join(', ')}` : null;
  });

  check('every secret is required in docker-compose.yml and left empty in .env.example', () => {
    const bad = [];
    for (const v of variables.filter((x) => SECRET.test(x.name))) {
      if (!/^:?\?/.test(v.rest)) bad.push(`\${${v.name}${v.rest}} does not require a value`);
    }
    for (const m of envExample.matchAll(/^([A-Z0-9_]+)=(.*)$/gm)) {
      if (SECRET.test(m[1]) && m[2].trim() !== '') bad.push(`.env.example gives ${m[1]} a value`);
    }
    return bad.length ? bad.join('\n') : null;
  });

  check('every image is an exact tag (services and the Dockerfiles they build)', () => {
    const bad = [];
    for (const [name, svc] of services) {
      if (svc.build) {
        for (const ref of externalImages(dockerfileOf(svc))) if (!pinnedImage(ref)) bad.push(`${name} builds from ${ref}`);
      } else if (!svc.image || !pinnedImage(svc.image)) bad.push(`${name}: image ${svc.image ?? '(none)'}`);
    }
    return bad.length ? `not pinned to an exact version: ${bad.join('; ')}` : null;
  });

  check('every long-running service has a health check; one-shot services are waited for to complete', () => {
    const bad = [];
    const conditions = (target) =>
      services.flatMap(([, s]) => {
        const deps = s.depends_on ?? {};
        return Array.isArray(deps)
          ? deps.filter((d) => d === target).map(() => 'service_started')
          : deps[target]
            ? [deps[target].condition ?? 'service_started']
            : [];
      });
    for (const [name, svc] of services) {
      const healthy = svc.healthcheck
        ? !svc.healthcheck.disable
        : Boolean(svc.build && stageHealthcheck(dockerfileOf(svc), svc.build.target));
      const oneShot = svc.restart === 'no' || svc.restart === false;
      const waits = conditions(name);
      if (oneShot) {
        if (!waits.length) bad.push(`${name} is one-shot but nothing waits for it`);
        if (waits.some((c) => c !== 'service_completed_successfully'))
          bad.push(`dependants of ${name} must wait for service_completed_successfully`);
      } else {
        if (!healthy) bad.push(`${name} has no health check`);
        if (waits.some((c) => c !== 'service_healthy')) bad.push(`dependants of ${name} must wait for service_healthy`);
      }
    }
    return bad.length ? bad.join('\n') : null;
  });

  check('no service mounts files from the checkout (code and dependencies are in the images)', () => {
    const binds = services.flatMap(([name, svc]) =>
      (svc.volumes ?? [])
        .map((v) => (typeof v === 'string' ? v.split(':')[0] : (v.source ?? '')))
        .filter((src) => /^[./~]/.test(src))
        .map((src) => `${name}: ${src}`),
    );
    return binds.length ? binds.join(', ') : null;
  });

  check('the site keeps its outbox (OUTBOX_DIR) on a named volume', () => {
    const site = compose.services.site;
    const dir = site?.environment?.OUTBOX_DIR;
    if (!dir) return 'site has no OUTBOX_DIR';
    const mounted = (site.volumes ?? []).some((v) => (typeof v === 'string' ? v.split(':')[1] === dir : v.target === dir));
    return mounted ? null : `no volume mounted at ${dir}`;
  });

  check('.env never enters an image build context', () => {
    const leaks = ['.dockerignore', 'docker/wordpress/Dockerfile.dockerignore'].filter((f) => !dockerIgnore(read(f))('.env'));
    return leaks.length ? `${leaks.join(', ')} let .env in` : null;
  });

  /** The WordPress image's build: the stages, the rendered templates' NAME=VALUE blanks. */
  const wpStages = parseDockerfile(read('docker/wordpress/Dockerfile'));
  /** The `render.sh TEMPLATE OUTPUT NAME=VALUE...` calls of the wordpress stage, by template file name. */
  const renders = Object.fromEntries(
    (wpStages.find((st) => st.name === 'wordpress')?.instructions ?? [])
      .filter((i) => i.op === 'RUN')
      .flatMap((i) => [...i.args.matchAll(/render\.sh"?\s+"?\S*?\/([\w.-]+)"?\s+(\S+)((?:\s+[A-Z][A-Z0-9_]*=[^\s;]+)+)/g)])
      .map((m) => [
        m[1],
        {
          output: m[2],
          values: Object.fromEntries(
            m[3]
              .trim()
              .split(/\s+/)
              .map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]),
          ),
        },
      ]),
  );
  /** The image's server block as render.sh writes it (run for real on the shared template). */
  function renderedByImage(template) {
    const r = renders[path.basename(template)];
    if (!r) throw new Error(`the wordpress stage does not render ${path.relative(ROOT, template)}`);
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'car-export-render-'));
    try {
      const out = path.join(tmp, 'out.conf');
      const args = Object.entries(r.values).map(([k, v]) => `${k}=${v}`);
      const res = spawnSync('sh', [path.join(ROOT, 'docker', 'wordpress', 'render.sh'), template, out, ...args], { encoding: 'utf8' });
      if (res.status !== 0) throw new Error(`render.sh ${path.basename(template)}: ${res.stderr.trim()}`);
      return { text: fs.readFileSync(out, 'utf8'), ...r };
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }

  check('the WordPress image serves with nginx and php-fpm from the shared templates, rendered as the local stack renders them', () => {
    const bad = [];
    const wordpress = wpStages.find((st) => st.name === 'wordpress');
    const copies = (src) =>
      stageChain(wpStages, 'wordpress').some((st) => st.instructions.some((i) => i.op === 'COPY' && i.args.split(/\s+/).includes(src)));
    for (const template of [NGINX_TEMPLATE, FPM_TEMPLATE]) {
      const rel = path.relative(ROOT, template);
      if (!copies(rel)) {
        bad.push(`the wordpress stage does not copy ${rel}`);
        continue;
      }
      // render.sh must give byte for byte what server-config.mjs's fillTemplate gives the same values.
      const image = renderedByImage(template);
      if (image.text !== fillTemplate(fs.readFileSync(template, 'utf8'), image.values))
        bad.push(`render.sh renders ${rel} unlike fillTemplate`);
    }
    const nginxOut = renders['wordpress.conf']?.output;
    const outer = read('docker/wordpress/nginx.conf');
    const http = outer.match(/^http\s*\{([\s\S]*)^\}/m)?.[1] ?? '';
    const includes = [...http.matchAll(/^\s*include\s+(\S+);/gm)].map((m) => m[1]);
    if (includes[0] !== '/etc/nginx/mime.types' || includes[1] !== nginxOut)
      bad.push(
        `docker/wordpress/nginx.conf's http block must include /etc/nginx/mime.types, then ${nginxOut} (it includes ${includes.join(', ') || 'nothing'})`,
      );
    if (/^\s*server\s*\{/m.test(outer)) bad.push('docker/wordpress/nginx.conf has a server block of its own');
    const fpmOut = renders['pool.conf']?.output ?? '';
    if (!new RegExp(`^include = ${path.posix.dirname(fpmOut)}/\\*\\.conf$`, 'm').test(read('docker/wordpress/php-fpm.conf')))
      bad.push(`docker/wordpress/php-fpm.conf does not include the rendered pool (${fpmOut})`);
    const cleanup = wordpress?.instructions.some(
      (i) => i.op === 'RUN' && /pool\.d\/www\.conf/.test(i.args) && /sites-enabled/.test(i.args) && /\brm\b/.test(i.args),
    );
    if (!cleanup) bad.push("the wordpress stage does not remove Debian's www.conf pool and default site");
    const renderedFpm = renders['pool.conf']?.values ?? {};
    if (renders['wordpress.conf']?.values.FPM_SOCKET !== renderedFpm.FPM_LISTEN)
      bad.push('nginx passes PHP to another socket than the pool listens on');
    return bad.length ? bad.join('\n') : null;
  });

  check('no Apache is left in the images', () => {
    const files = spawnSync('git', ['ls-files', 'docker', 'Dockerfile', 'docker-compose.yml'], { cwd: ROOT, encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean);
    const bad = files.filter((f) => fs.existsSync(path.join(ROOT, f)) && /apache2|a2enmod|httpd|<VirtualHost/i.test(read(f)));
    return bad.length ? `Apache still in: ${bad.join(', ')}` : null;
  });

  check('the WordPress image denies the plugin code folders, dot-files and PHP in uploads over HTTP', () => {
    const isDenied = nginxDenies(renderedByImage(NGINX_TEMPLATE).text);
    const mustDeny = [
      '/wp-content/plugins/car-export/src/Plugin.php',
      '/wp-content/plugins/car-export/vendor/autoload.php',
      '/wp-content/plugins/car-export/composer.json',
      '/wp-content/plugins/car-export/composer.lock',
      '/.env',
      '/.git/config',
      '/wp-content/plugins/car-export/.phpunit.result.cache',
      '/wp-content/uploads/2026/01/shell.php',
    ];
    const mustServe = [
      '/graphql',
      '/wp-json/car-export/v1/favorites',
      '/.well-known/security.txt',
      '/wp-content/plugins/car-export/assets/admin-gallery.js',
      '/wp-content/uploads/2026/01/car.webp',
      '/wp-login.php',
    ];
    const bad = [
      ...mustDeny.filter((u) => !isDenied(u)).map((u) => `${u} is served`),
      ...mustServe.filter(isDenied).map((u) => `${u} is denied`),
    ];
    return bad.length ? bad.join('\n') : null;
  });

  check("the WordPress image's PHP command line has the pool's limits, and the proxy takes the bodies nginx takes", () => {
    const pool = read(path.relative(ROOT, FPM_TEMPLATE));
    const ini = Object.fromEntries([...read('docker/wordpress/php.ini').matchAll(/^(\w+)\s*=\s*(\S+)/gm)].map((m) => [m[1], m[2]]));
    const bad = [];
    for (const key of ['upload_max_filesize', 'post_max_size', 'memory_limit', 'max_execution_time', 'max_input_time']) {
      const fpm = pool.match(new RegExp(`php_admin_value\\[${key}\\] = (\\S+)`))?.[1];
      if (!fpm || ini[key] !== fpm) bad.push(`${key}: pool ${fpm}, docker/wordpress/php.ini ${ini[key]}`);
    }
    const nginxMb = Number(read(path.relative(ROOT, NGINX_TEMPLATE)).match(/client_max_body_size (\d+)m;/)?.[1]);
    const caddyMb = Number(read('docker/caddy/Caddyfile').match(/max_size (\d+)MB/)?.[1]);
    if (!nginxMb || nginxMb !== caddyMb) bad.push(`request body: nginx ${nginxMb} MB, the proxy ${caddyMb} MB`);
    return bad.length ? bad.join('\n') : null;
  });

  // ---------------------------------------------------------------- unattended operation and the edge

  check('only the proxy is published, and only on 80 and 443 (WordPress, the site, the database stay inside)', () => {
    const bad = [];
    for (const [name, svc] of services) {
      for (const p of svc.ports ?? []) {
        const spec = typeof p === 'string' ? p : `${p.published}:${p.target}${p.protocol ? `/${p.protocol}` : ''}`;
        const published = spec.split('/')[0].split(':').slice(-2)[0];
        if (name !== 'proxy' || !['80', '443'].includes(published)) bad.push(`${name} publishes ${spec}`);
      }
      if (svc.network_mode === 'host') bad.push(`${name} uses the host's network`);
    }
    if (!(compose.services.proxy?.ports ?? []).length) bad.push('the proxy publishes nothing');
    return bad.length ? bad.join('\n') : null;
  });

  check('the proxy serves PUBLIC_URL from every site instance and WP_PUBLIC_URL from WordPress, over HTTPS', () => {
    const caddy = read('docker/caddy/Caddyfile');
    const block = (address) => caddy.match(new RegExp(`^\\{\\$${address}\\} \\{\\n([\\s\\S]*?)^\\}`, 'm'))?.[1] ?? '';
    const bad = [];
    const site = block('PUBLIC_URL');
    if (!/dynamic a site 3000/.test(site)) bad.push('PUBLIC_URL does not go to every instance of the site service');
    // Caddy runs no active health checks for dynamic upstreams: a stopping instance must be skipped
    // passively (refused connections) and the request tried on another.
    if (!/lb_try_duration \d+s/.test(site) || !/fail_duration \d+s/.test(site))
      bad.push('a stopping site instance is not skipped (lb_try_duration and fail_duration)');
    if (/health_uri/.test(site)) bad.push('health_uri does nothing for dynamic upstreams');
    if (!/reverse_proxy wordpress:80/.test(block('WP_PUBLIC_URL'))) bad.push('WP_PUBLIC_URL does not go to wordpress:80');
    for (const v of variables.filter((x) => ['PUBLIC_URL', 'WP_PUBLIC_URL'].includes(x.name))) {
      if (!/^:\?/.test(v.rest)) bad.push(`\${${v.name}${v.rest}} has a default (an http://localhost default would go live)`);
    }
    const trust = String(compose.services.site?.environment?.TRUST_PROXY ?? '');
    if (!/^\$\{TRUST_PROXY:-[1-9]\}$/.test(trust)) bad.push(`the site's TRUST_PROXY is ${trust}, not at least 1 for the proxy`);
    return bad.length ? bad.join('\n') : null;
  });

  check('the site and WordPress get the same PURGE_SECRET (WordPress counts visitors by the address the site signs with it)', () => {
    const site = String(compose.services.site?.environment?.PURGE_SECRET ?? '');
    const wordpress = String(compose.services.wordpress?.environment?.CAR_EXPORT_PURGE_SECRET ?? '');
    return /^\$\{PURGE_SECRET:\?/.test(site) && site === wordpress
      ? null
      : `the site has ${site || 'none'}, WordPress ${wordpress || 'none'}`;
  });

  check("every service's log is rotated (json-file with max-size and max-file)", () => {
    const bad = services
      .filter(([, svc]) => !(svc.logging?.driver === 'json-file' && svc.logging.options?.['max-size'] && svc.logging.options?.['max-file']))
      .map(([name]) => name);
    return bad.length ? `not rotated: ${bad.join(', ')}` : null;
  });

  const seconds = (v) => {
    const m = String(v ?? '').match(/^(?:(\d+)m)?(?:(\d+)s)?$/);
    return m && (m[1] || m[2]) ? Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0) : 10;
  };

  check("the site's stop_grace_period outlasts its drain, and its health check is /readyz", () => {
    const site = compose.services.site ?? {};
    const drainMs = Number(
      read('server/lifecycle.mjs')
        .match(/drainMs = ([\d_]+)/)?.[1]
        .replace(/_/g, ''),
    );
    const bad = [];
    if (!(seconds(site.stop_grace_period) * 1000 > drainMs + 5000))
      bad.push(`stop_grace_period ${site.stop_grace_period ?? '10s (default)'} does not outlast the ${drainMs} ms drain with 5 s to spare`);
    if (!JSON.stringify(site.healthcheck?.test ?? '').includes('/readyz')) bad.push('the healthcheck does not ask /readyz');
    return bad.length ? bad.join('\n') : null;
  });

  check("a cron service runs WordPress's due events with WP-CLI, and WP-Cron never runs from requests", () => {
    const bad = [];
    const cron = compose.services.cron;
    if (!cron) return 'no cron service';
    const stage = cron.build?.target;
    const stages = parseDockerfile(read(cron.build?.dockerfile ?? ''));
    const entry = [].concat(cron.entrypoint ?? [])[0];
    const copies = (st) =>
      st?.instructions.some((i) => i.op === 'COPY' && new RegExp(`docker/wordpress/cron\\.sh /usr/local/bin/${entry}$`).test(i.args));
    const chain = [];
    for (let st = stages.find((x) => x.name === stage); st; st = stages.find((x) => x.name === st.from)) chain.push(st);
    if (!chain.some(copies)) bad.push(`the ${stage} image has no ${entry} from docker/wordpress/cron.sh`);
    if (!/wp --path="\$WP_PATH" cron event run --due-now/.test(read('docker/wordpress/cron.sh')))
      bad.push('cron.sh does not run `wp cron event run --due-now`');
    if (!(seconds(cron.stop_grace_period) > 15))
      bad.push('the cron service may be killed inside an SMTP hand-over (stop_grace_period <= 15s)');
    for (const file of ['docker/wordpress/wp-config.env.php', 'scripts/lib/stack.mjs']) {
      const text = read(file);
      if (!/define\( 'DISABLE_WP_CRON', true \);/.test(text)) bad.push(`${file} does not define DISABLE_WP_CRON`);
      if (!/define\( 'CAR_EXPORT_LEAD_MAIL_QUEUE', true \);/.test(text)) bad.push(`${file} does not queue lead mail for the cron runner`);
    }
    return bad.length ? bad.join('\n') : null;
  });

  check('the site image can run `npm run outbox` (the script and what it imports are in the image)', () => {
    const stages = parseDockerfile(read('Dockerfile'));
    const final = stages.at(-1);
    const script = JSON.parse(read('package.json')).scripts.outbox;
    const file = script.match(/^node (\S+)$/)?.[1];
    if (!file) return `npm run outbox is "${script}", not one node script`;
    const copied = final.instructions.some((i) => i.op === 'COPY' && !i.args.includes('--from') && i.args.split(/\s+/).includes(file));
    if (!copied) return `the final stage does not copy ${file}`;
    const relative = [...read(file).matchAll(/from '(\.[^']+)'/g)].map((m) => m[1]);
    return relative.length ? `${file} imports ${relative.join(', ')}, which the image lacks` : null;
  });

  // ---------------------------------------------------------------- the support matrix

  /** Every external image of the deployment: compose's own and those its Dockerfiles pull. */
  const allImages = services.flatMap(([name, svc]) =>
    svc.build ? externalImages(dockerfileOf(svc)).map((ref) => ({ service: name, ref })) : [{ service: name, ref: svc.image ?? '' }],
  );
  const imagesNamed = (name) => [...new Set(allImages.filter((i) => imageVersions(i.ref).name === name).map((i) => i.ref))];
  const nodeVersion = pinnedNodeVersion();
  const nodeMajor = nodeVersion.split('.')[0];

  check(`every Node image is the Node of .node-version (${nodeVersion})`, () => {
    const refs = imagesNamed('node');
    if (!refs.length) return 'no node image found';
    const bad = refs.filter((r) => imageVersions(r).version !== nodeVersion);
    return bad.length ? `not ${nodeVersion}: ${bad.join(', ')}` : null;
  });

  check(`package.json's engines.node and @types/node are on Node ${nodeMajor}, the major of .node-version`, () => {
    const pkg = JSON.parse(read('package.json'));
    const bad = [];
    if (pkg.engines?.node !== `${nodeMajor}.x`) bad.push(`engines.node is ${JSON.stringify(pkg.engines?.node)}, not "${nodeMajor}.x"`);
    const types = pkg.devDependencies?.['@types/node'] ?? '';
    if (types.split('.')[0] !== nodeMajor) bad.push(`@types/node is ${types}`);
    return bad.length ? bad.join('\n') : null;
  });

  // The matrix the local stack runs (versions.mjs reads it from runtime/packages and wordpress/core/packages).
  const { PHP, MARIADB_RELEASE, VALKEY_RELEASE } = versions;
  check('scripts/lib/versions.mjs names the PHP, MariaDB and Valkey releases of the Debian 13 runtime', () => {
    const absent = Object.entries({ PHP, MARIADB_RELEASE, VALKEY_RELEASE }).filter(([, v]) => typeof v !== 'string' || !v);
    return absent.length ? `not exported: ${absent.map(([k]) => k).join(', ')}` : null;
  });

  /** The runtime/packages lines, as the `name=version` words apt is given. */
  const pinnedLines = runtimePackages().map((p) => `${p.name}=${p.version}`);
  /** What each Debian-built service's image installs through docker/apt-pinned.sh. */
  const installs = Object.fromEntries(
    services
      .filter(([, svc]) => svc.build && fs.existsSync(path.join(ROOT, svc.build.context ?? '.', svc.build.dockerfile ?? 'Dockerfile')))
      .map(([name, svc]) => [name, { stages: dockerfileOf(svc), names: aptPinnedNames(dockerfileOf(svc)) }])
      .filter(([, v]) => v.names.length),
  );
  const wanted = {
    wordpress: [`php${PHP}-fpm`, `php${PHP}-cli`, 'nginx', 'ca-certificates', 'composer'],
    db: ['mariadb-server', 'mariadb-client'],
    redis: ['valkey-server'],
  };

  check("every Debian server package of the images is a line of runtime/packages, as written (the local stack's)", () => {
    const bad = [];
    for (const [service, names] of Object.entries(wanted)) {
      const got = installs[service]?.names ?? [];
      const lacking = names.filter((n) => !got.includes(n));
      if (lacking.length) bad.push(`${service} does not install ${lacking.join(', ')} through docker/apt-pinned.sh`);
    }
    // Every PHP extension the local stack has, the WordPress image has.
    const ext = runtimePackages()
      .filter((p) => p.name.startsWith(`php${PHP}-`))
      .map((p) => p.name);
    const wpLacks = ext.filter((n) => !(installs.wordpress?.names ?? []).includes(n));
    if (wpLacks.length) bad.push(`wordpress lacks ${wpLacks.join(', ')}`);
    for (const [service, { stages, names }] of Object.entries(installs)) {
      // apt-pinned.sh itself turns the names into name=version from the copied runtime/packages.
      const words = aptPinnedWords(names);
      const notLines = words.filter((w) => !pinnedLines.includes(w));
      if (notLines.length) bad.push(`${service}: ${notLines.join(', ')} is not a line of runtime/packages`);
      const copiesList = stages.some((st) =>
        st.instructions.some((i) => i.op === 'COPY' && /(^|\s)runtime\/packages\s/.test(i.args) && /docker\/apt-pinned\.sh\s/.test(i.args)),
      );
      if (!copiesList) bad.push(`${service}: runtime/packages is not copied beside apt-pinned.sh`);
      const loose = stages.flatMap((st) =>
        st.instructions.filter((i) => i.op === 'RUN' && /apt-get\s+install/.test(i.args)).map((i) => i.args),
      );
      const serverLoose = loose.filter((cmd) =>
        runtimePackages().some((p) => new RegExp(`(^|\\s)${p.name.replace(/[.+]/g, '\\$&')}(=|\\s|$)`).test(cmd)),
      );
      if (serverLoose.length) bad.push(`${service} installs a runtime package outside apt-pinned.sh: ${serverLoose.join('; ')}`);
    }
    return bad.length ? bad.join('\n') : null;
  });

  check(`the WordPress image runs PHP ${PHP} with WordPress ${wordpressVersion()}, the local stack's core`, () => {
    const bad = [];
    const text = read('docker/wordpress/Dockerfile') + read('docker/wordpress/entrypoint.sh') + read('docker/wordpress/php-fpm.conf');
    const branches = [...new Set([...text.matchAll(/(?:php|php-fpm|\/etc\/php\/)(\d+\.\d+)/g)].map((m) => m[1]))];
    if (branches.join() !== PHP) bad.push(`the WordPress image names PHP ${branches.join(', ')}; the local stack runs ${PHP}`);
    // WP-CLI's archive comes from the official CLI image built for the same PHP branch.
    for (const ref of imagesNamed('wordpress')) {
      if (imageVersions(ref).php !== PHP) bad.push(`${ref}: built for PHP ${imageVersions(ref).php ?? 'unnamed'}, the image runs ${PHP}`);
    }
    // The served core is the one the tests run: the `wordpress` stage takes it from the stage that
    // unpacks wordpress/core/packages (run for real above), and nothing else writes core.
    const coreStage = wpStages.find((st) => st.instructions.some((i) => i.op === 'COPY' && /^wordpress\/core\/?\s/.test(i.args)));
    const served = wpStages.find((st) => st.name === 'wordpress');
    if (!coreStage || !coreStage.instructions.some((i) => i.op === 'RUN' && /\binstall\.sh\b/.test(i.args))) {
      bad.push('no stage copies wordpress/core/ and runs its install.sh');
    } else if (
      !served?.instructions.some(
        (i) => i.op === 'COPY' && i.args.includes(`--from=${coreStage.name} `) && / \/usr\/src\/wordpress\/?$/.test(i.args),
      )
    ) {
      bad.push(`the wordpress stage does not copy its core from the ${coreStage.name} stage into /usr/src/wordpress`);
    }
    return bad.length ? bad.join('\n') : null;
  });

  for (const [service, pkg, release] of [
    ['db', 'mariadb-server', MARIADB_RELEASE],
    ['redis', 'valkey-server', VALKEY_RELEASE],
  ]) {
    check(`the ${service} image runs ${pkg} ${release}, the local stack's release`, () => {
      if (!installs[service]) return `${service} is not built with docker/apt-pinned.sh`;
      const word = aptPinnedWords([pkg])[0];
      const got = upstreamVersion(word.slice(word.indexOf('=') + 1));
      return got === release ? null : `${service} installs ${word} (${got}), the local stack runs ${release}`;
    });
  }

  check('every image built on Debian starts from the same pinned Debian base', () => {
    const bases = [
      ...new Set(
        Object.values(installs).flatMap(({ stages }) => {
          const names = new Set(stages.map((st) => st.name));
          return stages.map((st) => st.from).filter((f) => !names.has(f) && imageVersions(f).name === 'debian');
        }),
      ),
    ];
    return bases.length === 1 ? null : `Debian bases: ${bases.join(', ') || 'none'}`;
  });

  check("README's Supported versions table names every version of the matrix and every image tag", () => {
    const readme = read('README.md');
    const section = readme.match(/^## Supported versions\n([\s\S]*?)(?=^## )/m)?.[1];
    if (!section) return 'README.md has no "## Supported versions" section';
    const release = (name) => upstreamVersion(runtimePackages().find((p) => p.name === name)?.version ?? '');
    const wantedText = [
      nodeVersion,
      wordpressVersion(),
      wordpressDebianVersion(),
      release(`php${PHP}-fpm`),
      release('nginx'),
      MARIADB_RELEASE,
      VALKEY_RELEASE,
      ...new Set(allImages.map((i) => i.ref).filter((r) => ['node', 'wordpress', 'debian'].includes(imageVersions(r).name))),
    ];
    const absent = wantedText.filter((w) => !w || !section.includes(w));
    return absent.length ? `not in the table: ${absent.join(', ')}` : null;
  });

  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  process.stdout.write(`docker checks: ${passed} passed, ${failed} failed\n`);
  const jsonAt = process.argv.indexOf('--json');
  if (jsonAt > 0) fs.writeFileSync(process.argv[jsonAt + 1], JSON.stringify({ passed, failed, skipped: 0 }));
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
