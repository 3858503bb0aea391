// The site process itself (server.mjs over the built app), started by the test: it refuses to start
// on a bad environment with one clear line, logs one JSON line per request, drains requests in
// flight on SIGTERM before exiting 0, and as several worker processes (WEB_CONCURRENCY) is still one
// site: a purge empties every worker's caches, and waiting leads are delivered by one of them, once.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { deleteStoredMessages, freePort, phpFpmPids, storedMessages } from './support/local';

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
    ['WEB_CONCURRENCY', 'all', /WEB_CONCURRENCY: must be a whole number of processes/],
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
    // One process: with several, each keeps its own pages, and the second visit may reach another.
    const site = spawnSite(await freePort(), { WEB_CONCURRENCY: '1' });
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

/** One GET on a connection of its own, so the cluster hands it to the next worker in turn. */
function getOnNewConnection(url: string, requestId: string): Promise<{ status: number; cache: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { Accept: 'text/html', 'X-Request-Id': requestId } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, cache: res.headers['x-page-cache'] as string | undefined }));
      })
      .on('error', reject);
  });
}

/** The worker slot that answered `requestId`, from its access line. */
async function workerOf(site: Site, requestId: string): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const line = logLines(site).find((l) => l.reqId === requestId && l.msg === 'request');
    if (line) return line.worker as number;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no access line for ${requestId}`);
}

// Each test starts a site of three processes: on a busy machine that alone can take seconds.
describe('several worker processes (WEB_CONCURRENCY=2)', () => {
  const emails: string[] = [];
  afterAll(() => {
    deleteStoredMessages(emails);
  }, 60_000);

  it("a purge empties every worker's kept pages, not only the one that took the call", async () => {
    const secret = 'a-test-purge-secret-of-some-length';
    const site = spawnSite(await freePort(), { WEB_CONCURRENCY: '2', PURGE_SECRET: secret });
    await listening(site);
    const page = `${site.url}/explore-cars?brand=QaCluster${Date.now().toString(36)}`;
    let n = 0;
    /** Visits the page until each worker has answered with `state` at least once; the first state per worker. */
    async function visitEveryWorker() {
      const first = new Map<number, string | undefined>();
      const hits = new Set<number>();
      while (hits.size < 2 && n < 200) {
        const id = `cluster-${process.pid}-${(n += 1)}`;
        const res = await getOnNewConnection(page, id);
        expect(res.status).toBe(200);
        const worker = await workerOf(site, id);
        if (!first.has(worker)) first.set(worker, res.cache);
        if (res.cache === 'HIT') hits.add(worker);
      }
      return first;
    }
    const before = await visitEveryWorker();
    // Each worker rendered the page once and has kept it since.
    expect([...before.keys()].sort()).toEqual([0, 1]);
    expect([...before.values()]).toEqual(['MISS', 'MISS']);

    const purge = await fetch(`${site.url}/api/purge`, {
      method: 'POST',
      headers: { 'X-Purge-Secret': secret, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(purge.status).toBe(200);

    // Answered once both had emptied their caches: each worker's next answer is a new render.
    const after = await visitEveryWorker();
    expect([...after.keys()].sort()).toEqual([0, 1]);
    expect([...after.values()]).toEqual(['MISS', 'MISS']);
  }, 60_000);

  it('leads waiting in the outbox are delivered by one worker only, each once, and the outbox stays with it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-outbox-'));
    const keys = [0, 1, 2].map(() => `form-it${randomBytes(12).toString('hex')}`);
    for (const key of keys) {
      const email = `cluster-outbox-${key.slice(-8)}@example.com`;
      emails.push(email);
      const entry = {
        key: `contact.${key}`,
        kind: 'contact',
        createdAt: Date.now(),
        attempts: 1,
        payload: {
          kind: 'contact',
          key,
          data: { firstName: 'Ada', lastName: 'Lovelace', email, message: 'Kept while WordPress was down.' },
          visitor: { adIds: {}, ip: '203.0.113.7', userAgent: 'site-process test' },
          spam: { fillMs: 20_000 },
        },
      };
      fs.mkdirSync(path.join(dir, 'pending'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'pending', `contact.${key}.json`), JSON.stringify(entry));
    }
    const site = spawnSite(await freePort(), { WEB_CONCURRENCY: '2', OUTBOX_DIR: dir });
    try {
      await listening(site);
      const deadline = Date.now() + 20_000;
      while (fs.readdirSync(path.join(dir, 'pending')).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(fs.readdirSync(path.join(dir, 'pending'))).toEqual([]);
      await new Promise((r) => setTimeout(r, 1_000));

      const delivered = logLines(site).filter((l) => typeof l.msg === 'string' && l.msg.startsWith('lead outbox: delivered'));
      for (const key of keys) expect(delivered.filter((l) => (l.msg as string).includes(key))).toHaveLength(1);
      expect(new Set(delivered.map((l) => l.worker))).toEqual(new Set([0]));
      // WordPress stored each lead once.
      for (const email of emails.slice(-3)) expect(storedMessages(email)).toHaveLength(1);
      // The folder is owned by a worker (the one `npm run outbox -- drain` signals), not the primary.
      const owner = JSON.parse(fs.readFileSync(path.join(dir, 'owner.pid'), 'utf8')).pid as number;
      expect(owner).not.toBe(site.child.pid);
      expect(execFileSync('ps', ['-o', 'ppid=', '-p', String(owner)], { encoding: 'utf8' }).trim()).toBe(String(site.child.pid));
    } finally {
      site.child.kill('SIGTERM');
      await site.exit;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('a worker that dies is replaced, and SIGTERM drains them all and exits 0', async () => {
    const site = spawnSite(await freePort(), { WEB_CONCURRENCY: '2' });
    await listening(site);
    const workers = () => {
      try {
        return execFileSync('pgrep', ['-P', String(site.child.pid)], { encoding: 'utf8' })
          .split('\n')
          .filter(Boolean)
          .map(Number);
      } catch {
        return []; // pgrep found none
      }
    };
    // The replacement is up once it listens: one "site listening" line per worker that started.
    const listeners = () => logLines(site).filter((l) => l.msg === 'site listening').length;
    while (listeners() < 2) await new Promise((r) => setTimeout(r, 100));
    const [victim] = workers();
    process.kill(victim!, 'SIGKILL');
    const deadline = Date.now() + 20_000;
    while ((workers().includes(victim!) || listeners() < 3) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(listeners()).toBe(3);
    expect(workers()).toHaveLength(2);
    expect(workers()).not.toContain(victim);
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);

    site.child.kill('SIGTERM');
    expect(await site.exit).toBe(0);
    expect(logLines(site).filter((l) => l.msg === 'stopped')).toHaveLength(2);
  }, 60_000);
});
