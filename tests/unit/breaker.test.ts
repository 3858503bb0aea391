// The circuit breaker in front of WordPress, on a clock the test drives: it opens after a few
// failures in a row, answers at once while open, lets exactly one probe through, and doubles its
// open interval after each failed probe up to the ceiling.
import { describe, expect, it } from 'vitest';
import { CircuitBreaker, CircuitOpenError } from '~/lib/wordpress/breaker.server';

function setup() {
  let now = 1_000_000;
  const breaker = new CircuitBreaker({ failureThreshold: 3, baseOpenMs: 1_000, maxOpenMs: 4_000, now: () => now });
  const isFailure = (e: unknown) => e instanceof Error && e.message === 'down';
  const fail = () => breaker.run(() => Promise.reject(new Error('down')), isFailure);
  const refuse = () => breaker.run(() => Promise.reject(new Error('400 bad field')), isFailure);
  const ok = () => breaker.run(() => Promise.resolve('ok'), isFailure);
  return { breaker, fail, refuse, ok, advance: (ms: number) => (now += ms) };
}

describe('circuit breaker', () => {
  it('stays closed through refusals and opens on the third failure in a row', async () => {
    const { breaker, fail, refuse, ok } = setup();
    await expect(fail()).rejects.toThrow('down');
    await expect(fail()).rejects.toThrow('down');
    // A refusal is WordPress working: it resets the count.
    await expect(refuse()).rejects.toThrow('400');
    await expect(fail()).rejects.toThrow('down');
    await expect(fail()).rejects.toThrow('down');
    expect(breaker.state).toBe('closed');
    await expect(ok()).resolves.toBe('ok');
    for (let i = 0; i < 3; i++) await expect(fail()).rejects.toThrow('down');
    expect(breaker.state).toBe('open');
  });

  it('fails at once while open, without calling WordPress', async () => {
    const { breaker, fail } = setup();
    for (let i = 0; i < 3; i++) await expect(fail()).rejects.toThrow('down');
    let called = 0;
    const error = await breaker
      .run(
        async () => {
          called++;
          return 1;
        },
        () => true,
      )
      .catch((e) => e);
    expect(error).toBeInstanceOf(CircuitOpenError);
    expect(error.retryInMs).toBe(1_000);
    expect(called).toBe(0);
  });

  it('lets one probe through when the interval ends and closes on its success', async () => {
    const { breaker, fail, advance } = setup();
    let closed = 0;
    breaker.onClose(() => closed++);
    for (let i = 0; i < 3; i++) await expect(fail()).rejects.toThrow('down');
    advance(1_000);
    expect(breaker.state).toBe('half-open');
    let release!: (v: string) => void;
    const probe = breaker.run(
      () => new Promise<string>((r) => (release = r)),
      () => true,
    );
    // While the probe is out, everyone else is turned away.
    await expect(
      breaker.run(
        () => Promise.resolve('second'),
        () => true,
      ),
    ).rejects.toBeInstanceOf(CircuitOpenError);
    release('back');
    await expect(probe).resolves.toBe('back');
    expect(breaker.state).toBe('closed');
    expect(closed).toBe(1);
  });

  it('doubles the open interval after each failed probe, up to the ceiling', async () => {
    const { breaker, fail, advance } = setup();
    for (let i = 0; i < 3; i++) await expect(fail()).rejects.toThrow('down');
    const intervals: number[] = [breaker.retryInMs()];
    for (let i = 0; i < 4; i++) {
      advance(intervals.at(-1)!);
      await expect(fail()).rejects.toThrow('down');
      intervals.push(breaker.retryInMs());
    }
    expect(intervals).toEqual([1_000, 2_000, 4_000, 4_000, 4_000]);
  });
});
