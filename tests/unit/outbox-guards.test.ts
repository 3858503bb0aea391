// The lead outbox where a careless change would lose or double a lead without any visitor noticing
// at once: the order of writes that makes a kept lead survive a power cut, which locks are taken over
// and which refused, the edges of "stale", leads that vanish while being read or sent, an outbox
// without a log, and timers and exit handlers that must neither pile up nor hold the process open.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { useOutboxHarness, type Line } from './support/outbox-harness';

const { tempDir, make, closeAll } = useOutboxHarness('outbox-guard-');

const key = (n: number) => `contact.guard-key-${String(n).padStart(6, '0')}`;
const lockOf = (dir: string) => path.join(dir, 'owner.pid');
const pending = (dir: string) => fs.readdirSync(path.join(dir, 'pending')).sort();
const errors = (log: Line[]) => log.filter(([level]) => level === 'error');

/** Takes the folder with a lock written beforehand; returns what open() threw, if anything. */
function openOver(lockText: string): { dir: string; error: string | null } {
  const dir = tempDir();
  fs.writeFileSync(lockOf(dir), lockText);
  try {
    make(dir).box.open();
    return { dir, error: null };
  } catch (err) {
    return { dir, error: (err as Error).message };
  }
}

describe('keeping a lead on disk', () => {
  it('flushes the file before renaming it into place, then flushes the folder, closing both', () => {
    const dir = tempDir();
    const { box } = make(dir);
    box.open();
    const calls: string[] = [];
    const labels = new Map<number, string>();
    const real = {
      openSync: fs.openSync,
      writeSync: fs.writeSync,
      fsyncSync: fs.fsyncSync,
      closeSync: fs.closeSync,
      renameSync: fs.renameSync,
    };
    vi.spyOn(fs, 'openSync').mockImplementation(((file: string, ...rest: unknown[]) => {
      const fd = (real.openSync as (...a: unknown[]) => number)(file, ...rest);
      labels.set(fd, path.relative(dir, file).startsWith('tmp') ? 'temporary' : path.relative(dir, file));
      calls.push(`open ${labels.get(fd)}`);
      return fd;
    }) as never);
    vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, ...rest: unknown[]) => {
      calls.push(`write ${labels.get(fd)}`);
      return (real.writeSync as (...a: unknown[]) => number)(fd, ...rest);
    }) as never);
    vi.spyOn(fs, 'fsyncSync').mockImplementation((fd) => {
      calls.push(`fsync ${labels.get(fd)}`);
      real.fsyncSync(fd);
    });
    vi.spyOn(fs, 'closeSync').mockImplementation((fd) => {
      calls.push(`close ${labels.get(fd)}`);
      real.closeSync(fd);
    });
    vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      calls.push(`rename to ${path.relative(dir, String(to))}`);
      real.renameSync(from, to);
    });

    box.enqueue(key(1), 'contact', { text: 'x' });

    expect(calls).toEqual([
      'open temporary',
      'write temporary',
      'fsync temporary',
      'close temporary',
      `rename to pending/${key(1)}.json`,
      'open pending',
      'fsync pending',
      'close pending',
    ]);
  });

  it('holds no file open after keeping and retrying many leads', async () => {
    const openFiles = () => fs.readdirSync('/proc/self/fd').length;
    const dir = tempDir();
    const clock = { now: 0 };
    const { box } = make(dir, async () => ({ status: 'retry', error: '503' }), { clock });
    box.open();
    const before = openFiles();
    for (let n = 0; n < 20; n++) box.enqueue(key(n), 'contact', { text: String(n) });
    clock.now = 5_000;
    await box.tick();
    expect(openFiles()).toBe(before);
  });

  it('answers the first lead for a key seen again, after it was tried, with its attempts and first time', async () => {
    const dir = tempDir();
    const clock = { now: 0 };
    const { box } = make(dir, async () => ({ status: 'retry', error: '503' }), { clock });
    box.enqueue(key(1), 'contact', { text: 'first' });
    clock.now = 5_000;
    await box.tick();
    const again = box.enqueue(key(1), 'contact', { text: 'second' });
    expect(again).toMatchObject({ createdAt: 0, attempts: 1, payload: { text: 'first' } });
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'pending', `${key(1)}.json`), 'utf8'))).toMatchObject({ attempts: 1, createdAt: 0 });
  });

  it('in a writer, answers a key already on disk with the kept lead, and writes a key again once the deliverer sent it', async () => {
    const dir = tempDir();
    const clock = { now: 0 };
    const writer = make(dir, undefined, { role: 'writer', clock });
    writer.box.enqueue(key(1), 'contact', { text: 'first' });
    clock.now = 5_000;
    expect(writer.box.enqueue(key(1), 'contact', { text: 'second' })).toMatchObject({ createdAt: 0, payload: { text: 'first' } });
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'pending', `${key(1)}.json`), 'utf8'))).toMatchObject({ createdAt: 0 });
    expect(writer.box.list()).toEqual([]);
    expect(writer.box.stats().depth).toBe(1);

    const deliverer = make(dir, undefined, { clock });
    deliverer.box.open();
    clock.now = 10_000;
    await deliverer.box.tick();
    expect(pending(dir)).toEqual([]);
    expect(writer.box.stats().depth).toBe(0);
    // The site's own retry of a lead already sent is kept again; WordPress answers it by its key.
    writer.box.enqueue(key(1), 'contact', { text: 'first' });
    expect(pending(dir)).toEqual([`${key(1)}.json`]);
  });
});

