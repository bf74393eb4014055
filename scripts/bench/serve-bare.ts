/**
 * The bench's bare worker (wrangler.bare.toml), served the way `npm start` serves the app (lib/dev-worker.ts), so
 * that the two differ only by what the app does. `tsx scripts/bench/serve-bare.ts --port N --persist-to DIR`.
 */
import { join } from 'node:path';
import { startDevWorker } from '../lib/dev-worker';
import { flag } from '../lib/run';

const args = process.argv.slice(2);
const worker = await startDevWorker({
  config: join(import.meta.dirname, 'wrangler.bare.toml'),
  ip: '127.0.0.1',
  port: Number(flag(args, 'port')),
  persistTo: flag(args, 'persist-to') || '.wrangler/state',
});
const stop = () => void worker.dispose().finally(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
