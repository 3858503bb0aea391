// A durable outbox for leads WordPress could not take when the visitor sent them. A lead is a sale
// in waiting, so "WordPress is down" must never lose one: it is written to disk first (one file per
// lead, written to a temporary name, fsynced, then renamed into place and the folder fsynced, the
// way mail servers keep their queues), the visitor is told it is safe, and a background loop
// delivers it with exponential backoff and jitter until WordPress accepts it. Every lead carries an
// idempotency key that WordPress stores with it, so a delivery that WordPress took but could not
// confirm (a time-out after it stored the lead) is answered with the first result on the next try,
// never stored twice. A lead WordPress refuses for good (say, its car was deleted) is moved aside
// to dead/ with the reason, for a person to look at; it is never dropped.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type OutboxEntry<P = unknown> = {
  /** The lead's idempotency key; also its file name. */
  key: string;
  /** What kind of lead, so delivery knows which WordPress route takes it. */
  kind: string;
  payload: P;
  createdAt: number;
  attempts: number;
  lastError?: string;
  lastAttemptAt?: number;
};

export type DeliveryResult =
  | { status: 'delivered' }
  /** Try again later; `afterMs` is the least wait WordPress asked for, if any. */
  | { status: 'retry'; error: string; afterMs?: number; counted?: boolean }
  | { status: 'rejected'; error: string };

export type OutboxOptions<P> = {
  dir: string;
  deliver: (entry: OutboxEntry<P>) => Promise<DeliveryResult>;
  /** First retry delay; doubled per attempt up to `maxDelayMs`, each drawn at random below it. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Deliveries in flight at once. */
  concurrency?: number;
  /** How often the loop looks for due leads. */
  tickMs?: number;
  now?: () => number;
  random?: () => number;
  log?: (level: 'info' | 'warn' | 'error', message: string) => void;
  /**
   * `deliverer` (the default): this process owns the folder and sends what it holds. `writer`: one of
   * several processes of one site (server.mjs's workers) that only keep leads on disk; the
   * deliverer reads the new files on its next pass, so each lead is sent by exactly one process.
   */
  role?: 'deliverer' | 'writer';
};

export type OutboxStats = { depth: number; dead: number; oldestAgeMs: number | null };

/** Keys become file names: letters, digits and _.:- only, so never a path. */
export const OUTBOX_KEY_PATTERN = /^[A-Za-z0-9_.:-]{16,160}$/;

const PENDING = 'pending';
const DEAD = 'dead';
const TMP = 'tmp';
/** A temporary file older than this was left by a crash; a younger one may be a writer's, mid-write. */
const STALE_TMP_MS = 60_000;

function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes `data` to `file` so that after a crash the file is either the old one or the whole new one. */
function writeDurably(tmpDir: string, file: string, data: string): void {
  const tmp = path.join(tmpDir, `${path.basename(file)}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`);
  const fd = fs.openSync(tmp, 'w', 0o600);
  try {
    fs.writeSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  fsyncDir(path.dirname(file));
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The owner refreshes its lock this often; a lock of another host left untouched 3 times as long is stale. */
export const LOCK_HEARTBEAT_MS = 30_000;
const LOCK_STALE_MS = 3 * LOCK_HEARTBEAT_MS;

/**
 * Who a lock names: the host (a container's host name is its own), this boot of the kernel and the
 * process with its start time. A pid alone is not enough: in a restarted container the same pid is
 * soon another process, and a folder on a shared volume may be claimed from another host.
 */
type LockOwner = { host: string; boot: string | null; pid: number; start: string | null };

const readProc = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch /* Stryker disable next-line BlockStatement: every caller reads undefined as it reads null (`??`, a falsy test) */ {
    return null;
  }
};

/** The process's start time in clock ticks since boot (Linux), or null where /proc does not say. */
function processStart(pid: number): string | null {
  const stat = readProc(`/proc/${pid}/stat`);
  // Fields after the command name (which may hold spaces) start at the last ')'; starttime is the 22nd.
  return stat ? (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null) : null;
}

const thisOwner = (): LockOwner => ({
  host: os.hostname(),
  boot: readProc('/proc/sys/kernel/random/boot_id')?.trim() ?? null,
  pid: process.pid,
  start: processStart(process.pid),
});

/** The owner a lock names; a bare number is a lock written before locks named their host. */
function parseLock(text: string): LockOwner | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { host: os.hostname(), boot: null, pid: Number(trimmed), start: null };
  try {
    const o = JSON.parse(trimmed) as Partial<LockOwner>;
    return typeof o.host === 'string' && Number.isInteger(o.pid)
      ? { host: o.host, boot: o.boot ?? null, pid: o.pid!, start: o.start ?? null }
      : null;
  } catch /* Stryker disable next-line BlockStatement: undefined and null both mean "no owner" to the only caller (`owner && …`) */ {
    return null;
  }
}