describe('the lock on the folder', () => {
  it('refuses a folder whose owner runs as another user (the system says "not permitted", not "no such process")', () => {
    const other = process.ppid;
    vi.spyOn(process, 'kill').mockImplementation(() => {
      throw Object.assign(new Error('kill EPERM'), { code: 'EPERM' });
    });
    const { dir, error } = openOver(JSON.stringify({ host: os.hostname(), boot: null, pid: other, start: null }));
    expect(error).toBe(
      `The lead outbox ${dir} is in use by process ${other} on ${os.hostname()}; give each site instance its own OUTBOX_DIR.`,
    );
  });

  it('refuses a bare pid of a live process, written with a newline as shells do', () => {
    const { dir, error } = openOver(`${process.ppid}\n`);
    expect(error).toBe(
      `The lead outbox ${dir} is in use by process ${process.ppid} on ${os.hostname()}; give each site instance its own OUTBOX_DIR.`,
    );
  });

  it.each([
    ['a number that is not a bare pid', '1.0'],
    ['a number with a sign', '+1'],
    ['an owner without a host', JSON.stringify({ pid: 1 })],
    ['an owner whose pid is text', JSON.stringify({ host: os.hostname(), pid: '1' })],
  ])('takes over a lock holding %s, even when that pid is alive', (_, text) => {
    const { dir, error } = openOver(text);
    expect(error).toBeNull();
    expect(JSON.parse(fs.readFileSync(lockOf(dir), 'utf8'))).toMatchObject({ pid: process.pid });
  });

  it("takes another host's lock over once it is exactly three heartbeats old", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = 1_800_000_000_000;
    vi.setSystemTime(now);
    const dir = tempDir();
    fs.writeFileSync(lockOf(dir), JSON.stringify({ host: 'another-host', boot: null, pid: 4242, start: null }));
    const at = new Date(now - 90_000);
    fs.utimesSync(lockOf(dir), at, at);
    // One millisecond short of stale: refused.
    vi.setSystemTime(now - 1);
    expect(() => make(dir).box.open()).toThrow('is in use by process 4242 on another-host');
    vi.setSystemTime(now);
    expect(() => make(dir).box.open()).not.toThrow();
  });

  it('gives the disk’s own error when the lock cannot be written, not a guess', () => {
    const dir = tempDir();
    const real = fs.writeFileSync;
    vi.spyOn(fs, 'writeFileSync').mockImplementation((file, ...rest) => {
      if (file === lockOf(dir)) throw Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' });
      real(file, ...rest);
    });
    expect(() => make(dir).box.open()).toThrow('EROFS: read-only file system');
  });

  it('gives up with a clear error when the lock keeps coming back after it is cleared', () => {
    const dir = tempDir();
    fs.writeFileSync(lockOf(dir), '999999999');
    const real = fs.rmSync;
    // Another process re-creates the lock each time this one clears it.
    vi.spyOn(fs, 'rmSync').mockImplementation((file, options) => {
      if (file !== lockOf(dir)) real(file, options);
    });
    expect(() => make(dir).box.open()).toThrow(`Could not claim the lead outbox ${dir}.`);
  });

  it('claims the folder when the dead owner’s lock disappears while being cleared', () => {
    const dir = tempDir();
    fs.writeFileSync(lockOf(dir), '999999999');
    const real = fs.readFileSync;
    vi.spyOn(fs, 'readFileSync').mockImplementation(((file: fs.PathOrFileDescriptor, options?: unknown) => {
      const text = (real as (...a: unknown[]) => unknown)(file, options);
      if (file === lockOf(dir) && fs.existsSync(lockOf(dir)) && String(text).trim() === '999999999') fs.unlinkSync(lockOf(dir));
      return text;
    }) as never);
    expect(() => make(dir).box.open()).not.toThrow();
    expect(JSON.parse(real(lockOf(dir), 'utf8'))).toMatchObject({ pid: process.pid });
  });

  it('claims a folder where this kernel has no boot id (not Linux), naming no boot', () => {
    const dir = tempDir();
    const real = fs.readFileSync;
    vi.spyOn(fs, 'readFileSync').mockImplementation(((file: fs.PathOrFileDescriptor, options?: unknown) => {
      if (file === '/proc/sys/kernel/random/boot_id') throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      return (real as (...a: unknown[]) => unknown)(file, options);
    }) as never);
    make(dir).box.open();
    expect(JSON.parse(real(lockOf(dir), 'utf8'))).toMatchObject({ boot: null, pid: process.pid });
  });

  it('closes cleanly when its lock was replaced by something unreadable, and leaves that file alone', async () => {
    const dir = tempDir();
    const { box } = make(dir);
    box.open();
    fs.writeFileSync(lockOf(dir), 'garbage');
    await expect(box.close()).resolves.toBeUndefined();
    expect(fs.readFileSync(lockOf(dir), 'utf8')).toBe('garbage');
  });

  it('adds one exit handler however often it is opened, and removes it when closed', async () => {
    const before = process.listenerCount('exit');
    const { box } = make(tempDir());
    box.open();
    box.open();
    expect(process.listenerCount('exit')).toBe(before + 1);
    await box.close();
    expect(process.listenerCount('exit')).toBe(before);
  });
});

