// `npm run stack:reset`: stops this checkout's leftover servers and wipes .local/ (database,
// WordPress copy, uploads, secrets). The next `npm start` provisions from scratch.
import fs from 'node:fs';
import { paths } from './lib/config.mjs';
import { stopLeftovers } from './lib/stack.mjs';
import { log } from './lib/util.mjs';

await stopLeftovers();
fs.rmSync(paths.local, { recursive: true, force: true });
log(`removed ${paths.local}`);
