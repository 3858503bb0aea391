// The support matrix's readers: the WordPress release inside a Debian version, the versions an image
// tag names, and the version a server reports. scripts/docker-check.mjs and the local stack's start
// decide with these whether the images and the machine run what the tests run.
import { describe, expect, it } from 'vitest';
import {
  branchOf,
  corePackages,
  imageVersions,
  parseCorePackages,
  reportedVersion,
  upstreamVersion,
  wordpressVersion,
} from '../../scripts/lib/versions.mjs';

describe('upstreamVersion', () => {
  it('drops the epoch, the Debian revision and the repack mark', () => {
    expect(upstreamVersion('6.8.12+dfsg1-0+deb13u1')).toBe('6.8.12');
    expect(upstreamVersion('6.1.9+dfsg1-0+deb12u1')).toBe('6.1.9');
    expect(upstreamVersion('1:10.11.19-0+deb12u1')).toBe('10.11.19');
    expect(upstreamVersion('5:7.0.15-1~deb12u10')).toBe('7.0.15');
    expect(upstreamVersion('1.13.4~dfsg+~1.11.4-3')).toBe('1.13.4~dfsg+~1.11.4');
  });
});

describe('wordpress/core/packages', () => {
  it('pins WordPress 6.8 and one exact version of every package', () => {
    expect(branchOf(wordpressVersion())).toBe('6.8');
    for (const p of corePackages()) expect(p.version).toMatch(/^\d[\w.+~:-]*-[\w.+~]+$/);
  });

  it('refuses a line that is not "name version"', () => {
    expect(parseCorePackages('# comment\nwordpress 6.8.12+dfsg1-0+deb13u1 # trailing\n\n')).toEqual([
      { name: 'wordpress', version: '6.8.12+dfsg1-0+deb13u1' },
    ]);
    expect(() => parseCorePackages('wordpress')).toThrow(/not "name version"/);
    expect(() => parseCorePackages('wordpress >= 6.8')).toThrow(/not "name version"/);
  });
});

describe('imageVersions', () => {
  it('reads the version and the PHP branch an image tag names', () => {
    expect(imageVersions('wordpress:6.8.3-php8.2-apache')).toEqual({ name: 'wordpress', version: '6.8.3', php: '8.2' });
    expect(imageVersions('wordpress:cli-2.12.0-php8.2')).toEqual({ name: 'wordpress', version: '2.12.0', php: '8.2' });
    expect(imageVersions('node:24.21.0-trixie-slim')).toEqual({ name: 'node', version: '24.21.0', php: null });
    expect(imageVersions('docker.io/library/redis:7.0.15-alpine')).toEqual({ name: 'redis', version: '7.0.15', php: null });
    expect(imageVersions('mariadb:10.11.19@sha256:' + 'a'.repeat(64))).toEqual({ name: 'mariadb', version: '10.11.19', php: null });
    expect(imageVersions('registry.local:5000/mariadb')).toEqual({ name: 'registry.local:5000/mariadb', version: null, php: null });
    expect(imageVersions('wordpress:php8.2-apache')).toEqual({ name: 'wordpress', version: null, php: '8.2' });
  });
});

describe('reportedVersion', () => {
  it("reads the servers' own --version lines", () => {
    expect(reportedVersion('/usr/sbin/mariadbd  Ver 10.11.19-MariaDB-0+deb12u1 for debian-linux-gnu on x86_64 (Debian 12)')).toBe(
      '10.11.19',
    );
    expect(reportedVersion('Redis server v=7.0.15 sha=00000000:0 malloc=jemalloc-5.3.0 bits=64 build=1')).toBe('7.0.15');
    expect(reportedVersion('PHP 8.2.36 (fpm-fcgi) (built: Oct  1 2026 10:00:00)')).toBe('8.2.36');
    expect(reportedVersion('something else')).toBeNull();
  });
});
