// Where everything of the local stack lives and which ports it uses. Only Node built-ins here:
// this runs before `npm ci` on a fresh clone.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const LOCAL = path.join(ROOT, '.local');

// The commands of the local stack's Debian 13 runtime (php, composer, mariadb, ...: see runtime.mjs)
// come first on PATH for this process and every program it starts, so the scripts, the tests, the
// benches and tools such as PHPUnit (`#!/usr/bin/env php`) all run the pinned PHP and MariaDB, never
// whatever the machine has.
const runtimeBin = path.join(LOCAL, 'bin');
if (!(process.env.PATH ?? '').split(path.delimiter).includes(runtimeBin)) {
  process.env.PATH = [runtimeBin, process.env.PATH].filter(Boolean).join(path.delimiter);
}

const port = (name, fallback) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 65535) {
    throw new Error(`${name} must be a port number, got "${raw}"`);
  }
  return n;
};

export const config = {
  dbPort: port('DB_PORT', 3307),
  wpPort: port('WP_PORT', 8080),
  sitePort: port('PORT', 3000),
  smtpSinkPort: port('SMTP_SINK_PORT', 2525),
  // The private Redis of `npm start -- --redis` and `npm test`; not 6379, so a machine's own Redis
  // is never used by mistake.
  redisPort: port('REDIS_PORT', 6390),
  // An external WordPress (with the plugin) replaces the whole local back end.
  externalWordPress: process.env.WORDPRESS_URL ? process.env.WORDPRESS_URL.replace(/\/+$/, '') : '',
};

export const paths = {
  local: LOCAL,
  run: path.join(LOCAL, 'run'),
  logs: path.join(LOCAL, 'logs'),
  mysqlData: path.join(LOCAL, 'mysql'),
  mysqlSocket: path.join(LOCAL, 'run', 'mysqld.sock'),
  wordpress: path.join(LOCAL, 'wordpress'),
  // The private apt state and downloaded packages of WordPress core (wordpress/core/install.sh).
  apt: path.join(LOCAL, 'apt'),
  nginx: path.join(LOCAL, 'nginx'),
  fpmConf: path.join(LOCAL, 'php-fpm.conf'),
  fpmSocket: path.join(LOCAL, 'run', 'php-fpm.sock'),
  secrets: path.join(LOCAL, 'secrets.json'),
  admin: path.join(LOCAL, 'admin.json'),
  state: path.join(LOCAL, 'state.json'),
  seedMedia: path.join(LOCAL, 'seed-media'),
  mail: path.join(LOCAL, 'mail'),
  plugin: path.join(ROOT, 'wordpress', 'plugins', 'car-export'),
  theme: path.join(ROOT, 'wordpress', 'themes', 'car-export-headless'),
  seed: path.join(ROOT, 'wordpress', 'seed'),
  // Command-line tools (WP-CLI), a Composer project of their own.
  tools: path.join(ROOT, 'wordpress', 'tools'),
  redis: path.join(LOCAL, 'redis'),
};

export const wpUrl = () => config.externalWordPress || `http://127.0.0.1:${config.wpPort}`;
export const redisUrl = () => `redis://127.0.0.1:${config.redisPort}`;
export const siteUrl = () => `http://127.0.0.1:${config.sitePort}`;
