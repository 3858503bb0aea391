// The project's Composer locks: the public form they must be committed in, and how a machine that
// reaches only a copy of the PHP registry (this workplace's machines) installs them all the same.
// Only Node built-ins: this runs before `npm ci` on a fresh clone.
//
// Public form, as the public registry writes it for a package hosted on GitHub: the dist is the code
// host's archive of the tagged commit and the source its git repository, both naming that commit as
// "reference". Any machine with the internet installs such a lock (the Docker build does); a lock
// whose dist points at a private mirror path installs only where that mirror answers.

/** Hosts whose archive of a commit a public lock may download. */
const PUBLIC_DIST_HOSTS = new Set(['api.github.com', 'codeload.github.com', 'github.com', 'gitlab.com', 'bitbucket.org']);
/** Hosts whose git repositories a public lock may name as the source. */
const PUBLIC_SOURCE_HOSTS = new Set(['github.com', 'gitlab.com', 'bitbucket.org']);
const COMMIT = /^[0-9a-f]{40}$/;

/** Every package of a lock, runtime and dev. @param {any} lock */
export const entries = (lock) => [...(lock.packages ?? []), ...(lock['packages-dev'] ?? [])];

/**
 * A reference a public lock may give: the release commit, or, where that commit could not be read,
 * the release tag itself (the package's version, with or without a leading "v"). A branch or any
 * other name is refused: it moves.
 * @param {unknown} ref @param {string} version
 */
export function pinsRelease(ref, version) {
  if (typeof ref !== 'string') return false;
  const bare = version.replace(/^v/, '');
  return COMMIT.test(ref) || ref === bare || ref === `v${bare}`;
}

/**
 * The entries pinned by their release tag rather than by its commit (a tag can in principle be
 * moved; README: "Refreshing the Composer locks" says how to replace each by its commit).
 * @param {any} lock
 * @returns {string[]}
 */
export function tagPinned(lock) {
  return entries(lock)
    .filter((p) => p.source && !COMMIT.test(p.source.reference ?? '') && pinsRelease(p.source.reference, p.version))
    .map((p) => `${p.name} ${p.version}`);
}

/** @param {unknown} url @param {Set<string>} hosts */
function onHost(url, hosts) {
  if (typeof url !== 'string') return false;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && hosts.has(u.hostname) && !u.username && !u.password;
  } catch {
    return false;
  }
}

/**
 * Every way a lock falls short of the public form, one line per problem (empty when it is fine).
 * @param {any} lock a parsed composer.lock
 * @returns {string[]}
 */
export function lockProblems(lock) {
  const problems = [];
  for (const pkg of entries(lock)) {
    const name = `${pkg.name} ${pkg.version}`;
    const source = pkg.source;
    const dist = pkg.dist;
    if (!source || !pinsRelease(source.reference, pkg.version)) problems.push(`${name}: no source at the release's commit or tag`);
    else if (!onHost(source.url, PUBLIC_SOURCE_HOSTS)) problems.push(`${name}: source ${source.url} is not a public repository`);
    if (!dist) {
      problems.push(`${name}: no dist`);
      continue;
    }
    if (!onHost(dist.url, PUBLIC_DIST_HOSTS)) problems.push(`${name}: dist ${dist.url} is not a public code host's archive`);
    if (!pinsRelease(dist.reference, pkg.version)) problems.push(`${name}: dist names neither the release's commit nor its tag`);
    else if (pinsRelease(source?.reference, pkg.version) && dist.reference !== source.reference)
      problems.push(`${name}: dist and source name different references`);
    else if (!String(dist.url).endsWith(`/${dist.reference}`))
      problems.push(`${name}: dist ${dist.url} is not the archive of ${dist.reference}`);
  }
  return problems;
}

/**
 * A lock entry in public form for a package hosted on GitHub: the archive and the repository of one
 * commit (or of the release tag, where its commit could not be read). The archive's checksum is left empty, as the public registry leaves it for code-host
 * archives (they are made on request; the commit is what pins the content).
 * @param {any} pkg @param {{ repo: string, commit?: string, tag?: string }} at
 */
export function publicEntry(pkg, { repo, commit, tag }) {
  if (!/^[\w.-]+\/[\w.-]+$/.test(repo)) throw new Error(`${pkg.name}: "${repo}" is not OWNER/NAME`);
  const ref = commit ?? tag;
  if (commit !== undefined ? !COMMIT.test(commit) : !pinsRelease(tag, pkg.version))
    throw new Error(`${pkg.name}: "${ref}" is neither a commit nor the tag of ${pkg.version}`);
  // Composer's own key order: name, version, source, dist, then the rest.
  const { name, version, source: _source, dist: _dist, ...rest } = pkg;
  return {
    name,
    version,
    source: { type: 'git', url: `https://github.com/${repo}.git`, reference: ref },
    dist: { type: 'zip', url: `https://api.github.com/repos/${repo}/zipball/${ref}`, reference: ref, shasum: '' },
    ...rest,
  };
}

/**
 * Expands the registry's minified version lists (Composer 2's metadata format: each version lists
 * only what differs from the one before; "__unset" removes a key).
 * @param {any[]} versions @param {string | undefined} minified
 */
export function expandVersions(versions, minified) {
  if (minified !== 'composer/2.0') return versions;
  const out = [];
  let last = {};
  for (const v of versions) {
    const next = { ...last };
    for (const [k, val] of Object.entries(v)) {
      if (val === '__unset') delete next[k];
      else next[k] = val;
    }
    out.push(next);
    last = next;
  }
  return out;
}

/**
 * The same lock for a machine that reaches the PHP registry only through a copy of it: each package
 * at the very same version, downloaded from the copy (its archive and checksum from the copy's own
 * metadata), still naming the public commit. `metadataOf(name)` returns the copy's version list.
 * @param {any} lock @param {(name: string) => Promise<any[]>} metadataOf
 */
export async function lockForRegistryCopy(lock, metadataOf) {
  const map = async (list = []) =>
    Promise.all(
      list.map(async (pkg) => {
        const found = (await metadataOf(pkg.name)).find((v) => v.version === pkg.version);
        if (!found?.dist?.url) throw new Error(`${pkg.name} ${pkg.version} is not in this machine's PHP registry`);
        return {
          ...pkg,
          dist: { type: found.dist.type, url: found.dist.url, reference: pkg.dist?.reference ?? null, shasum: found.dist.shasum ?? '' },
        };
      }),
    );
  return { ...lock, packages: await map(lock.packages), 'packages-dev': await map(lock['packages-dev']) };
}
