// The site's processes (server/cluster.mjs, server/render-queue.mjs): how many workers start, and
// renders taking turns in the order they came, and refused at once past the queue's bound or deadline.
import { describe, expect, it } from 'vitest';
import { workerCount } from '../../server/cluster.mjs';
import { createRenderQueue, renderGuardSettings, RenderRefusedError } from '../../server/render-queue.mjs';

describe('workerCount (WEB_CONCURRENCY)', () => {
  it('is every core in production, one in development, unless set', () => {
    expect(workerCount(undefined, 'production', 4)).toBe(4);
    expect(workerCount('', 'production', 2)).toBe(2);
    expect(workerCount(undefined, 'development', 8)).toBe(1);
    expect(workerCount('3', 'production', 2)).toBe(3);
    expect(workerCount(' 1 ', 'development', 8)).toBe(1);
  });

  it('refuses anything but a whole number from 1 to 256', () => {
    for (const bad of ['0', '-1', '1.5', 'two', '257', '2x']) expect(workerCount(bad, 'production', 2)).toBeNull();
  });
});

describe('render queue', () => {
  it('runs at most `limit` at once and the waiting ones first come, first served', async () => {
    const queue = createRenderQueue({ limit: 2 });
    const started: number[] = [];
    const finishers: Array<() => void> = [];
    const task = (n: number) => () =>
      new Promise<number>((resolve) => {
        started.push(n);
        finishers[n] = () => resolve(n);
      });
    const results = [1, 2, 3, 4].map((n) => queue.run(task(n)));
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    expect(queue.waiting).toBe(2);
    finishers[2]!();
    await results[1];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([1, 2, 3]);
    finishers[1]!();
    finishers[3]!();
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([1, 2, 3, 4]);
    finishers[4]!();
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4]);
    expect(queue.running).toBe(0);
  });

  it('frees the place of a task that failed', async () => {
    const queue = createRenderQueue({ limit: 1 });
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'next')).toBe('next');
    expect(queue.running).toBe(0);
  });

  it('refuses at once when the queue is full, and never runs the refused task', async () => {
    const queue = createRenderQueue({ limit: 1, queueMax: 1, maxWaitMs: 10_000 });
    let finish = () => {};
    const first = queue.run(() => new Promise<string>((resolve) => (finish = () => resolve('first'))));
    const second = queue.run(async () => 'second');
    let ran = false;
    await expect(queue.run(async () => (ran = true))).rejects.toBeInstanceOf(RenderRefusedError);
    expect(ran).toBe(false);
    finish();
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(queue.refused).toBe(1);
  });

  it('gives up a wait that runs past the deadline and keeps the order of the rest', async () => {
    const queue = createRenderQueue({ limit: 1, queueMax: 10, maxWaitMs: 50 });
    let finish = () => {};
    const first = queue.run(() => new Promise<string>((resolve) => (finish = () => resolve('first'))));
    const waited = queue.run(async () => 'never');
    await expect(waited).rejects.toMatchObject({ name: 'RenderRefusedError', reason: 'waited too long' });
    expect(queue.waiting).toBe(0);
    const next = queue.run(async () => 'next');
    finish();
    expect(await Promise.all([first, next])).toEqual(['first', 'next']);
    expect(queue.running).toBe(0);
  });

  it('reads its bounds from the environment and refuses nonsense', () => {
    expect(renderGuardSettings({})).toEqual({ limit: 4, queueMax: 16, maxWaitMs: 300 });
    expect(renderGuardSettings({ RENDER_LIMIT: '1', RENDER_QUEUE_MAX: '0', RENDER_QUEUE_WAIT_MS: '250' })).toEqual({
      limit: 1,
      queueMax: 0,
      maxWaitMs: 250,
    });
    expect(renderGuardSettings({ RENDER_QUEUE_MAX: 'lots' })).toEqual({
      error: expect.stringContaining('RENDER_QUEUE_MAX'),
    });
    expect(renderGuardSettings({ RENDER_QUEUE_WAIT_MS: '0' })).toEqual({
      error: expect.stringContaining('RENDER_QUEUE_WAIT_MS'),
    });
  });
});
