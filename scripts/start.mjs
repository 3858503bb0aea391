// `npm start` (and `npm run dev` with --dev): installs what is missing, brings up the local
// back end, builds and serves the Remix site, and on Ctrl-C stops exactly what it started.
import { config, paths, siteUrl } from './lib/config.mjs';
import { ensureBackendPackages, ensureComposer, ensureNodeModules } from './lib/install.mjs';
import { buildSite, startSite } from './lib/site.mjs';
import { startBackend, stopChildren, summary } from './lib/stack.mjs';
import { StackError, log } from './lib/util.mjs';

const dev = process.argv.includes('--dev');
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
  if (!dev) buildSite();
  children.push(await startSite({ dev }));
  const seconds = ((Date.now() - began) / 1000).toFixed(1);
  process.stdout.write(`\nReady in ${seconds}s\n${summary()}\nSite          ${siteUrl()}\n\nCtrl-C stops everything this command started.\n`);
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
