// A circuit breaker in front of WordPress. While WordPress hangs or refuses, every page that asks it
// would otherwise wait for the full time-out and pile up sockets; after a few failures in a row the
// breaker answers "unavailable" at once for a short interval, then lets a single probe through. A
// probe that succeeds closes it; one that fails opens it again for twice as long, up to a ceiling,
// so a long outage costs WordPress one call per interval instead of one per visitor.

export type BreakerState = 'closed' | 'open' | 'half-open';

export type BreakerOptions = {
  /** Consecutive failures that open the circuit. */
  failureThreshold?: number;
  /** First open interval; each failed probe doubles it. */
  baseOpenMs?: number;
  /** Ceiling of the open interval. */
  maxOpenMs?: number;
  now?: () => number;
};

export class CircuitOpenError extends Error {
  override name = 'CircuitOpenError';
  constructor(
    /** Milliseconds until the next probe may go through. */
    public retryInMs: number,
  ) {
    super('WordPress is unavailable right now.');
  }
}

export class CircuitBreaker {
  private failures = 0;
  private openUntil = 0;
  private openMs: number;
  private probing = false;
  private readonly threshold: number;
  private readonly baseOpenMs: number;
  private readonly maxOpenMs: number;
  private readonly now: () => number;
  private readonly closeListeners = new Set<() => void>();

  constructor(options: BreakerOptions = {}) {
    this.threshold = options.failureThreshold ?? 3;
    this.baseOpenMs = options.baseOpenMs ?? 1_000;
    this.maxOpenMs = options.maxOpenMs ?? 15_000;
    this.now = options.now ?? Date.now;
    this.openMs = this.baseOpenMs;
  }

  get state(): BreakerState {
    if (this.failures < this.threshold) return 'closed';
    return this.now() < this.openUntil ? 'open' : 'half-open';
  }

  /** Milliseconds until a call may be tried again; 0 when one may go now. */
  retryInMs(): number {
    return this.state === 'open' ? this.openUntil - this.now() : 0;
  }

  /** Called once each time WordPress answers again after an outage. */
  onClose(listener: () => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  /**
   * Runs `call` unless the circuit is open. `isFailure` says which errors count against WordPress
   * (a time-out or a 5xx does; a refusal such as 400 or 404 is WordPress working as it should).
   */
  async run<T>(call: () => Promise<T>, isFailure: (error: unknown) => boolean): Promise<T> {
    const state = this.state;
    if (state === 'open') throw new CircuitOpenError(this.retryInMs());
    // Half-open: exactly one probe at a time; everyone else is told to come back shortly.
    if (state === 'half-open') {
      if (this.probing) throw new CircuitOpenError(Math.min(this.baseOpenMs, this.openMs));
      this.probing = true;
    }
    const probe = state === 'half-open';
    try {
      const value = await call();
      this.succeeded();
      return value;
    } catch (error) {
      if (isFailure(error)) this.failed(probe);
      else this.succeeded();
      throw error;
    } finally {
      if (probe) this.probing = false;
    }
  }

  /**
   * Opens the circuit now, without waiting for more failures: for a sign as sure as several
   * failures in a row (WordPress answered nothing at all for a while, see hang-watch.server.ts).
   */
  trip(): void {
    if (this.state === 'open') return;
    this.failures = Math.max(this.failures, this.threshold);
    this.openUntil = this.now() + this.openMs;
  }

  private succeeded(): void {
    const wasDown = this.failures >= this.threshold;
    this.failures = 0;
    this.openMs = this.baseOpenMs;
    this.openUntil = 0;
    if (wasDown) for (const listener of this.closeListeners) listener();
  }

  private failed(probe: boolean): void {
    this.failures += 1;
    if (this.failures < this.threshold) return;
    // The call that trips the breaker opens it at the base interval; each failed probe doubles it.
    if (probe) this.openMs = Math.min(this.maxOpenMs, this.openMs * 2);
    this.openUntil = this.now() + this.openMs;
  }
}
