// The support matrix: the versions the local stack runs, so the ones every test runs on, and the
// ones the Docker images must pin. Each is written in one place: Node in .node-version, WordPress in
// wordpress/core/packages, and PHP, MariaDB and Valkey (the shared cache) in runtime/packages, Debian
// 13 packages at exact versions, which the local stack's runtime (runtime.mjs) and the images install.
// scripts/docker-check.mjs holds the images and the README's table to this file. Only Node
// built-ins: read before `npm ci`.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './config.mjs';
import { parsePackageList, phpBranch, runtimeVersion } from './runtime.mjs';

export { pinnedNodeVersion } from './node-runtime.mjs';

/** "10.11.19" → "10.11". */
export const branchOf = (version) => version.split('.').slice(0, 2).join('.');

/** PHP branch of the pinned php*-fpm package: php-fpm and the CLI (WP-CLI, Composer, PHPUnit). */
export const PHP = phpBranch();
/** MariaDB release of the pinned mariadb-server, e.g. "11.8.9". */
export const MARIADB_RELEASE = upstreamVersion(runtimeVersion('mariadb-server'));
export const MARIADB = branchOf(MARIADB_RELEASE);
/** Valkey release of the pinned valkey-server (the site's shared cache, Redis protocol). */
export const VALKEY_RELEASE = upstreamVersion(runtimeVersion('valkey-server'));
export const VALKEY = branchOf(VALKEY_RELEASE);

/** The Debian packages of WordPress core, their sources and the script that unpacks them. */
export const WORDPRESS_CORE_DIR = path.join(ROOT, 'wordpress', 'core');

/** The "name version" lines of wordpress/core/packages. */
export const parseCorePackages = (text) => parsePackageList(text, 'wordpress/core/packages');

export const corePackages = () => parseCorePackages(fs.readFileSync(path.join(WORDPRESS_CORE_DIR, 'packages'), 'utf8'));

/**
 * The upstream release inside a Debian version: no epoch ("1:"), no Debian revision (after the last
 * "-") and no repack mark (Debian's "+dfsg1", "~dfsg" for a tarball with non-free parts taken out).
 * "6.8.12+dfsg1-0+deb13u1" → "6.8.12".
 * @param {string} debianVersion
 */
export function upstreamVersion(debianVersion) {
  const noEpoch = debianVersion.replace(/^\d+:/, '');
  const upstream = noEpoch.includes('-') ? noEpoch.slice(0, noEpoch.lastIndexOf('-')) : noEpoch;
  return upstream.replace(/[+~](dfsg|ds)\d*$/, '');
}

/** The Debian version of the wordpress package that wordpress/core/packages pins. */
export function wordpressDebianVersion() {
  const wp = corePackages().find((p) => p.name === 'wordpress');
  if (!wp) throw new Error('wordpress/core/packages does not list the wordpress package');
  return wp.version;
}

/** The WordPress release the local stack and the images run, e.g. "6.8.12". */
export const wordpressVersion = () => upstreamVersion(wordpressDebianVersion());

/**
 * What an image tag says about the software in it: the leading x.y.z (or x.y) version and, for the
 * PHP images (wordpress:6.8.3-php8.2-apache, wordpress:cli-2.12.0-php8.2), the PHP branch.
 * @param {string} ref e.g. "mariadb:10.11.19", "node:24.21.0-trixie-slim"
 * @returns {{ name: string, version: string | null, php: string | null }}
 */
export function imageVersions(ref) {
  const at = ref.replace(/@sha256:[0-9a-f]+$/, '');
  const colon = at.lastIndexOf(':');
  const slash = at.lastIndexOf('/');
  const name = colon > slash ? at.slice(0, colon) : at;
  const tag = colon > slash ? at.slice(colon + 1) : '';
  const version = tag.match(/^(?:cli-)?(\d+\.\d+(?:\.\d+)?)(?=$|-)/)?.[1] ?? null;
  const php = tag.match(/(?:^|-)php(\d+\.\d+)(?=$|-)/)?.[1] ?? null;
  return { name: name.replace(/^(docker\.io\/)?(library\/)?/, ''), version, php };
}

/**
 * The version a server program reports (`mariadbd --version`, `redis-server --version`,
 * `php-fpm8.2 --version`), or null when none is found.
 * @param {string} output
 */
export const reportedVersion = (output) => output.match(/(?:Ver |v=|PHP )(\d+\.\d+\.\d+)/)?.[1] ?? null;
