// The local mail sink (scripts/lib/mail-sink.mjs) keeps every message WordPress sends as a .json
// file under .local/mail/; these helpers read them back and flip the sink's refuse switch.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAIL_DIR = fileURLToPath(new URL('../../../.local/mail/', import.meta.url));
const REFUSE = path.join(MAIL_DIR, 'REFUSE');
const SLOW = path.join(MAIL_DIR, 'SLOW');

export type SinkMail = {
  id: string;
  envelope: { from: string; to: string[] };
  from: string;
  to: string[];
  replyTo: string[];
  /** The Reply-To display names, decoded. */
  replyToNames: string[];
  subject: string;
  text: string;
};

export function receivedMail(): SinkMail[] {
  if (!fs.existsSync(MAIL_DIR)) return [];
  return fs
    .readdirSync(MAIL_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(MAIL_DIR, f), 'utf8')) as SinkMail);
}

/** Waits for the messages that match, failing after timeoutMs with what did arrive. */
export async function waitForMail(match: (m: SinkMail) => boolean, { count = 1, timeoutMs = 10000 } = {}): Promise<SinkMail[]> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = receivedMail().filter(match);
    if (found.length >= count) return found;
    if (Date.now() > end) {
      throw new Error(`expected ${count} matching mail(s) in ${MAIL_DIR}, found ${found.length}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** While refusing, the sink answers every recipient with 451, so WordPress's mail fails. */
export function sinkRefuses(refuse: boolean): void {
  if (refuse) {
    fs.mkdirSync(MAIL_DIR, { recursive: true });
    fs.writeFileSync(REFUSE, 'tests\n');
  } else {
    fs.rmSync(REFUSE, { force: true });
  }
}

/** While slow (ms > 0), the sink waits that long before it takes each recipient, as a loaded mail server. */
export function sinkSlow(ms: number): void {
  if (ms > 0) {
    fs.mkdirSync(MAIL_DIR, { recursive: true });
    fs.writeFileSync(SLOW, `${ms}\n`);
  } else {
    fs.rmSync(SLOW, { force: true });
  }
}