describe('timers', () => {
  it('keep nothing that holds the process open', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    const { box } = make(tempDir());
    box.start();
    expect(timers()).toBe(before);
    await box.close();
  });

  it('are all cleared on close, and a writer has none', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { box } = make(tempDir());
    box.start();
    expect(vi.getTimerCount()).toBe(2);
    await box.close();
    expect(vi.getTimerCount()).toBe(0);
    make(tempDir(), undefined, { role: 'writer' }).box.start();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('start opens the folder on its own: it claims the lock and reads back waiting leads, once', async () => {
    const dir = tempDir();
    make(dir, async () => ({ status: 'retry', error: '503' })).box.enqueue(key(1), 'contact', { text: 'x' });
    await closeAll();
    const { box, log } = make(dir);
    box.start();
    expect(fs.existsSync(lockOf(dir))).toBe(true);
    expect(box.stats().depth).toBe(1);
    box.enqueue(key(2), 'contact', { text: 'y' });
    box.start();
    expect(log).toEqual([['info', 'lead outbox: 1 lead(s) waiting from before the restart']]);
  });
});

describe('reading the folder', () => {
  it("keeps a temporary exactly one minute old: it may still be a writer's", () => {
    const dir = tempDir();
    const tmp = path.join(dir, 'tmp');
    fs.mkdirSync(tmp, { recursive: true });
    const file = path.join(tmp, 'edge.json.1.aa');
    fs.writeFileSync(file, '{');
    const at = new Date(1_800_000_000_000);
    fs.utimesSync(file, at, at);
    make(dir, undefined, { clock: { now: at.getTime() + 60_000 } }).box.open();
    expect(fs.readdirSync(tmp)).toEqual(['edge.json.1.aa']);
  });

  it("gives a writer's new lead a first try soon, not on the pass that found it", async () => {
    const dir = tempDir();
    const clock = { now: 10_000 };
    const deliverer = make(dir, undefined, { clock });
    const { sent } = deliverer;
    deliverer.box.open();
    make(dir, undefined, { role: 'writer', clock }).box.enqueue(key(1), 'contact', { text: 'x' });
    await deliverer.box.tick();
    expect(sent).toEqual([]);
    clock.now += 500;
    await deliverer.box.tick();
    expect(sent).toEqual([key(1)]);
  });

  it('passes over a lead file that is gone by the time it is read, without calling it unreadable', async () => {
    const dir = tempDir();
    const { box, log } = make(dir);
    box.open();
    fs.symlinkSync(path.join(dir, 'nowhere.json'), path.join(dir, 'pending', `${key(1)}.json`));
    await box.tick();
    expect(log).toEqual([]);
    expect(fs.readdirSync(path.join(dir, 'dead'))).toEqual([]);
    expect(box.stats()).toMatchObject({ depth: 0, dead: 0 });
  });

  it('counts only dead letters, not other files a person left in dead/', () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'dead'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'dead', `${key(1)}.json`), '{}');
    fs.writeFileSync(path.join(dir, 'dead', 'notes.txt'), 'looked at on Monday');
    const { box } = make(dir);
    box.open();
    expect(box.stats().dead).toBe(1);
  });
});

