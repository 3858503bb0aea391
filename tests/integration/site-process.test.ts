// The site process itself (server.mjs over the built app), started by the test: it refuses to start
// on a bad environment with one clear line, logs one JSON line per request, and drains requests in
// flight on SIGTERM before exiting 0.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, phpFpmPids } from './support/local';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// npm test builds the site under test into .local/test-build; a plain `npm run build` goes to build/.
const BUILD_DIR = fs.existsSync(path.join(ROOT, '.local/test-build/build/index.js')) ? path.join(ROOT, '.local/test-build') : ROOT;
const WORDPRESS_URL = process.env.WORDPRESS_URL || 'http://127.0.0.1:8080';

type Site = { child: ChildProcess; stdout: () => string; stderr: () => string; exit: Promise<number | null>; url: string };
const started: ChildProcess[] = [];

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function spawnSite(port: number, env: Record<string, string>): Site {
  const child = spawn(process.execPath, [path.join(ROOT, 'server.mjs')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      BUILD_DIR,
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      WORDPRESS_URL,
      SESSION_SECRET: 'a-test-session-secret-of-some-length',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exit, url: `http://127.0.0.1:${port}` };
}

async function listening(site: Site) {
  for (let i = 0; i < 100; i++) {
    if (site.child.exitCode !== null) throw new Error(`site exited: ${site.stderr()}`);
    try {
      await fetch(`${site.url}/healthz`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('site did not start');
}

const logLines = (site: Site) =>
  site
    .stdout()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('start-up', () => {
  it.each([
    ['PORT', 'abc', /PORT: must be a port number/],
    ['PAGE_CACHE_TTL', '-5', /PAGE_CACHE_TTL: must be a whole number of seconds/],
    ['TRUST_PROXY', 'lots', /TRUST_PROXY: must be a number of proxy hops/],
    ['PUBLIC_URL', 'not a url', /PUBLIC_URL: must be an absolute http\(s\) URL/],
  ])('a bad %s stops the start with one line naming it', async (name, value, message) => {
    const site = spawnSite(await freePort(), { [name]: value });
    expect(await site.exit).toBe(1);
    const lines = site.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^site: cannot start, invalid environment: /);
    expect(lines[0]).toMatch(message);
    expect(lines[0]).toContain(JSON.stringify(value));
  });

  it('production without PUBLIC_URL does not start', async () => {
    const site = spawnSite(await freePort(), { PUBLIC_URL: '' });
    expect(await site.exit).toBe(1);
    expect(site.stderr()).toMatch(/PUBLIC_URL: is required in production/);
  });
});

describe('logs', () => {
  it('one JSON line per request with id, status, duration, page cache state and WordPress calls', async () => {
    const site = spawnSite(await freePort(), {});
    await listening(site);
    const id = `log-test-${Date.now()}`;
    const query = `/explore-cars?brand=QaLog${Date.now().toString(36)}`;
    const res = await fetch(`${site.url}${query}`, { headers: { 'X-Request-Id': id } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(id);
    const hit = await fetch(`${site.url}${query}`, { headers: { 'X-Request-Id': `${id}-2` } });
    expect(hit.headers.get('x-page-cache')).toBe('HIT');
    await new Promise((r) => setTimeout(r, 200));

    const lines = logLines(site).filter((l) => l.reqId === id);
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line).toMatchObject({ msg: 'request', method: 'GET', path: '/explore-cars', status: 200, cache: 'MISS' });
    // The query is left out: it holds what visitors typed.
    expect(JSON.stringify(line)).not.toContain('QaLog');
    expect(line.ms).toEqual(expect.any(Number));
    expect(line.wpCalls).toBeGreaterThanOrEqual(1);
    expect(line.wpMs).toEqual(expect.any(Number));
    const kept = logLines(site).find((l) => l.reqId === `${id}-2`);
    expect(kept).toMatchObject({ cache: 'HIT', wpCalls: 0 });
  });
});

describe('shutdown', () => {
  it('SIGTERM: no new connections, the request in flight still completes, then exit 0', async () => {
    const site = spawnSite(await freePort(), {});
    await listening(site);
    const pids = phpFpmPids();
    let inFlight: Promise<Response>;
    try {
      // WordPress held still, so the page's render is certainly in flight when the signal comes.
      for (const pid of pids) process.kill(pid, 'SIGSTOP');
      inFlight = fetch(`${site.url}/explore-cars?brand=QaDrain${Date.now().toString(36)}`);
      await new Promise((r) => setTimeout(r, 400));
      site.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      await expect(fetch(`${site.url}/healthz`)).rejects.toThrow();
    } finally {
      for (const pid of pids) process.kill(pid, 'SIGCONT');
    }
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('No Cars Found');
    expect(await site.exit).toBe(0);
    expect(logLines(site).map((l) => l.msg)).toContain('stopped');
  });
});
