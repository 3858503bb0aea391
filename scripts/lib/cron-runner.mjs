// The local stack's cron runner: WordPress runs with DISABLE_WP_CRON (as in Docker, where the `cron`
// service runs WP-CLI's `cron event run --due-now`), so nothing waits for a visitor to trigger
// WP-Cron. Every --interval seconds this asks the local WordPress for /wp-cron.php, which runs every
// due event (queued lead mail, mail retries, clean-ups) in the already warm php-fpm, far cheaper
// than booting WP-CLI each time.
//   node scripts/lib/cron-runner.mjs --url http://127.0.0.1:8080/wp-cron.php --interval 3 [--pid-file file]
import fs from 'node:fs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const url = arg('url', '');
const intervalMs = Number(arg('interval', '3')) * 1000;
const pidFile = arg('pid-file', '');
if (!url || !(intervalMs > 0)) {
  console.error('usage: cron-runner.mjs --url URL --interval SECONDS [--pid-file FILE]');
  process.exit(2);
}

let timer;
async function tick() {
  try {
    // wp-cron.php answers at once when nothing is due; a run that hangs is cut so ticks never pile up.
    const res = await fetch(url, { signal: AbortSignal.timeout(60_000), headers: { 'User-Agent': 'car-export-cron-runner' } });
    await res.arrayBuffer();
    if (!res.ok) console.error(`${new Date().toISOString()} cron: ${url} answered ${res.status}`);
  } catch (err) {
    console.error(`${new Date().toISOString()} cron: ${url} did not answer: ${err.message}`);
  }
  timer = setTimeout(tick, intervalMs);
}

if (pidFile) fs.writeFileSync(pidFile, `${process.pid}\n`);
const stop = () => {
  clearTimeout(timer);
  if (pidFile) fs.rmSync(pidFile, { force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
console.log(`${new Date().toISOString()} cron: running due events every ${intervalMs / 1000}s through ${url}`);
tick();
