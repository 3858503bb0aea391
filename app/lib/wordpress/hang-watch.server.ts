// Tells a hung WordPress from a slow answer, so a visitor stops waiting as soon as the site can know.
// A live WordPress keeps answering somebody: while any call gets an answer, a slow call is just slow
// and may use its whole time-out. When a watched call (a catalogue read, or a lead, which the outbox
// keeps safe) has waited `hangMs` and nothing at all has come back from WordPress since it was sent
// (its PHP workers stuck, the database locked), WordPress is hung: that call gives up, every other
// watched call still waiting gives up with it, and the breaker opens so the calls after them fail at
// once instead of each waiting its own time-out. Other writes (sign-in, favourites) are not watched:
// giving up on one WordPress may still carry out would tell the visitor it failed when it did not.
import type { CircuitBreaker } from './breaker.server';

/** How long a watched call waits with nothing at all coming back from WordPress before it calls it hung. */
export const HANG_MS = 1_500;

export class HangWatch {
  private lastAnswerAt = Number.NEGATIVE_INFINITY;
  private hung = new AbortController();

  constructor(
    private readonly breaker: CircuitBreaker,
    private readonly hangMs = HANG_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** A fetch that notes each answer (any status: a 404 or a 500 is WordPress alive) as it arrives. */
  watch(doFetch: typeof fetch): typeof fetch {
    return async (input, init) => {
      const res = await doFetch(input, init);
      this.lastAnswerAt = this.now();
      return res;
    };
  }

  /**
   * The signal of one watched call: aborts after `timeoutMs`, or after `hangMs` when WordPress
   * answered nothing since the call began, or when another call found WordPress hung. `done` must be
   * called once the call has settled.
   */
  deadline(timeoutMs: number): { signal: AbortSignal; done: () => void } {
    const began = this.now();
    const controller = new AbortController();
    const timedOut = () => new DOMException('WordPress did not answer in time.', 'TimeoutError');
    const shared = this.hung.signal;
    const onHung = () => controller.abort(shared.reason);
    shared.addEventListener('abort', onHung, { once: true });
    const last = setTimeout(() => controller.abort(timedOut()), timeoutMs);
    const first =
      this.hangMs < timeoutMs
        ? setTimeout(() => {
            if (this.lastAnswerAt >= began) return;
            this.declareHung(timedOut());
          }, this.hangMs)
        : undefined;
    return {
      signal: controller.signal,
      done: () => {
        clearTimeout(last);
        clearTimeout(first);
        shared.removeEventListener('abort', onHung);
      },
    };
  }

  private declareHung(reason: DOMException): void {
    this.breaker.trip();
    const waiting = this.hung;
    this.hung = new AbortController();
    waiting.abort(reason);
  }
}
