// `npm start` (and `npm run dev` with --dev): installs what is missing, brings up the local
// back end, builds and serves the Remix site, and on Ctrl-C stops exactly what it started.
import { config, paths, siteUrl } from './lib/config.mjs';
import { ensureBackendPackages, ensureComposer, ensureNodeModules } from './lib/install.mjs';
import { buildSite, startSite } from './lib/site.mjs';
import { startBackend, startRedis, stopChildren, summary } from './lib/stack.mjs';
import { StackError, log } from './lib/util.mjs';
import { ensurePinnedNode } from './lib/node-runtime.mjs';

// Everything below runs under the Node of .node-version (installed and switched to here when needed).
await ensurePinnedNode();

const dev = process.argv.includes('--dev');
// --redis: the site keeps its catalogue and page caches in a private Redis, as several instances
// behind a load balancer would (REDIS_URL set in the environment is used as it is instead).
const withRedis = process.argv.includes('--redis');
const began = Date.now();
let children = [];
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  log('stopping what this run started');
  await stopChildren(children);
  process.exit(code);
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => shutdown(0));

async function main() {
  if (!config.externalWordPress) ensureBackendPackages();
  ensureNodeModules();
  if (!config.externalWordPress) ensureComposer();
  children = await startBackend();
  const extraEnv = {};
  if (withRedis && !process.env.REDIS_URL) extraEnv.REDIS_URL = await startRedis(children);
  if (!dev) buildSite();
  children.push(await startSite({ dev, extraEnv }));
  const seconds = ((Date.now() - began) / 1000).toFixed(1);
  process.stdout.write(
    `\nReady in ${seconds}s\n${summary()}\nSite          ${siteUrl()}${extraEnv.REDIS_URL ? `  (shared caches in ${extraEnv.REDIS_URL})` : ''}\n\nCtrl-C stops everything this command started.\n`,
  );
  // One server dying takes the rest down, so a half-working stack is never left behind.
  for (const child of children) {
    child.once('exit', (code) => {
      if (stopping) return;
      log(`${child.stackName} exited unexpectedly (code ${code}); see ${paths.logs}`);
      shutdown(1);
    });
  }
}

main().catch(async (err) => {
  process.stderr.write(`\n${err instanceof StackError ? err.message : err.stack}\n`);
  await shutdown(1);
});
