// Leads through a WordPress outage: N inquiries from C concurrent visitors to a site process of its
// own, with WordPress's php-fpm frozen (SIGSTOP) for P seconds in the middle. Prints how many the
// visitors saw accepted, how many WordPress holds afterwards (one per visitor e-mail), and how many
// were lost or stored twice. Needs the local stack (`npm start`) and a built site (`npm run build`,
// which npm start does). The bench's own leads are deleted afterwards.
//   node bench/outbox.mjs [leads=1000] [clients=50] [pauseSeconds=30]
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { phpFpmPids, signalAll } from '../scripts/lib/php-fpm.mjs';
import { WP } from './lib/cars-query.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOCAL = path.join(ROOT, '.local');
const [leads = 1000, clients = 50, pauseSeconds = 30] = process.argv.slice(2).map(Number);
const port = Number(process.env.BENCH_PORT || 3099);
const siteUrl = `http://127.0.0.1:${port}`;
const run = crypto.randomBytes(4).toString('hex');
const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-outbox-'));
const secrets = JSON.parse(fs.readFileSync(path.join(LOCAL, 'secrets.json'), 'utf8'));

function php(code, ...args) {
  const load = path.join(LOCAL, 'wordpress', 'wp-load.php');
  return JSON.parse(
    execFileSync('php', ['-r', `require ${JSON.stringify(load)}; ${code}`, '--', ...args], { encoding: 'utf8', maxBuffer: 64 << 20 }),
  );
}

/** Every stored lead of this run: [post id, visitor e-mail]. */
function storedLeads() {
  return php(
    `
    global $wpdb;
    $rows = $wpdb->get_results( $wpdb->prepare(
      "SELECT p.ID, m.meta_value FROM {$wpdb->posts} p JOIN {$wpdb->postmeta} m ON m.post_id = p.ID
       WHERE p.post_type = 'car_inquiry' AND m.meta_key = '_message_email' AND m.meta_value LIKE %s",
      $wpdb->esc_like( $argv[1] ) . '%'
    ), ARRAY_N );
    echo wp_json_encode( $rows );`,
    `bench-${run}-`,
  );
}

async function waitFor(what, check, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const carId = await (async () => {
  const res = await fetch(`${WP}/graphql?${new URLSearchParams({ query: '{ cars(perPage: 1) { nodes { id } } }' })}`);
  return Number((await res.json()).data.cars.nodes[0].id);
})();

const site = spawn('node', [path.join(ROOT, 'server.mjs')], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    // Required in production: the one origin the site's links and cross-site check use.
    PUBLIC_URL: siteUrl,
    WORDPRESS_URL: WP,
    SESSION_SECRET: secrets.sessionSecret,
    PURGE_SECRET: secrets.purgeSecret,
    // Each bench visitor comes from an address of its own (WordPress limits leads per visitor).
    TRUST_PROXY: '1',
    OUTBOX_DIR: outboxDir,
    PAGE_CACHE_TTL: '0',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let paused = [];
const cleanUp = () => {
  signalAll(paused, 'SIGCONT');
  site.kill('SIGTERM');
};
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

try {
  await waitFor('the bench site', async () => (await fetch(`${siteUrl}/healthz`).catch(() => null)) !== null, 30_000);

  const pending = () => fs.readdirSync(path.join(outboxDir, 'pending')).filter((n) => n.endsWith('.json')).length;
  const seen = { accepted: 0, queued: 0, refused: 0, retries: 0 };
  let next = 0;
  let peakOutbox = 0;
  const began = Date.now();
  const latencies = [];

  // One visitor sends one lead; a failure they can see makes them press Send again (same key).
  async function visitor() {
    while (next < leads) {
      const i = next++;
      const body = JSON.stringify({
        name: `Bench ${i}`,
        phoneNumber: '+1 555 000 1234',
        emailAddress: `bench-${run}-${i}@example.com`,
        carId,
        message: `lead ${i}`,
      });
      const headers = {
        'Content-Type': 'application/json',
        'Idempotency-Key': `bench-${run}-lead-${i}`,
        'X-Forwarded-For': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      };
      for (let attempt = 0; attempt < 3; attempt++) {
        const t = performance.now();
        const res = await fetch(`${siteUrl}/api/inquiry`, { method: 'POST', headers, body }).catch(() => null);
        latencies.push(performance.now() - t);
        if (res && (res.status === 201 || res.status === 202)) {
          seen.accepted += 1;
          if (res.status === 202) seen.queued += 1;
          break;
        }
        if (attempt === 2) seen.refused += 1;
        else seen.retries += 1;
      }
    }
  }

  // The outage: a third of the way in, for pauseSeconds.
  const outage = (async () => {
    await waitFor('a third of the leads', () => next >= leads / 3, 600_000);
    paused = phpFpmPids();
    signalAll(paused, 'SIGSTOP');
    const stoppedAt = Date.now();
    while (Date.now() - stoppedAt < pauseSeconds * 1000) {
      peakOutbox = Math.max(peakOutbox, pending());
      await new Promise((r) => setTimeout(r, 250));
    }
    signalAll(paused, 'SIGCONT');
    paused = [];
  })();

  await Promise.all([...Array.from({ length: clients }, visitor), outage]);
  const sentIn = (Date.now() - began) / 1000;
  await waitFor('the outbox to drain', () => pending() === 0, 180_000);
  const drainedIn = (Date.now() - began) / 1000;
  // Anything nginx still held when WordPress resumed has been answered by now; let it land.
  await new Promise((r) => setTimeout(r, 3000));

  const rows = storedLeads();
  const emails = new Set(rows.map((r) => r[1]));
  const lost = leads - emails.size;
  const doubled = rows.length - emails.size;
  latencies.sort((a, b) => a - b);
  const p = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(0);

  console.log(
    `leads sent                   ${leads} from ${clients} concurrent visitors, WordPress frozen ${pauseSeconds} s after a third`,
  );
  console.log(
    `accepted (201 or 202)        ${seen.accepted}  (202, kept in the outbox: ${seen.queued}; visitor retries: ${seen.retries}; refused: ${seen.refused})`,
  );
  console.log(`held by WordPress afterwards ${emails.size} distinct leads in ${rows.length} posts`);
  console.log(`lost                         ${lost}`);
  console.log(`doubled                      ${doubled}`);
  console.log(`outbox peak depth            ${peakOutbox}`);
  console.log(`visitor wait ms              p50 ${p(0.5)}  p95 ${p(0.95)}  p99 ${p(0.99)}  max ${latencies.at(-1).toFixed(0)}`);
  console.log(`all sent in ${sentIn.toFixed(1)} s; outbox empty after ${drainedIn.toFixed(1)} s`);

  // The bench's own leads go again.
  php(
    `foreach ( json_decode( $argv[1] ) as $id ) { wp_delete_post( (int) $id, true ); } echo '[]';`,
    JSON.stringify(rows.map((r) => Number(r[0]))),
  );
} finally {
  cleanUp();
  fs.rmSync(outboxDir, { recursive: true, force: true });
}
