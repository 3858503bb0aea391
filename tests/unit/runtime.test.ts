// The local stack's runtime and the server configuration it shares with the WordPress image: the
// pinned package list both install, and the templates whose blanks each side fills in. A mistake here
// means the tests prove one stack while the images ship another.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePackageList, phpBranch, runtimePackages, RUNTIME_COMMANDS } from '../../scripts/lib/runtime.mjs';
import { fillTemplate, fpmPoolConfig, nginxServerConfig } from '../../scripts/lib/server-config.mjs';
import { MARIADB, MARIADB_RELEASE, PHP, VALKEY_RELEASE, upstreamVersion } from '../../scripts/lib/versions.mjs';

describe('runtime/packages', () => {
  it('pins one exact Debian 13 version of every package, servers and PHP included', () => {
    const pkgs = runtimePackages();
    const names = pkgs.map((p) => p.name);
    for (const need of [
      `php${PHP}-fpm`,
      `php${PHP}-cli`,
      `php${PHP}-mysql`,
      'nginx',
      'mariadb-server',
      'mariadb-client',
      'valkey-server',
      'composer',
    ])
      expect(names).toContain(need);
    expect(new Set(names).size).toBe(names.length);
    // One exact Debian version (epoch, upstream, revision), never a range or a suite name.
    for (const p of pkgs) expect(p.version, p.name).toMatch(/^(\d+:)?\d[\w.+~-]*$/);
  });

  it('gives the support matrix its PHP, MariaDB and Valkey releases', () => {
    expect(PHP).toBe(phpBranch());
    expect(PHP).toMatch(/^8\.4$/);
    expect(MARIADB_RELEASE).toBe(upstreamVersion(runtimePackages().find((p) => p.name === 'mariadb-server')!.version));
    expect(MARIADB).toBe('11.8');
    expect(VALKEY_RELEASE).toMatch(/^8\.1\.\d+$/);
  });

  it('refuses a line that is not "name version"', () => {
    expect(() => parsePackageList('nginx', 'x')).toThrow(/x: "nginx" is not "name version"/);
    expect(() => parsePackageList('nginx >= 1.26', 'x')).toThrow(/not "name version"/);
    expect(parsePackageList('# c\nnginx 1.26.3-3 # trailing\n\n')).toEqual([{ name: 'nginx', version: '1.26.3-3' }]);
  });

  it('offers every command the scripts and tests call by name', () => {
    const called = ['php', 'composer', 'mariadb', 'mariadb-dump', 'mariadb-install-db', 'mariadbd', 'nginx', 'valkey-server'];
    for (const c of called) expect(RUNTIME_COMMANDS).toContain(c);
  });
});

describe('the shared server configuration', () => {
  it('fills every blank and refuses a missing or an unasked value', () => {
    expect(fillTemplate('listen ${A}; root ${B}; $uri', { A: '80', B: '/srv' })).toBe('listen 80; root /srv; $uri');
    expect(() => fillTemplate('listen ${A};', {})).toThrow(/no value for \$\{A\}/);
    expect(() => fillTemplate('listen ${A};', { A: '80', C: 'x' })).toThrow(/no blank for C/);
  });

  it('renders the nginx server block for the local stack with no blank left and nginx variables kept', () => {
    const conf = nginxServerConfig({ listen: '127.0.0.1:8080', root: '/w/.local/wordpress', fpmSocket: '/w/.local/run/php-fpm.sock' });
    expect(conf).toContain('listen 127.0.0.1:8080;');
    expect(conf).toContain('root /w/.local/wordpress;');
    expect(conf).toContain('fastcgi_pass unix:/w/.local/run/php-fpm.sock;');
    expect(conf).toContain('try_files $uri $uri/ /index.php?$args;');
    expect(conf).not.toMatch(/\$\{[A-Z_]+\}/);
    // The plugin's code folders and uploaded PHP stay closed over HTTP on every side.
    expect(conf).toMatch(/plugins\/car-export\/\(vendor\|src\|tests/);
    expect(conf).toMatch(/uploads\/\.\*\\\.php\$ \{ deny all; \}/);
  });

  it('renders the php-fpm pool with the limits of both sides', () => {
    const pool = fpmPoolConfig({ user: 'www-data', listen: '/run/php/car-export.sock', errorLog: '/proc/self/fd/2' });
    expect(pool).toContain('user = www-data');
    expect(pool).toContain('listen = /run/php/car-export.sock');
    expect(pool).toContain('php_admin_value[upload_max_filesize] = 64M');
    expect(pool).toContain('pm = static');
    expect(pool).not.toMatch(/\$\{[A-Z_]+\}/);
  });

  it('is one file per server, not copied into the stack or the images', () => {
    const stack = fs.readFileSync(path.join(__dirname, '../../scripts/lib/stack.mjs'), 'utf8');
    expect(stack).not.toMatch(/try_files \$uri/);
    expect(stack).not.toMatch(/pm\.max_children/);
  });
});
