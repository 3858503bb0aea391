// `npm run outbox -- <command>`: looks into the lead outbox of the site processes of this checkout
// (leads the site kept while WordPress could not take them) and asks them to deliver now.
//   list                 what waits in pending/ and what WordPress refused for good (dead/)
//   drain                asks each running site to send every waiting lead now, and waits for it
//   retry <key>|--all    puts refused leads back in line (after their cause was fixed), then drains
// The folder is OUTBOX_DIR when set, else every .local/outbox/site-* folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Alone on purpose (no ./lib import): the site image ships this file without the rest of scripts/.
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const [command = 'list', ...args] = process.argv.slice(2);

function folders() {
  if (process.env.OUTBOX_DIR) return [path.resolve(process.env.OUTBOX_DIR)];
  const base = path.join(ROOT, '.local', 'outbox');
  if (!fs.existsSync(base)) return [];
  return fs
    .readdirSync(base)
    .filter((n) => n.startsWith('site-'))
    .map((n) => path.join(base, n));
}

function read(dir, sub) {
  const at = path.join(dir, sub);
  if (!fs.existsSync(at)) return [];
  return fs
    .readdirSync(at)
    .filter((n) => n.endsWith('.json'))
    .map((name) => {
      try {
        return { name, ...JSON.parse(fs.readFileSync(path.join(at, name), 'utf8')) };
      } catch (err) {
        return { name, key: name.slice(0, -5), unreadable: err.message };
      }
    });
}

/** The pid of the live site process that owns the folder on this host (its lock names host and pid). */
function owner(dir) {
  try {
    const text = fs.readFileSync(path.join(dir, 'owner.pid'), 'utf8').trim();
    const lock = /^\d+$/.test(text) ? { host: os.hostname(), pid: Number(text) } : JSON.parse(text);
    if (lock.host !== os.hostname()) return null;
    process.kill(lock.pid, 0);
    return lock.pid;
  } catch {
    return null;
  }
}

const age = (ms) =>
  ms < 120_000 ? `${Math.round(ms / 1000)} s` : ms < 7_200_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 3_600_000)} h`;

function describe(entry) {
  const who = entry.payload?.data?.email ?? entry.payload?.data?.emailAddress ?? '?';
  const car = entry.payload?.data?.carId ? ` car ${entry.payload.data.carId}` : '';
  return `${entry.key}  ${entry.kind ?? '?'}${car} from ${who}, ${age(Date.now() - (entry.createdAt ?? Date.now()))} old`;
}

function list() {
  const dirs = folders();
  if (!dirs.length) return console.log('No lead outbox here yet (nothing was ever queued).');
  for (const dir of dirs) {
    const pid = owner(dir);
    console.log(`${dir}  (${pid ? `site process ${pid}` : 'no site running'})`);
    const pending = read(dir, 'pending');
    const dead = read(dir, 'dead');
    console.log(`  waiting: ${pending.length}`);
    for (const e of pending) console.log(`    ${describe(e)}; ${e.attempts ?? 0} attempt(s)${e.lastError ? `, last: ${e.lastError}` : ''}`);
    console.log(`  refused for good: ${dead.length}`);
    for (const e of dead) console.log(`    ${describe(e)}; ${e.reason ?? e.unreadable}`);
  }
}

async function drain() {
  let waiting = 0;
  for (const dir of folders()) {
    const pending = read(dir, 'pending').length;
    if (!pending) continue;
    const pid = owner(dir);
    if (!pid) {
      console.log(`${dir}: ${pending} waiting, but no site process owns it; start the site (npm start) and it delivers on its own.`);
      continue;
    }
    process.kill(pid, 'SIGUSR2');
    waiting += pending;
    const until = Date.now() + 60_000;
    let left = pending;
    while (left > 0 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 500));
      left = read(dir, 'pending').length;
    }
    console.log(
      `${dir}: ${pending - left} of ${pending} delivered${left ? `; ${left} still waiting (is WordPress up? see npm run outbox -- list)` : ''}`,
    );
  }
  if (!waiting) console.log('Nothing waiting to be delivered.');
}

function retry() {
  const all = args.includes('--all');
  const keys = new Set(args.filter((a) => !a.startsWith('--')));
  if (!all && !keys.size) throw new Error('Name the key(s) to retry, or --all.');
  for (const dir of folders()) {
    for (const e of read(dir, 'dead')) {
      if (!all && !keys.has(e.key)) continue;
      const { name, reason, rejectedAt, unreadable, ...entry } = e;
      if (unreadable) {
        console.log(`${e.key}: unreadable, left in dead/`);
        continue;
      }
      fs.writeFileSync(path.join(dir, 'pending', name), JSON.stringify(entry));
      fs.rmSync(path.join(dir, 'dead', name));
      console.log(`${e.key}: back in line`);
    }
  }
  return drain();
}

const commands = { list, drain, retry };
if (!Object.hasOwn(commands, command)) {
  console.error(`Unknown command "${command}". Use list, drain or retry.`);
  process.exit(2);
}
await commands[command]();
