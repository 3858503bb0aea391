// A real SMTP server for the local stack and the tests: it accepts every message WordPress sends
// and keeps it as files under .local/mail/ (the raw .eml and a .json with from, to, replyTo and
// replyToNames, subject and text), so staff notices can be read back without a mail account.
// Nothing is relayed.
//
// A file SLOW there holding a number of milliseconds delays every recipient by that much.
// While a file named REFUSE exists in that folder, every recipient is refused with a temporary
// error (451), which is how tests make a mail fail and then succeed on the retry.
//
//   node scripts/lib/mail-sink.mjs --port 2525 --dir .local/mail [--pid-file file]
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};

const port = Number(arg('port', process.env.SMTP_SINK_PORT || 2525));
const dir = path.resolve(arg('dir', '.local/mail'));
const pidFile = arg('pid-file', '');
const MAX_BYTES = 25 * 1024 * 1024;

fs.mkdirSync(dir, { recursive: true });

const mailboxes = (field) => (field ? [field].flat().flatMap((a) => a.value ?? []) : []);
const addresses = (field) =>
  mailboxes(field)
    .map((v) => v.address)
    .filter(Boolean);

/** Writes to a temporary name first, so a reader never sees half a file. */
function writeAtomic(file, data) {
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, file);
}

async function store(raw, session) {
  const parsed = await simpleParser(raw);
  const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}`;
  const record = {
    id,
    receivedAt: new Date().toISOString(),
    envelope: {
      from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
      to: session.envelope.rcptTo.map((r) => r.address),
    },
    from: addresses(parsed.from)[0] ?? '',
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    replyTo: addresses(parsed.replyTo),
    // Decoded from the header as a mail program shows them (quoted, RFC 2047 encoded).
    replyToNames: mailboxes(parsed.replyTo).map((v) => v.name ?? ''),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    messageId: parsed.messageId ?? '',
  };
  writeAtomic(path.join(dir, `${id}.eml`), raw);
  writeAtomic(path.join(dir, `${id}.json`), `${JSON.stringify(record, null, 2)}\n`);
  return record;
}

const server = new SMTPServer({
  // Plain SMTP on loopback: no TLS to set up and no account, like a relay inside a private network.
  secure: false,
  hideSTARTTLS: true,
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  size: MAX_BYTES,
  banner: 'car-export local mail sink',
  logger: false,
  async onRcptTo(address, session, callback) {
    // A file SLOW holding milliseconds makes the sink that slow to take each recipient, as a mail
    // server under load would be (tests prove a visitor never waits for it).
    let slowMs = 0;
    try {
      slowMs = Number(fs.readFileSync(path.join(dir, 'SLOW'), 'utf8').trim()) || 0;
    } catch {
      /* no SLOW file: answer at once */
    }
    if (slowMs > 0) await new Promise((r) => setTimeout(r, Math.min(slowMs, 30_000)));
    if (fs.existsSync(path.join(dir, 'REFUSE'))) {
      const err = new Error('Mailbox temporarily unavailable (the local mail sink is set to refuse mail)');
      err.responseCode = 451;
      callback(err);
      return;
    }
    callback();
  },
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      if (stream.sizeExceeded) {
        const err = new Error('Message too big');
        err.responseCode = 552;
        callback(err);
        return;
      }
      store(Buffer.concat(chunks), session).then(
        (record) => {
          process.stdout.write(`[mail-sink] ${record.subject} → ${record.envelope.to.join(', ')}\n`);
          callback(null, `Stored as ${record.id}`);
        },
        (err) => {
          process.stderr.write(`[mail-sink] could not store a message: ${err.stack}\n`);
          callback(new Error('Could not store the message'));
        },
      );
    });
  },
});

server.on('error', (err) => process.stderr.write(`[mail-sink] ${err.message}\n`));
server.listen(port, '127.0.0.1', () => {
  if (pidFile) fs.writeFileSync(pidFile, `${process.pid}\n`);
  process.stdout.write(`[mail-sink] listening on 127.0.0.1:${port}, storing mail in ${dir}\n`);
});

const stop = () =>
  server.close(() => {
    if (pidFile) fs.rmSync(pidFile, { force: true });
    process.exit(0);
  });
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
