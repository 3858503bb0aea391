// A second site process from the suite's build (TEST_BUILD_DIR), for tests that need the site started
// with other settings than the shared one: it listens on a free port and is stopped by the caller.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Starts the site with `env` on top of the test environment; resolves once it serves robots.txt. */
export async function startSecondSite(env: Record<string, string>, what: string): Promise<{ base: string; child: ChildProcess }> {
  const buildDir = process.env.TEST_BUILD_DIR;
  if (!buildDir)
    throw new Error(
      'TEST_BUILD_DIR is not set: `npm test` passes the build it serves to the tests; this file starts a second site from it.',
    );
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn('node', [path.join(ROOT, 'server.mjs')], {
    env: { ...process.env, PORT: String(port), BUILD_DIR: buildDir, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const end = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/robots.txt`)).ok) return { base, child };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > end || child.exitCode !== null) {
      child.kill('SIGTERM');
      throw new Error(`the ${what} site did not start: ${stderr.slice(0, 500)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
