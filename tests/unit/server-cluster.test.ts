// The site's processes (server/cluster.mjs, server/render-queue.mjs): how many workers start, and
// renders taking turns in the order they came.
import { describe, expect, it } from 'vitest';
import { workerCount } from '../../server/cluster.mjs';
import { createRenderQueue } from '../../server/render-queue.mjs';

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
    const queue = createRenderQueue(2);
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
    const queue = createRenderQueue(1);
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'next')).toBe('next');
    expect(queue.running).toBe(0);
  });
});
