// The nginx and php-fpm configuration that serves WordPress, shared by the local stack and the
// WordPress image: runtime/nginx/wordpress.conf and runtime/php-fpm/pool.conf with ${NAME} blanks
// that each side fills in with its own paths and addresses. Only Node built-ins.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './config.mjs';

export const NGINX_TEMPLATE = path.join(ROOT, 'runtime', 'nginx', 'wordpress.conf');
export const FPM_TEMPLATE = path.join(ROOT, 'runtime', 'php-fpm', 'pool.conf');

/**
 * The template with each ${NAME} replaced by values[NAME]. A blank without a value, or a value no
 * blank asks for, is an error: a configuration half filled in must never reach a server.
 * @param {string} text
 * @param {Record<string, string>} values
 */
export function fillTemplate(text, values) {
  const used = new Set();
  const out = text.replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`no value for \${${name}}`);
    used.add(name);
    return values[name];
  });
  const unused = Object.keys(values).filter((k) => !used.has(k));
  if (unused.length) throw new Error(`the template has no blank for ${unused.join(', ')}`);
  return out;
}

/** @param {{ listen: string, root: string, fpmSocket: string }} v */
export const nginxServerConfig = (v) =>
  fillTemplate(fs.readFileSync(NGINX_TEMPLATE, 'utf8'), { WP_LISTEN: v.listen, WP_ROOT: v.root, FPM_SOCKET: v.fpmSocket });

/** @param {{ user: string, listen: string, errorLog: string }} v */
export const fpmPoolConfig = (v) =>
  fillTemplate(fs.readFileSync(FPM_TEMPLATE, 'utf8'), { FPM_USER: v.user, FPM_LISTEN: v.listen, PHP_ERROR_LOG: v.errorLog });
