// The outbox tests' shared setup: each test's outbox in a fresh temporary folder, on a clock and a
// random draw the test sets, with every log line kept; all closed and removed after each test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, vi } from 'vitest';
import { Outbox, type DeliveryResult, type OutboxEntry } from '~/lib/leads/outbox.server';

export type Lead = { text: string };
export type Line = [level: 'info' | 'warn' | 'error', message: string];
type Extra = Partial<ConstructorParameters<typeof Outbox<Lead>>[0]> & { clock?: { now: number } };

export function useOutboxHarness(prefix: string) {
  const dirs: string[] = [];
  const boxes: Outbox<Lead>[] = [];

  afterEach(async () => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    for (const box of boxes.splice(0)) await box.close();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  function tempDir() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  }

  /**
   * An outbox on `dir` (1 s first delay, 8 s ceiling, draws of 0.5) whose log lines the test reads;
   * without `deliver`, WordPress takes every lead and `sent` lists their keys.
   */
  function make(dir: string, deliver?: (e: OutboxEntry<Lead>) => Promise<DeliveryResult>, extra: Extra = {}) {
    const { clock = { now: 0 }, ...rest } = extra;
    const log: Line[] = [];
    const sent: string[] = [];
    const box = new Outbox<Lead>({
      dir,
      deliver:
        deliver ??
        (async (e) => {
          sent.push(e.key);
          return { status: 'delivered' };
        }),
      now: () => clock.now,
      random: () => 0.5,
      baseDelayMs: 1_000,
      maxDelayMs: 8_000,
      log: (level, message) => log.push([level, message]),
      ...rest,
    });
    boxes.push(box);
    return { box, log, sent };
  }

  /** Closes every outbox made so far, as a process that ends would. */
  async function closeAll() {
    for (const box of boxes.splice(0)) await box.close();
  }

  return { tempDir, make, closeAll };
}
