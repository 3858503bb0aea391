// The lead outbox over a process's life: what it says in the log (leads waiting after a restart, a
// delivery and its attempt count, a refusal, a disk it cannot read), torn or foreign files set aside
// instead of dropped, a crash's half-written temporaries cleared while a writer's fresh one is kept,
// the delivery loop and the lock's heartbeat on (fake) timers, how many leads go out at once, and
// which locks are taken over.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { LOCK_HEARTBEAT_MS } from '~/lib/leads/outbox.server';
import { useOutboxHarness } from './support/outbox-harness';

const { tempDir, make } = useOutboxHarness('outbox-life-');

const key = (n: number) => `contact.form-key-${String(n).padStart(6, '0')}`;
const pending = (dir: string) => fs.readdirSync(path.join(dir, 'pending')).sort();
const dead = (dir: string) => fs.readdirSync(path.join(dir, 'dead')).sort();

describe('lead outbox over a process life', () => {
  it('says how many leads wait after a restart, and logs each delivery with its attempt count', async () => {
    const dir = tempDir();
    const clock = { now: 0 };
    const first = make(dir, async () => ({ status: 'retry', error: '503' }), { clock });
    first.box.open();
    first.box.enqueue(key(1), 'contact', { text: 'a' });
    first.box.enqueue(key(2), 'inquiry', { text: 'b' });
    clock.now = 5_000;
    await first.box.tick();
    expect(first.log).toEqual([]);
    await first.box.close();

    const second = make(dir, async () => ({ status: 'delivered' }), { clock });
    second.box.open();
    expect(second.log).toEqual([['info', 'lead outbox: 2 lead(s) waiting from before the restart']]);
    await second.box.tick();
    expect(second.log.slice(1).sort()).toEqual([
      ['info', `lead outbox: delivered contact ${key(1)} after 2 attempt(s)`],
      ['info', `lead outbox: delivered inquiry ${key(2)} after 2 attempt(s)`],
    ]);
    expect(pending(dir)).toEqual([]);
  });

  it('says nothing on opening an empty folder', () => {
    const { box, log } = make(tempDir(), async () => ({ status: 'delivered' }));
    box.open();
    expect(log).toEqual([]);
    expect(box.stats()).toEqual({ depth: 0, dead: 0, oldestAgeMs: null });
  });

  it('sets a torn file and a file under another key aside in dead/, logs why, and keeps the good lead', async () => {
    const dir = tempDir();
    const first = make(dir, async () => ({ status: 'retry', error: 'down' }));
    first.box.open();
    first.box.enqueue(key(1), 'contact', { text: 'good' });
    await first.box.close();
    fs.writeFileSync(path.join(dir, 'pending', `${key(2)}.json`), '{"key":"contact.form-ke');
    fs.writeFileSync(path.join(dir, 'pending', `${key(3)}.json`), JSON.stringify({ key: key(4), kind: 'contact', payload: {} }));
    fs.writeFileSync(path.join(dir, 'pending', 'notes.txt'), 'a person left this here');

    const sent: string[] = [];
    const second = make(dir, async (e) => {
      sent.push(e.payload.text);
      return { status: 'delivered' };
    });
    second.box.open();
    expect(dead(dir)).toEqual([`${key(2)}.json`, `${key(3)}.json`]);
    // Moved, not rewritten: the torn bytes are what a person gets to look at.
    expect(fs.readFileSync(path.join(dir, 'dead', `${key(2)}.json`), 'utf8')).toBe('{"key":"contact.form-ke');
    expect(second.box.stats()).toMatchObject({ depth: 1, dead: 2 });
    const errors = second.log.filter(([level]) => level === 'error').map(([, m]) => m);
    expect(errors).toHaveLength(2);
    expect(errors.find((m) => m.includes(key(2)))).toMatch(
      new RegExp(`^lead outbox: WordPress refused lead ${key(2)} for good \\(unreadable: .+\\); kept in .*dead/${key(2)}\\.json$`),
    );
    expect(errors.find((m) => m.includes(key(3)))).toContain('(unreadable: key does not match the file name)');
    expect(second.log).toContainEqual(['info', 'lead outbox: 1 lead(s) waiting from before the restart']);
    await second.box.tick();
    expect(sent).toEqual(['good']);
    expect(pending(dir)).toEqual(['notes.txt']);
  });

  it('leaves a torn file alone in a writer: only the folder owner moves files', () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'pending'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'pending', `${key(2)}.json`), '{torn');
    const { box } = make(dir, async () => ({ status: 'delivered' }), { role: 'writer' });
    expect(box.stats()).toMatchObject({ depth: 0, dead: 0 });
    expect(pending(dir)).toEqual([`${key(2)}.json`]);
    // A writer claims nothing: the folder has no lock of its.
    expect(fs.existsSync(path.join(dir, 'owner.pid'))).toBe(false);
  });

  it("clears a crash's old temporaries on opening and keeps a writer's fresh one", () => {
    const dir = tempDir();
    const tmp = path.join(dir, 'tmp');
    fs.mkdirSync(tmp, { recursive: true });
    fs.writeFileSync(path.join(tmp, 'old.json.1.aa'), '{');
    fs.writeFileSync(path.join(tmp, 'fresh.json.2.bb'), '{');
    const now = Date.now();
    const old = new Date(now - 61_000);
    fs.utimesSync(path.join(tmp, 'old.json.1.aa'), old, old);
    const fresh = new Date(now - 59_000);
    fs.utimesSync(path.join(tmp, 'fresh.json.2.bb'), fresh, fresh);
    make(dir, async () => ({ status: 'delivered' }), { clock: { now } }).box.open();
    expect(fs.readdirSync(tmp)).toEqual(['fresh.json.2.bb']);
  });

  it('leaves no temporary behind after keeping a lead, and keeps the file private to the site', () => {
    const dir = tempDir();
    const { box } = make(dir, async () => ({ status: 'delivered' }));
    box.enqueue(key(1), 'contact', { text: 'x' });
    expect(fs.readdirSync(path.join(dir, 'tmp'))).toEqual([]);
    expect(fs.statSync(path.join(dir, 'pending', `${key(1)}.json`)).mode & 0o777).toBe(0o600);
  });

  it('runs its own loop once started: due leads go out on the tick, not before', async () => {
    vi.useFakeTimers();
    const dir = tempDir();
    const clock = { now: 0 };
    const sent: string[] = [];
    const { box } = make(
      dir,
      async (e) => {
        sent.push(e.key);
        return { status: 'delivered' };
      },
      { clock, tickMs: 200 },
    );
    box.start();
    box.enqueue(key(1), 'contact', { text: 'x' });
    clock.now = 400;
    await vi.advanceTimersByTimeAsync(199);
    expect(sent).toEqual([]);
    clock.now = 600;
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([key(1)]);
    // Starting twice is one loop: a second lead is sent once.
    box.start();
    box.enqueue(key(2), 'contact', { text: 'y' });
    clock.now = 2_000;
    await vi.advanceTimersByTimeAsync(600);
    expect(sent).toEqual([key(1), key(2)]);
    box.stop();
    box.enqueue(key(3), 'contact', { text: 'z' });
    clock.now = 9_000;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent).toEqual([key(1), key(2)]);
  });

  it('a writer started has no loop and sends nothing', async () => {
    vi.useFakeTimers();
    const dir = tempDir();
    const deliver = vi.fn(async () => ({ status: 'delivered' as const }));
    const { box } = make(dir, deliver, { role: 'writer', clock: { now: 10_000 } });
    box.start();
    box.enqueue(key(1), 'contact', { text: 'x' });
    await vi.advanceTimersByTimeAsync(5_000);
    await box.tick();
    expect(deliver).not.toHaveBeenCalled();
    expect(pending(dir)).toEqual([`${key(1)}.json`]);
  });

  it('refreshes its lock every heartbeat, so another host does not take a live folder over', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const dir = tempDir();
    const { box } = make(dir, async () => ({ status: 'delivered' }));
    box.open();
    const lock = path.join(dir, 'owner.pid');
    const old = new Date(Date.now() - 10 * LOCK_HEARTBEAT_MS);
    fs.utimesSync(lock, old, old);
    vi.advanceTimersByTime(LOCK_HEARTBEAT_MS - 1);
    expect(fs.statSync(lock).mtimeMs).toBe(old.getTime());
    vi.advanceTimersByTime(1);
    expect(Date.now() - fs.statSync(lock).mtimeMs).toBeLessThan(5_000);
    await box.close();
    // Closed: no heartbeat any more, and a lock file made by hand later is not touched.
    fs.writeFileSync(lock, '1');
    fs.utimesSync(lock, old, old);
    vi.advanceTimersByTime(2 * LOCK_HEARTBEAT_MS);
    expect(fs.statSync(lock).mtimeMs).toBe(old.getTime());
  });

  it('does not remove a lock another process took over, and gives its own up on exit', async () => {
    const dir = tempDir();
    const lock = path.join(dir, 'owner.pid');
    const first = make(dir, async () => ({ status: 'delivered' }));
    first.box.open();
    fs.writeFileSync(lock, JSON.stringify({ host: os.hostname(), boot: null, pid: process.ppid, start: null }));
    await first.box.close();
    expect(fs.existsSync(lock)).toBe(true);

    const other = tempDir();
    const second = make(other, async () => ({ status: 'delivered' }));
    const before = new Set(process.listeners('exit'));
    second.box.open();
    // Only the outbox's own exit handler runs: the test runner's handlers in this process stay untouched.
    const added = process.listeners('exit').filter((listener) => !before.has(listener));
    expect(added.length).toBeGreaterThan(0);
    for (const listener of added) listener.call(process, 0);
    expect(fs.existsSync(path.join(other, 'owner.pid'))).toBe(false);
    for (const listener of added) process.removeListener('exit', listener);
  });

  it.each([
    ['a bare pid of a process that has ended', () => '999999999'],
    ['a lock it cannot read', () => 'not a lock'],
    ['a lock with no pid', () => JSON.stringify({ host: os.hostname() })],
    ['a lock from an earlier boot', () => JSON.stringify({ host: os.hostname(), boot: 'another-boot', pid: process.ppid, start: null })],
    [
      'its own pid (a restarted container reusing it)',
      () => JSON.stringify({ host: os.hostname(), boot: null, pid: process.pid, start: null }),
    ],
    ['pid 0', () => JSON.stringify({ host: os.hostname(), boot: null, pid: 0, start: null })],
  ])('takes a folder over from %s', (_, text) => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'owner.pid'), text());
    expect(() => make(dir, async () => ({ status: 'delivered' })).box.open()).not.toThrow();
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'owner.pid'), 'utf8'))).toMatchObject({ host: os.hostname(), pid: process.pid });
  });

  it('refuses a folder whose lock names a live process of this boot as started', () => {
    const dir = tempDir();
    const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = fs.readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    fs.writeFileSync(path.join(dir, 'owner.pid'), JSON.stringify({ host: os.hostname(), boot, pid: process.ppid, start }));
    expect(() => make(dir, async () => ({ status: 'delivered' })).box.open()).toThrow(
      `The lead outbox ${dir} is in use by process ${process.ppid} on ${os.hostname()}; give each site instance its own OUTBOX_DIR.`,
    );
  });

  it('sends at most `concurrency` leads at once, oldest due first', async () => {
    const dir = tempDir();
    const clock = { now: 0 };
    let inFlight = 0;
    let most = 0;
    const order: string[] = [];
    const { box } = make(
      dir,
      async (e) => {
        order.push(e.key);
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        return { status: 'delivered' };
      },
      { clock, concurrency: 2, random: () => 0 },
    );
    for (const n of [3, 1, 2, 4, 5]) {
      clock.now = n;
      box.enqueue(key(n), 'contact', { text: String(n) });
    }
    clock.now = 1_000;
    await box.tick();
    expect(most).toBe(2);
    // Kept in the order 3, 1, 2, 4, 5; each first due 100 ms after it was kept.
    expect(order).toEqual([key(1), key(2), key(3), key(4), key(5)]);
    expect(box.stats().depth).toBe(0);
  });

  it('counts a delivery that throws as a failed attempt with its message, and honours the wait WordPress asks for', async () => {
    const dir = tempDir();
    const clock = { now: 0 };
    let calls = 0;
    const { box } = make(
      dir,
      async () => {
        calls++;
        if (calls === 1) throw new Error('socket hang up');
        if (calls === 2) throw 'plain failure';
        if (calls === 3) return { status: 'retry', error: '429', afterMs: 30_000 };
        return { status: 'delivered' };
      },
      { clock },
    );
    box.enqueue(key(1), 'contact', { text: 'x' });
    const file = path.join(dir, 'pending', `${key(1)}.json`);
    clock.now = 1_000;
    await box.tick();
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ attempts: 1, lastError: 'socket hang up' });
    clock.now = 2_000;
    await box.tick();
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ attempts: 2, lastError: 'plain failure' });
    clock.now = 10_000;
    await box.tick();
    expect(calls).toBe(3);
    // Backoff alone would allow a try 4 s later; WordPress asked for 30 s.
    clock.now = 39_999;
    await box.tick();
    expect(calls).toBe(3);
    clock.now = 40_000;
    await box.tick();
    expect(calls).toBe(4);
  });

  it('never waits longer than the ceiling, nor less than 100 ms', async () => {
    const dir = tempDir();
    const clock = { now: 0 };
    const times: number[] = [];
    let random = 0.999;
    const { box } = make(
      dir,
      async () => {
        times.push(clock.now);
        return { status: 'retry', error: 'down' };
      },
      { clock, random: () => random, maxDelayMs: 3_000 },
    );
    box.enqueue(key(1), 'contact', { text: 'x' });
    // Ceilings 1 s, 2 s, then 3 s for good: each wait is just under its ceiling.
    for (const due of [999, 999 + 1_998, 999 + 1_998 + 2_997, 999 + 1_998 + 2 * 2_997]) {
      clock.now = due - 1;
      await box.tick();
      clock.now = due;
      await box.tick();
    }
    expect(times).toEqual([999, 2_997, 5_994, 8_991]);
    random = 0;
    const at = clock.now;
    clock.now = at + 10_000;
    await box.tick();
    clock.now += 99;
    await box.tick();
    expect(times).toHaveLength(5);
    clock.now += 1;
    await box.tick();
    expect(times).toHaveLength(6);
  });

  it('lists waiting leads oldest first and says how long the oldest has waited', () => {
    const clock = { now: 1_000 };
    const { box } = make(tempDir(), async () => ({ status: 'retry', error: 'down' }), { clock });
    box.enqueue(key(2), 'contact', { text: 'second' });
    clock.now = 500;
    box.enqueue(key(1), 'contact', { text: 'first' });
    clock.now = 1_500;
    box.enqueue(key(3), 'contact', { text: 'third' });
    clock.now = 4_000;
    expect(box.list().map((e) => e.payload.text)).toEqual(['first', 'second', 'third']);
    expect(box.stats()).toEqual({ depth: 3, dead: 0, oldestAgeMs: 3_500 });
  });

  it('spreads a nudge over the window it is given', async () => {
    const clock = { now: 0 };
    const sent: string[] = [];
    let random = 0.5;
    const { box } = make(
      tempDir(),
      async (e) => {
        sent.push(e.key);
        return { status: 'delivered' };
      },
      { clock, random: () => random, baseDelayMs: 60_000, maxDelayMs: 60_000 },
    );
    box.enqueue(key(1), 'contact', { text: 'x' });
    random = 0.75;
    box.nudge(4_000);
    clock.now = 2_999;
    await box.tick();
    expect(sent).toEqual([]);
    clock.now = 3_000;
    await box.tick();
    expect(sent).toEqual([key(1)]);
  });

  it('keeps the lead and logs when the disk fails while recording an attempt, and tries again after the longest wait', async () => {
    const dir = tempDir();
    const clock = { now: 0 };
    let calls = 0;
    const { box, log } = make(
      dir,
      async () => {
        calls++;
        // The folder goes away under the outbox (a volume unmounted): the attempt cannot be written.
        if (calls === 1) fs.rmSync(path.join(dir, 'tmp'), { recursive: true });
        return calls === 1 ? { status: 'retry', error: 'down' } : { status: 'delivered' };
      },
      { clock },
    );
    box.enqueue(key(1), 'contact', { text: 'x' });
    clock.now = 1_000;
    await box.tick();
    expect(log).toContainEqual([
      'error',
      expect.stringMatching(new RegExp(`^lead outbox: could not record an attempt for ${key(1)}: ENOENT`)),
    ]);
    expect(box.stats().depth).toBe(1);
    fs.mkdirSync(path.join(dir, 'tmp'));
    clock.now = 8_999;
    await box.tick();
    expect(calls).toBe(1);
    clock.now = 9_000;
    await box.tick();
    expect(calls).toBe(2);
    expect(box.stats().depth).toBe(0);
  });

  it('logs when it cannot read the folder and still sends what it holds', async () => {
    const dir = tempDir();
    const clock = { now: 0 };
    const sent: string[] = [];
    const { box, log } = make(
      dir,
      async (e) => {
        sent.push(e.key);
        return { status: 'delivered' };
      },
      { clock },
    );
    box.enqueue(key(1), 'contact', { text: 'x' });
    fs.rmSync(path.join(dir, 'pending', `${key(1)}.json`));
    fs.rmdirSync(path.join(dir, 'pending'));
    clock.now = 5_000;
    await box.tick();
    expect(log).toContainEqual(['error', expect.stringMatching(new RegExp(`^lead outbox: could not read ${dir}/pending: ENOENT`))]);
    expect(sent).toEqual([key(1)]);
  });

  it('logs a refusal with the kind, key, reason and where the lead is kept', async () => {
    const dir = tempDir();
    const clock = { now: 0 };
    const { box, log } = make(dir, async () => ({ status: 'rejected', error: '404 no such car' }), { clock });
    box.enqueue(key(1), 'inquiry', { text: 'x' });
    clock.now = 7_000;
    await box.tick();
    expect(log).toEqual([
      [
        'error',
        `lead outbox: WordPress refused inquiry ${key(1)} for good (404 no such car); kept in ${path.join(dir, 'dead', `${key(1)}.json`)}`,
      ],
    ]);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'dead', `${key(1)}.json`), 'utf8'))).toMatchObject({ rejectedAt: 7_000, attempts: 0 });
    expect(pending(dir)).toEqual([]);
  });

  it('picks up a dead letter moved back by hand without a restart', async () => {
    const dir = tempDir();
    const clock = { now: 0 };
    let up = false;
    const { box } = make(dir, async () => (up ? { status: 'delivered' } : { status: 'rejected', error: 'gone' }), { clock });
    box.enqueue(key(1), 'contact', { text: 'x' });
    clock.now = 5_000;
    await box.tick();
    expect(box.stats()).toMatchObject({ depth: 0, dead: 1 });
    fs.renameSync(path.join(dir, 'dead', `${key(1)}.json`), path.join(dir, 'pending', `${key(1)}.json`));
    box.reload();
    expect(box.stats()).toMatchObject({ depth: 1, dead: 0 });
    up = true;
    await box.tick();
    expect(box.stats().depth).toBe(0);
  });
});