/** Whether the lock's owner may still be delivering; only then is the folder refused. */
function ownerLive(owner: LockOwner, lock: string, now: number): boolean {
  const me = thisOwner();
  if (owner.host !== me.host) return now - fs.statSync(lock).mtimeMs < LOCK_STALE_MS;
  if (owner.boot && me.boot && owner.boot !== me.boot) return false;
  if (owner.pid === process.pid || owner.pid <= 0 || !pidAlive(owner.pid)) return false;
  // The pid is taken, but by the owner only if that process started when the owner did.
  const start = processStart(owner.pid);
  return !(owner.start && start && owner.start !== start);
}

/**
 * Claims the folder for this process. Two processes delivering from one folder would each send
 * every lead (harmless, thanks to the keys) but also rewrite each other's files; one owner is simpler.
 * A lock whose owner has ended (a crash, a restarted container, a host that stopped refreshing it)
 * is taken over.
 */
function claimFolder(dir: string, now: number): string {
  const lock = path.join(dir, 'owner.pid');
  // Stryker disable next-line EqualityOperator: a third try differs only if another process re-took the lock twice in the instants between; one of them owns the folder either way
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lock, JSON.stringify(thisOwner()), { flag: 'wx', mode: 0o644 });
      return lock;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = parseLock(fs.readFileSync(lock, 'utf8'));
      if (owner && ownerLive(owner, lock, now)) {
        throw new Error(
          `The lead outbox ${dir} is in use by process ${owner.pid} on ${owner.host}; give each site instance its own OUTBOX_DIR.`,
        );
      }
      fs.rmSync(lock, { force: true });
    }
  }
  throw new Error(`Could not claim the lead outbox ${dir}.`);
}

export class Outbox<P = unknown> {
  private readonly entries = new Map<string, OutboxEntry<P>>();
  /** When each lead is due next; kept in memory (after a restart every lead is due at once). */
  private readonly dueAt = new Map<string, number>();
  private readonly inFlight = new Set<string>();
  private deadCount = 0;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private lockFile: string | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly releaseOnExit = () => this.release();
  private readonly opts: Required<Omit<OutboxOptions<P>, 'log'>> & Pick<OutboxOptions<P>, 'log'>;
  private opened = false;

  constructor(options: OutboxOptions<P>) {
    this.opts = {
      baseDelayMs: 1_000,
      maxDelayMs: 60_000,
      concurrency: 4,
      tickMs: 500,
      now: Date.now,
      random: Math.random,
      role: 'deliverer',
      ...options,
    };
  }

  private get pendingDir() {
    return path.join(this.opts.dir, PENDING);
  }

  private fileOf(key: string) {
    return path.join(this.pendingDir, `${key}.json`);
  }

  private get delivers(): boolean {
    return this.opts.role === 'deliverer';
  }

  /**
   * Creates the folders; the deliverer claims them and reads back every lead a previous process
   * left. A writer only makes sure the folders exist.
   */
  open(): this {
    for (const sub of [PENDING, DEAD, TMP]) fs.mkdirSync(path.join(this.opts.dir, sub), { recursive: true, mode: 0o700 });
    this.opened = true;
    if (!this.delivers) return this;
    if (!this.lockFile) {
      this.lockFile = claimFolder(this.opts.dir, Date.now());
      // Fresh while this process lives (another host's claim waits for it to go stale), and given
      // up on any exit, so a stopped container's successor claims it at once.
      this.heartbeat = setInterval(() => this.touchLock(), LOCK_HEARTBEAT_MS);
      this.heartbeat.unref();
      process.once('exit', this.releaseOnExit);
    }
    // Half-written temporaries of a crash were never renamed into place: the lead they held was
    // never acknowledged to anyone from them, so they are only litter. A recent one may be a
    // writer's that is about to be renamed, and is left alone.
    const tmpDir = path.join(this.opts.dir, TMP);
    for (const name of fs.readdirSync(tmpDir)) {
      const file = path.join(tmpDir, name);
      try {
        // Stryker disable next-line ObjectLiteral,BooleanLiteral: a temporary gone meanwhile makes rmSync throw into the catch below, which ignores it just as `force` would
        if (this.opts.now() - fs.statSync(file).mtimeMs > STALE_TMP_MS) fs.rmSync(file, { force: true });
      } catch {
        /* renamed meanwhile */
      }
    }
    this.reload();
    if (this.entries.size) this.opts.log?.('info', `lead outbox: ${this.entries.size} lead(s) waiting from before the restart`);
    return this;
  }

