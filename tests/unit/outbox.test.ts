// The lead outbox on a real folder: a lead is on disk before enqueue returns, survives a new process
// (a new Outbox on the same folder), is delivered once and removed, waits with growing jittered
// delays while WordPress is down, goes to dead/ when WordPress refuses it for good, and one folder
// has one owner.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_HEARTBEAT_MS, Outbox, type DeliveryResult, type OutboxEntry } from '~/lib/leads/outbox.server';

const dirs: string[] = [];
const boxes: Outbox<{ text: string }>[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-test-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  for (const box of boxes.splice(0)) await box.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function make(dir: string, deliver: (e: OutboxEntry<{ text: string }>) => Promise<DeliveryResult>, clock = { now: 0 }, random = () => 0.5) {
  const box = new Outbox<{ text: string }>({ dir, deliver, now: () => clock.now, random, baseDelayMs: 1_000, maxDelayMs: 8_000 });
  boxes.push(box);
  return box.open();
}

const KEY = 'inquiry.form-abcdefghijklmnop';

describe('lead outbox', () => {
  it('has the lead on disk when enqueue returns, and a new process finds it', async () => {
    const dir = tempDir();
    const first = make(dir, async () => ({ status: 'retry', error: 'down' }));
    first.enqueue(KEY, 'inquiry', { text: 'hello' });
    const onDisk = JSON.parse(fs.readFileSync(path.join(dir, 'pending', `${KEY}.json`), 'utf8'));
    expect(onDisk).toMatchObject({ key: KEY, kind: 'inquiry', payload: { text: 'hello' }, attempts: 0 });
    // The same lead again is the same entry, not a second one.
    first.enqueue(KEY, 'inquiry', { text: 'hello' });
    expect(first.stats().depth).toBe(1);
    await first.close();

    const delivered: string[] = [];
    const second = make(dir, async (e) => {
      delivered.push(e.payload.text);
      return { status: 'delivered' };
    });
    expect(second.stats().depth).toBe(1);
    await second.tick();
    expect(delivered).toEqual(['hello']);
    expect(second.stats().depth).toBe(0);
    expect(fs.readdirSync(path.join(dir, 'pending'))).toEqual([]);
  });

  it('retries with jittered, growing delays and records each attempt', async () => {
    const clock = { now: 0 };
    let calls = 0;
    const box = make(
      tempDir(),
      async () => {
        calls++;
        return calls < 4 ? { status: 'retry', error: `503 down ${calls}` } : { status: 'delivered' };
      },
      clock,
    );
    box.enqueue(KEY, 'contact', { text: 'x' });
    const dueTimes: number[] = [];
    for (let t = 0; t <= 20_000 && box.stats().depth > 0; t += 50) {
      clock.now = t;
      const before = calls;
      await box.tick();
      if (calls > before) dueTimes.push(t);
    }
    expect(calls).toBe(4);
    // random() = 0.5: half of 1 s, then half of 2 s, 4 s, 8 s ceilings after each failure.
    const gaps = dueTimes.slice(1).map((t, i) => t - dueTimes[i]!);
    expect(dueTimes[0]).toBe(500);
    expect(gaps).toEqual([1_000, 2_000, 4_000]);
  });

  it('keeps attempts and the last error on disk while it waits', async () => {
    const clock = { now: 0 };
    const dir = tempDir();
    const box = make(dir, async () => ({ status: 'retry', error: '502 Bad Gateway' }), clock);
    box.enqueue(KEY, 'contact', { text: 'x' });
    clock.now = 10_000;
    await box.tick();
    const onDisk = JSON.parse(fs.readFileSync(path.join(dir, 'pending', `${KEY}.json`), 'utf8'));
    expect(onDisk).toMatchObject({ attempts: 1, lastError: '502 Bad Gateway', lastAttemptAt: 10_000 });
  });

  it('does not count a call the breaker held back as an attempt', async () => {
    const clock = { now: 10_000 };
    const dir = tempDir();
    const box = make(dir, async () => ({ status: 'retry', error: 'circuit open', counted: false, afterMs: 3_000 }), clock);
    box.enqueue(KEY, 'contact', { text: 'x' });
    clock.now = 20_000;
    await box.tick();
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'pending', `${KEY}.json`), 'utf8')).attempts).toBe(0);
  });

  it('moves a lead WordPress refuses for good to dead/ with the reason', async () => {
    const dir = tempDir();
    const clock = { now: 5_000 };
    const box = make(dir, async () => ({ status: 'rejected', error: '404 The requested car could not be found.' }), clock);
    box.enqueue(KEY, 'inquiry', { text: 'gone car' });
    clock.now = 10_000;
    await box.tick();
    expect(box.stats()).toMatchObject({ depth: 0, dead: 1 });
    const dead = JSON.parse(fs.readFileSync(path.join(dir, 'dead', `${KEY}.json`), 'utf8'));
    expect(dead).toMatchObject({ reason: '404 The requested car could not be found.', payload: { text: 'gone car' } });
  });

  it('delivers promptly after a nudge instead of at the next backoff', async () => {
    const clock = { now: 0 };
    let up = false;
    const box = make(
      tempDir(),
      async () => (up ? { status: 'delivered' } : { status: 'retry', error: 'down' }),
      clock,
      () => 0.99,
    );
    box.enqueue(KEY, 'contact', { text: 'x' });
    for (const t of [1_000, 3_000, 7_000]) {
      clock.now = t;
      await box.tick();
    }
    up = true;
    box.nudge(100);
    clock.now += 100;
    await box.tick();
    expect(box.stats().depth).toBe(0);
  });

  it('refuses a key that could name a path, and a folder another live process owns', () => {
    const dir = tempDir();
    const box = make(dir, async () => ({ status: 'delivered' }));
    expect(() => box.enqueue('../../etc/passwd-xxxxxxxx', 'contact', { text: 'x' })).toThrow(/letters, digits/);
    fs.writeFileSync(path.join(dir, 'owner.pid'), String(process.ppid));
    const other = new Outbox({ dir: tempDir(), deliver: async () => ({ status: 'delivered' as const }) });
    fs.writeFileSync(path.join(dirs.at(-1)!, 'owner.pid'), String(process.ppid));
    expect(() => other.open()).toThrow(/in use by process/);
  });

  it('names its host and process in the lock, and gives the folder up when closed', async () => {
    const dir = tempDir();
    const box = make(dir, async () => ({ status: 'delivered' }));
    const lock = JSON.parse(fs.readFileSync(path.join(dir, 'owner.pid'), 'utf8'));
    expect(lock).toMatchObject({ host: os.hostname(), pid: process.pid });
    await box.close();
    expect(fs.existsSync(path.join(dir, 'owner.pid'))).toBe(false);
  });

  it('takes over a lock whose pid now belongs to another process, as after a container restart', () => {
    const dir = tempDir();
    // The parent runs, but it is not the process that wrote this lock: that one started at tick 1.
    const lock = { host: os.hostname(), boot: null, pid: process.ppid, start: '1' };
    fs.writeFileSync(path.join(dir, 'owner.pid'), JSON.stringify(lock));
    expect(() => make(dir, async () => ({ status: 'delivered' }))).not.toThrow();
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'owner.pid'), 'utf8')).pid).toBe(process.pid);
  });

  it('waits for the lock of another host to go stale before taking the folder over', () => {
    const dir = tempDir();
    const file = path.join(dir, 'owner.pid');
    fs.writeFileSync(file, JSON.stringify({ host: 'another-site-container', boot: null, pid: 1, start: null }));
    expect(() => make(dir, async () => ({ status: 'delivered' }))).toThrow(/in use by process 1 on another-site-container/);
    const old = new Date(Date.now() - 4 * LOCK_HEARTBEAT_MS);
    fs.utimesSync(file, old, old);
    expect(() => make(dir, async () => ({ status: 'delivered' }))).not.toThrow();
  });

  it('with several processes of one site, the writers only keep leads and the deliverer sends each once', async () => {
    const dir = tempDir();
    const clock = { now: 0 };
    const sent: string[] = [];
    const deliverer = make(
      dir,
      async (e) => {
        sent.push(e.payload.text);
        return { status: 'delivered' };
      },
      clock,
    );
    const writerSent: string[] = [];
    const writer = new Outbox<{ text: string }>({
      dir,
      role: 'writer',
      now: () => clock.now,
      deliver: async (e) => {
        writerSent.push(e.payload.text);
        return { status: 'delivered' };
      },
    });
    boxes.push(writer);
    // A writer never claims the folder, so it opens beside its live owner.
    writer.open().start();
    writer.enqueue(KEY, 'inquiry', { text: 'from another worker' });
    writer.enqueue(KEY, 'inquiry', { text: 'from another worker' });
    expect(fs.readdirSync(path.join(dir, 'pending'))).toEqual([`${KEY}.json`]);
    expect(writer.stats().depth).toBe(1);

    // The deliverer's next passes find the file, send it once (after a short first wait) and remove it.
    await deliverer.tick();
    clock.now = 10_000;
    await deliverer.tick();
    await deliverer.tick();
    await writer.tick();
    expect(sent).toEqual(['from another worker']);
    expect(writerSent).toEqual([]);
    expect(fs.readdirSync(path.join(dir, 'pending'))).toEqual([]);
    expect(writer.stats().depth).toBe(0);
  });
});