describe('a lead that disappears while it is sent', () => {
  it.each([
    ['delivered', { status: 'delivered' } as const],
    ['refused for good', { status: 'rejected', error: 'car deleted' } as const],
  ])('is %s without a disk error when a person removed its file meanwhile', async (_, result) => {
    const dir = tempDir();
    const clock = { now: 0 };
    const { box, log } = make(
      dir,
      async (e) => {
        fs.rmSync(path.join(dir, 'pending', `${e.key}.json`));
        return result;
      },
      { clock },
    );
    box.enqueue(key(1), 'contact', { text: 'x' });
    clock.now = 5_000;
    await box.tick();
    expect(errors(log).filter(([, m]) => m.includes('could not record'))).toEqual([]);
    expect(box.stats().depth).toBe(0);
  });
});

describe('an outbox without a log', () => {
  it('still sets a torn file aside when opening', () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'pending'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'pending', `${key(1)}.json`), '{"key":');
    const { box } = make(dir, undefined, { log: undefined });
    expect(() => box.open()).not.toThrow();
    expect(box.stats().dead).toBe(1);
  });

  it('keeps going when it cannot read the folder or record an attempt', async () => {
    const dir = tempDir();
    const clock = { now: 0 };
    let calls = 0;
    const { box } = make(
      dir,
      async () => {
        calls++;
        fs.rmSync(path.join(dir, 'tmp'), { recursive: true, force: true });
        return { status: 'retry', error: 'down' };
      },
      { clock, log: undefined },
    );
    box.enqueue(key(1), 'contact', { text: 'x' });
    clock.now = 5_000;
    await expect(box.tick()).resolves.toBeUndefined();
    expect(calls).toBe(1);
    fs.rmSync(path.join(dir, 'pending'), { recursive: true });
    clock.now = 20_000;
    await expect(box.tick()).resolves.toBeUndefined();
    expect(calls).toBe(2);
    expect(box.stats().depth).toBe(1);
  });
});