  /**
   * Picks up leads put back into pending/ by hand (a dead letter moved back after its cause was
   * fixed), without a restart.
   */
  reload(dueAfterMs = 0): void {
    for (const name of fs.readdirSync(this.pendingDir)) {
      const key = name.slice(0, -5);
      if (!name.endsWith('.json') || this.entries.has(key)) continue;
      try {
        const entry = JSON.parse(fs.readFileSync(path.join(this.pendingDir, name), 'utf8')) as OutboxEntry<P>;
        if (entry.key !== key) throw new Error('key does not match the file name');
        this.entries.set(key, entry);
        this.dueAt.set(key, this.opts.now() + dueAfterMs);
      } catch (err) {
        // Delivered and removed between the listing and the read, by the deliverer.
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        if (this.delivers) this.moveToDead(key, null, `unreadable: ${(err as Error).message}`);
      }
    }
    this.deadCount = fs.readdirSync(path.join(this.opts.dir, DEAD)).filter((n) => n.endsWith('.json')).length;
  }

  /** Starts the delivery loop (a writer has none). */
  start(): this {
    if (!this.opened) this.open();
    if (!this.delivers) return this;
    if (!this.timer) {
      this.timer = setInterval(() => void this.tick(), this.opts.tickMs);
      this.timer.unref();
    }
    return this;
  }

  stop(): void {
    // Stryker disable next-line ConditionalExpression: clearInterval(null) does nothing, so testing first changes nothing
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Stops the loop and gives the folder up (tests, and a clean shutdown). */
  async close(): Promise<void> {
    this.stop();
    await this.ticking;
    this.release();
  }

  private touchLock(): void {
    try {
      // Stryker disable next-line ConditionalExpression: with no lock, utimesSync(null) throws into the catch below, which ignores it
      if (this.lockFile) fs.utimesSync(this.lockFile, new Date(), new Date());
    } catch {
      /* removed by hand; the next claim decides */
    }
  }

  /** Gives the folder up, unless another process has taken it over meanwhile. */
  private release(): void {
    // Stryker disable next-line ConditionalExpression: clearInterval(null) does nothing, so testing first changes nothing
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    process.off('exit', this.releaseOnExit);
    // Stryker disable next-line ObjectLiteral,BooleanLiteral,StringLiteral: the lock was read a moment before, so `force` matters only if a person removed it in that instant; a missing lock reads as '' would: no owner
    if (this.lockFile && parseLock(readProc(this.lockFile) ?? '')?.pid === process.pid) fs.rmSync(this.lockFile, { force: true });
    this.lockFile = null;
  }

  /**
   * Keeps a lead on disk before anyone is told it is safe. The same key twice is one lead: the
   * second call finds it waiting and changes nothing.
   */
  enqueue(key: string, kind: string, payload: P): OutboxEntry<P> {
    if (!OUTBOX_KEY_PATTERN.test(key)) throw new Error('An outbox key must be 16 to 160 letters, digits or _.:-');
    if (!this.opened) this.open();
    const known = this.entries.get(key);
    if (known) return known;
    if (!this.delivers && fs.existsSync(this.fileOf(key))) {
      // Kept already, by this process or another one of the site.
      return JSON.parse(fs.readFileSync(this.fileOf(key), 'utf8')) as OutboxEntry<P>;
    }
    const entry: OutboxEntry<P> = { key, kind, payload, createdAt: this.opts.now(), attempts: 0 };
    writeDurably(path.join(this.opts.dir, TMP), this.fileOf(key), JSON.stringify(entry));
    // A writer keeps no list: the file is the lead, and the deliverer owns it from now on.
    if (!this.delivers) return entry;
    this.entries.set(key, entry);
    // A first try soon, not at once: WordPress has just failed this very lead.
    this.dueAt.set(key, this.opts.now() + this.delay(0));
    return entry;
  }

  stats(): OutboxStats {
    if (!this.delivers) {
      // What the folder holds now: the deliverer adds and removes the files.
      // Stryker disable next-line ConditionalExpression: a writer's open() only makes sure the folders exist, so opening again changes nothing
      if (!this.opened) this.open();
      this.entries.clear();
      // Stryker disable next-line CallExpression: a writer never delivers, so nothing reads its due times
      this.dueAt.clear();
      this.reload();
    }
    let oldest: number | null = null;
    for (const e of this.entries.values()) oldest = oldest === null ? e.createdAt : Math.min(oldest, e.createdAt);
    return { depth: this.entries.size, dead: this.deadCount, oldestAgeMs: oldest === null ? null : this.opts.now() - oldest };
  }

  list(): OutboxEntry<P>[] {
    return [...this.entries.values()].sort((a, b) => a.createdAt - b.createdAt);
  }

  /**
   * Makes every waiting lead due within `spreadMs` (WordPress is back, or a person asked for a
   * drain). Spread at random so a long queue does not arrive as one burst.
   */
  nudge(spreadMs = 2_000): void {
    const now = this.opts.now();
    for (const key of this.entries.keys()) this.dueAt.set(key, now + Math.floor(this.opts.random() * spreadMs));
  }

  /** One pass over the due leads (the loop calls it; tests and drains may too). */
  tick(): Promise<void> {
    this.ticking ??= this.deliverDue().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  /** Retry delay after `attempts` failures: full jitter below an exponential ceiling. */
  private delay(attempts: number): number {
    const ceiling = Math.min(this.opts.maxDelayMs, this.opts.baseDelayMs * 2 ** Math.min(attempts, 20));
    return Math.max(100, Math.floor(this.opts.random() * ceiling));
  }

  private async deliverDue(): Promise<void> {
    // Only the folder's owner sends: a lead is sent by one process, never by two.
    if (!this.delivers) return;
    // Leads the site's other processes kept since the last pass; a first try soon, as for one of
    // this process's own (WordPress has just failed each of them).
    try {
      this.reload(this.delay(0));
    } catch (err) {
      this.opts.log?.('error', `lead outbox: could not read ${this.pendingDir}: ${(err as Error).message}`);
    }
    const now = this.opts.now();
    const due = [...this.dueAt.entries()]
      .filter(([key, at]) => at <= now && !this.inFlight.has(key))
      .sort((a, b) => a[1] - b[1])
      .map(([key]) => key);
    let next = 0;
    const worker = async () => {
      // Stryker disable next-line EqualityOperator: one more turn reads past the end of the list: no key, no lead, nothing sent
      while (next < due.length) {
        const key = due[next++]!;
        const entry = this.entries.get(key);
        // Stryker disable next-line ConditionalExpression: every due key has its lead (forget() removes both), the test only narrows the type
        if (entry) await this.attempt(entry);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.opts.concurrency, due.length) }, worker));
  }

