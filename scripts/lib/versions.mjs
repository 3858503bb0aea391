// The support matrix: the versions the local stack runs, so the ones every test runs on, and the
// ones the Docker images must pin. Each is written in one place: Node in .node-version, WordPress in
// wordpress/core/packages, and PHP, MariaDB and Redis below, as the branches Debian 12 ships (what
// `npm start` installs; a Debian stable release keeps its branches, with security fixes only).
// The local stack refuses to start on other branches (install.mjs) and scripts/docker-check.mjs
// holds the images and the README's table to this file. Only Node built-ins: read before `npm ci`.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './config.mjs';

export { pinnedNodeVersion } from './node-runtime.mjs';

/** PHP branch of Debian 12's php8.2-* packages: php-fpm and the CLI (WP-CLI, Composer, PHPUnit). */
export const PHP = '8.2';
/** MariaDB branch of Debian 12's mariadb-server. */
export const MARIADB = '10.11';
/** Redis branch of Debian 12's redis-server (the site's shared cache). */
export const REDIS = '7.0';

/** The Debian packages of WordPress core, their sources and the script that unpacks them. */
export const WORDPRESS_CORE_DIR = path.join(ROOT, 'wordpress', 'core');

/**
 * The "name version" lines of wordpress/core/packages.
 * @param {string} text
 * @returns {Array<{ name: string, version: string }>}
 */
export function parseCorePackages(text) {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/#.*/, '').trim())
    .filter(Boolean)
    .map((l) => {
      const words = l.split(/\s+/);
      if (words.length !== 2) throw new Error(`wordpress/core/packages: "${l}" is not "name version"`);
      return { name: words[0], version: words[1] };
    });
}

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

/** "10.11.19" → "10.11". */
export const branchOf = (version) => version.split('.').slice(0, 2).join('.');

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
