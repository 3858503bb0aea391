// The Remix site: built and served by server.mjs, or run by `remix dev`.
import path from 'node:path';
import { ROOT, config, paths, wpUrl } from './config.mjs';
import { secrets } from './stack.mjs';
import { StackError, log, portOpen, runLoud, startDaemon, waitFor } from './util.mjs';

export function siteEnv({ dev = false } = {}) {
  const s = config.externalWordPress ? {} : secrets();
  return {
    ...process.env,
    PORT: String(config.sitePort),
    WORDPRESS_URL: wpUrl(),
    SESSION_SECRET: process.env.SESSION_SECRET || s.sessionSecret || '',
    PURGE_SECRET: process.env.PURGE_SECRET || s.purgeSecret || '',
    NODE_ENV: dev ? 'development' : 'production',
  };
}

export function buildSite() {
  log('building the site');
  runLoud(path.join(ROOT, 'node_modules', '.bin', 'remix'), ['build'], { cwd: ROOT, env: siteEnv() });
}

/** Starts the site and resolves once it accepts connections; the child is returned for stopping. */
export async function startSite({ dev = false, extraEnv = {} } = {}) {
  if (await portOpen(config.sitePort)) throw new StackError(`port ${config.sitePort} is taken by another program; set PORT`);
  const env = { ...siteEnv({ dev }), ...extraEnv };
  const child = dev
    ? startDaemon('site', path.join(ROOT, 'node_modules', '.bin', 'remix'), ['dev', '-c', 'node server.mjs'], { env, logFile: 'inherit' })
    : startDaemon('site', 'node', [path.join(ROOT, 'server.mjs')], { env, logFile: path.join(paths.logs, 'site.log') });
  try {
    await waitFor('the Remix site', () => portOpen(config.sitePort), { child, timeoutMs: 180000 });
  } catch (err) {
    try { process.kill(child.pid, 'SIGTERM'); } catch { /* already gone */ }
    throw err;
  }
  return child;
}