  private async attempt(entry: OutboxEntry<P>): Promise<void> {
    // Stryker disable next-line CallExpression: tick() runs one pass at a time, so no lead is due again while it is in flight; the set only guards a future second caller
    this.inFlight.add(entry.key);
    try {
      let result: DeliveryResult;
      try {
        result = await this.opts.deliver(entry);
      } catch (err) {
        // Stryker disable next-line StringLiteral: any status but delivered or rejected is handled as a retry
        result = { status: 'retry', error: err instanceof Error ? err.message : String(err) };
      }
      if (result.status === 'delivered') {
        this.forget(entry.key);
        fs.rmSync(this.fileOf(entry.key), { force: true });
        // Stryker disable next-line OptionalChaining: without a log the throw lands in the catch below after the lead was sent and removed; only a key with no lead stays in the due map, which no pass sends
        this.opts.log?.('info', `lead outbox: delivered ${entry.kind} ${entry.key} after ${entry.attempts + 1} attempt(s)`);
        return;
      }
      if (result.status === 'rejected') {
        this.forget(entry.key);
        this.moveToDead(entry.key, entry, result.error);
        return;
      }
      // `counted: false`: the call never reached WordPress (the breaker held it back), so it is no attempt.
      if (result.counted !== false) {
        entry.attempts += 1;
        entry.lastError = result.error;
        entry.lastAttemptAt = this.opts.now();
        writeDurably(path.join(this.opts.dir, TMP), this.fileOf(entry.key), JSON.stringify(entry));
      }
      const wait = Math.max(this.delay(entry.attempts), result.afterMs ?? 0);
      this.dueAt.set(entry.key, this.opts.now() + wait);
    } catch (err) {
      // The disk itself failed: keep the lead in memory and on whatever is on disk, try again later.
      this.opts.log?.('error', `lead outbox: could not record an attempt for ${entry.key}: ${(err as Error).message}`);
      this.dueAt.set(entry.key, this.opts.now() + this.opts.maxDelayMs);
    } finally {
      this.inFlight.delete(entry.key);
    }
  }

  private forget(key: string): void {
    this.entries.delete(key);
    // Stryker disable next-line CallExpression: a due key without its lead is skipped by every pass; what stays is a few bytes per sent lead
    this.dueAt.delete(key);
  }

  private moveToDead(key: string, entry: OutboxEntry<P> | null, reason: string): void {
    const target = path.join(this.opts.dir, DEAD, `${key}.json`);
    if (entry) {
      writeDurably(path.join(this.opts.dir, TMP), target, JSON.stringify({ ...entry, rejectedAt: this.opts.now(), reason }));
      fs.rmSync(this.fileOf(key), { force: true });
    } else {
      fs.renameSync(this.fileOf(key), target);
    }
    this.deadCount += 1;
    this.opts.log?.('error', `lead outbox: WordPress refused ${entry?.kind ?? 'lead'} ${key} for good (${reason}); kept in ${target}`);
  }
}
