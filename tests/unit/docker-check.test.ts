// The readers scripts/docker-check.mjs judges the Docker images with: which image references are
// exact, which packages a Dockerfile installs through docker/apt-pinned.sh, and which URLs nginx
// refuses; and the image's template filler, which must follow the local stack's rules.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { aptPinnedNames, nginxDenies, parseDockerfile, pinnedImage } from '../../scripts/docker-check.mjs';
import { nginxServerConfig } from '../../scripts/lib/server-config.mjs';

const ROOT = path.resolve(__dirname, '../..');

describe('pinnedImage', () => {
  it("takes a digest, an x.y.z tag or a dated snapshot such as Debian's", () => {
    expect(pinnedImage('debian:trixie-20261123-slim')).toBe(true);
    expect(pinnedImage('node:24.21.0-trixie-slim')).toBe(true);
    expect(pinnedImage(`debian@sha256:${'a'.repeat(64)}`)).toBe(true);
  });

  it('refuses tags that move: a release name, a major, latest, a date that is not one', () => {
    for (const ref of [
      'debian:trixie-slim',
      'debian:13-slim',
      'debian:latest',
      'debian',
      'debian:trixie-20261399-slim',
      'debian:trixie-2026-slim',
    ]) {
      expect(pinnedImage(ref), ref).toBe(false);
    }
  });
});

describe('aptPinnedNames', () => {
  it('reads the package names of every apt-pinned.sh line, continuation lines included', () => {
    const stages = parseDockerfile(
      [
        'FROM debian:trixie-20261123-slim AS base',
        'RUN sh /opt/pinned/apt-pinned.sh /opt/pinned \\',
        '    php8.4-fpm php8.4-cli \\',
        '    nginx',
        'FROM base AS db',
        'RUN set -eux; sh /opt/pinned/apt-pinned.sh /opt/pinned mariadb-server mariadb-client; rm -rf /var/lib/mysql',
        'RUN apt-get install -y curl',
      ].join('\n'),
    );
    expect(aptPinnedNames(stages)).toEqual(['php8.4-fpm', 'php8.4-cli', 'nginx', 'mariadb-server', 'mariadb-client']);
  });

  it("gives each of the repository's server images its runtime/packages lines", () => {
    const names = (file: string) => aptPinnedNames(parseDockerfile(fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(names('docker/wordpress/Dockerfile')).toEqual(expect.arrayContaining(['php8.4-fpm', 'nginx', 'composer', 'ca-certificates']));
    expect(names('docker/mariadb/Dockerfile')).toEqual(['mariadb-server', 'mariadb-client']);
    expect(names('docker/valkey/Dockerfile')).toEqual(['valkey-server']);
    const printed = spawnSync('sh', [
      path.join(ROOT, 'docker/apt-pinned.sh'),
      '--print',
      path.join(ROOT, 'runtime'),
      'mariadb-server',
      'nope',
    ]);
    expect(printed.status).toBe(1);
    expect(printed.stderr.toString()).toContain('runtime/packages pins no package nope');
  });
});

describe('nginxDenies on the shared server block', () => {
  const denied = nginxDenies(nginxServerConfig({ listen: '80', root: '/usr/src/wordpress', fpmSocket: '/run/php/car-export.sock' }));

  it("refuses the plugin's code and Composer files, dot-files and PHP in uploads", () => {
    for (const uri of [
      '/wp-content/plugins/car-export/src/Plugin.php',
      '/wp-content/plugins/car-export/vendor/autoload.php',
      '/wp-content/plugins/car-export/composer.json',
      '/wp-content/plugins/car-export/composer.lock',
      '/.git/config',
      '/wp-content/uploads/2026/01/SHELL.PHP',
    ]) {
      expect(denied(uri), uri).toBe(true);
    }
  });

  it('serves pages, the API, media and /.well-known/', () => {
    for (const uri of ['/graphql', '/wp-login.php', '/.well-known/security.txt', '/wp-content/uploads/2026/01/car.webp']) {
      expect(denied(uri), uri).toBe(false);
    }
  });

  it("takes nginx's order: an exact location first, then the first matching regular expression", () => {
    const conf = [
      'location ~ \\.php$ { fastcgi_pass x; }',
      'location ~ ^/private/ { deny all; }',
      'location = /open.php { try_files $uri =404; }',
      'location = /closed { deny all; }',
    ].join('\n');
    const deny = nginxDenies(conf);
    expect(deny('/private/a.php')).toBe(false);
    expect(deny('/private/a.txt')).toBe(true);
    expect(deny('/closed')).toBe(true);
    expect(deny('/open.php')).toBe(false);
  });
});

describe('docker/wordpress/render.sh', () => {
  const render = (...values: string[]) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-test-'));
    const template = path.join(dir, 'in.conf');
    fs.writeFileSync(template, 'listen ${WP_LISTEN};\nroot ${WP_ROOT};\nset $x $uri;\n');
    const res = spawnSync('sh', [path.join(ROOT, 'docker/wordpress/render.sh'), template, path.join(dir, 'out.conf'), ...values], {
      encoding: 'utf8',
    });
    const out = fs.existsSync(path.join(dir, 'out.conf')) ? fs.readFileSync(path.join(dir, 'out.conf'), 'utf8') : null;
    fs.rmSync(dir, { recursive: true, force: true });
    return { status: res.status, stderr: res.stderr, out };
  };

  it("fills every blank and leaves nginx's own variables", () => {
    expect(render('WP_LISTEN=80', 'WP_ROOT=/usr/src/wordpress')).toEqual({
      status: 0,
      stderr: '',
      out: 'listen 80;\nroot /usr/src/wordpress;\nset $x $uri;\n',
    });
  });

  it('refuses a blank left empty and a value no blank asks for, and writes nothing', () => {
    const missing = render('WP_LISTEN=80');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('no value for ${WP_ROOT}');
    expect(missing.out).toBeNull();
    const extra = render('WP_LISTEN=80', 'WP_ROOT=/srv', 'FPM_USER=www-data');
    expect(extra.status).toBe(1);
    expect(extra.stderr).toContain('no blank for FPM_USER');
    expect(extra.out).toBeNull();
  });
});
