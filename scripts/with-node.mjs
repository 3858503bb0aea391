// `npm run build`, `serve`, `typecheck`, `test:unit` and `test:integration`: the command given after
// it, run under the pinned Node (.node-version, scripts/lib/node-runtime.mjs) as `npm start` and
// `npm test` are. npm has already put node_modules/.bin on PATH; the pinned Node goes before it, so
// a tool's `#!/usr/bin/env node` finds that Node too.
import { handOver, pinnedNodeEnv } from './lib/node-runtime.mjs';

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  process.stderr.write('usage: node scripts/with-node.mjs COMMAND [ARGS...]\n');
  process.exit(2);
}
await handOver(cmd, args, pinnedNodeEnv() ?? process.env);
