// The Remix site: built and served by server.mjs, or run by `remix dev`.
import path from 'node:path';
import { ROOT, config, paths, siteUrl, wpUrl } from './config.mjs';
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
    // The one origin of the site's absolute URLs and of the forms it accepts (required in production).
    PUBLIC_URL: process.env.PUBLIC_URL || siteUrl(),
  };
}

/** Builds the site; buildDir (BUILD_DIR) keeps a second build apart from the one `npm start` serves. */
export function buildSite({ buildDir } = {}) {
  log('building the site');
  const env = { ...siteEnv(), ...(buildDir ? { BUILD_DIR: buildDir } : {}) };
  runLoud(path.join(ROOT, 'node_modules', '.bin', 'remix'), ['build'], { cwd: ROOT, env });
}

/**
 * Starts the site and resolves once it accepts connections; the child is returned for stopping.
 * @param {{ dev?: boolean, extraEnv?: Record<string, string>, port?: number, buildDir?: string }} [options]
 */
export async function startSite({ dev = false, extraEnv = {}, port = config.sitePort, buildDir } = {}) {
  if (await portOpen(port)) throw new StackError(`port ${port} is taken by another program`);
  // A site on another port than the configured one (the tests' own) is public at its own address.
  const ownOrigin = port === config.sitePort ? {} : { PUBLIC_URL: `http://127.0.0.1:${port}` };
  const env = { ...siteEnv({ dev }), ...ownOrigin, ...extraEnv, PORT: String(port), ...(buildDir ? { BUILD_DIR: buildDir } : {}) };
  const child = dev
    ? startDaemon('site', path.join(ROOT, 'node_modules', '.bin', 'remix'), ['dev', '-c', 'node server.mjs'], { env, logFile: 'inherit' })
    : startDaemon('site', 'node', [path.join(ROOT, 'server.mjs')], { env, logFile: path.join(paths.logs, 'site.log') });
  try {
    await waitFor('the Remix site', () => portOpen(port), { child, timeoutMs: 180000 });
  } catch (err) {
    try {
      process.kill(child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    throw err;
  }
  return child;
}
