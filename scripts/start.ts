/**
 * `npm start`: applies the migrations to the local D1 database, seeds the demo school when the database is
 * empty, builds the client when its sources changed, and serves the whole app as `wrangler dev` does (lib/dev-worker.ts).
 * Flags: --port N (8787), --ip ADDRESS (127.0.0.1), --persist-to DIR (.wrangler/state), --skip-build,
 * --no-seed (never seed the demo school, e.g. into the benchmark's large school), --inspector-port N (attach
 * the DevTools inspector there: none without it),
 * --shards N (N local D1 databases: the directory and shard 0 in `DB`, shards 1 to N-1 beside it),
 * --mail-port N and --mail-web-port N (the local mail catcher's SMTP and web ports: port + 1000 and port + 2000),
 * --no-mail-catcher (no catcher: the Worker uses the SMTP settings of `.dev.vars`, if any),
 * --env-file PATH (the Worker's secrets from that file instead of `.dev.vars`: the browser suite's servers).
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { reserveShardKeys } from '../worker/db/directory';
import { DbMeter } from '../worker/db/meter';
import { startDevWorker } from './lib/dev-worker';
import { openLocalD1 } from './lib/local-d1';
import { shardBinding, shardCount, shardedConfig } from './lib/local-shards';
import { startMailCatcher } from './lib/mail-catcher';
import { nodeHasher } from './lib/node-hasher';
import { flag, run } from './lib/run';
import { isSeeded, seedDemo } from './lib/seed-demo';
import { localVapidLines } from './lib/vapid';

process.env.WRANGLER_SEND_METRICS = 'false';
const args = process.argv.slice(2);
const port = flag(args, 'port') || '8787';
const ip = flag(args, 'ip') || '127.0.0.1';
const persistTo = flag(args, 'persist-to') || '.wrangler/state';
const skipBuild = args.includes('--skip-build');
const noSeed = args.includes('--no-seed');
const inspectorPort = flag(args, 'inspector-port');
const envFile = flag(args, 'env-file');
const shards = shardCount(flag(args, 'shards'));
const catcher = !args.includes('--no-mail-catcher');
const mailPort = Number(flag(args, 'mail-port') || Number(port) + 1000);
const mailWebPort = Number(flag(args, 'mail-web-port') || Number(port) + 2000);
// More than one shard: a config beside wrangler.toml with their bindings; one: wrangler.toml as it is.
const configArgs = shards > 1 ? ['-c', shardedConfig(shards)] : [];
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/** Local secrets for wrangler dev, made once per checkout and never committed: a JWT secret and a VAPID key pair. */
function ensureDevVars() {
  if (!existsSync('.dev.vars')) {
    writeFileSync('.dev.vars', `JWT_SECRET=${randomBytes(32).toString('hex')}\n`);
    console.log('Created .dev.vars with a random JWT_SECRET for local development.');
  }
  if (/^VAPID_PUBLIC_KEY=/m.test(readFileSync('.dev.vars', 'utf8'))) return;
  appendFileSync('.dev.vars', localVapidLines());
  console.log('Added a local VAPID key pair (Web Push) to .dev.vars.');
}

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'routeTree.gen.ts') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

async function buildIfNeeded() {
  const stamp = 'dist/client/index.html';
  const sources = ['client', 'party/events.ts', 'panda.config.ts', 'vite.config.ts', 'package-lock.json'].filter(
    existsSync,
  );
  const newest = Math.max(...sources.map(newestMtime));
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= newest) return;
  console.log('Building the client…');
  // A production bundle even when started from a test runner that sets NODE_ENV=test.
  await run('npm', ['run', 'build', '--silent'], { NODE_ENV: 'production' });
}

async function prepareDatabase() {
  for (let shard = 0; shard < shards; shard++) {
    const binding = shardBinding(shard);
    await run(
      'npx',
      ['wrangler', 'd1', 'migrations', 'apply', binding, '--local', '--persist-to', persistTo, ...configArgs],
      {
        CI: 'true',
      },
    );
  }
  const { db, close, shards: local } = await openLocalD1(persistTo, shards);
  try {
    for (let shard = 1; shard < shards; shard++) await reserveShardKeys(local!.open(shard, new DbMeter()), shard);
    if (noSeed || (await isSeeded(db))) return;
    console.log('Seeding the demo school…');
    const passwordHash = await nodeHasher.hash('demo1234');
    const { counts } = await seedDemo(db, { passwordHash, now: new Date() });
    console.log(
      `Seeded: ${Object.entries(counts)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}`,
    );
  } finally {
    await close();
  }
}

/** The catcher's SMTP server, as the Worker's settings: they win over `.dev.vars`. */
async function startCatcher(): Promise<Record<string, string>> {
  if (!catcher) return {};
  const caught = await startMailCatcher({ smtpPort: mailPort, webPort: mailWebPort, host: '127.0.0.1' });
  console.log(`Local mail: ${caught.webUrl} (SMTP on 127.0.0.1:${mailPort}).`);
  return {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(mailPort),
    MAIL_FROM: 'School Portal <no-reply@portal.localhost>',
    PORTAL_URL: `http://${ip}:${port}`,
  };
}

async function serve(mailVars: Record<string, string>) {
  const worker = await startDevWorker({
    config: shards > 1 ? shardedConfig(shards) : 'wrangler.toml',
    ip,
    port: Number(port),
    persistTo,
    envFile,
    vars: mailVars,
    inspectorPort: inspectorPort ? Number(inspectorPort) : undefined,
  });
  const url = `http://${ip === '127.0.0.1' ? 'localhost' : ip}:${port}`;
  // The demo accounts only where the demo school may be; the benchmark's database has its own (its manifest).
  const demo = noSeed
    ? []
    : [
        '  school administrator  admin@demo.school    / demo1234',
        '  teacher               teacher@demo.school  / demo1234  (sign in at /teacher-login)',
        '  student               student@demo.school  / demo1234',
        '  parent                parent@demo.school   / demo1234',
      ];
  const sharded = shards > 1 ? ` with ${shards} shards` : '';
  const mail = catcher ? [`  local mail            http://127.0.0.1:${mailWebPort}`] : [];
  console.log(['', `School portal ready on ${url}${sharded} (${elapsed()})`, ...demo, ...mail, ''].join('\n'));
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void worker.dispose().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

ensureDevVars();
if (!skipBuild) await buildIfNeeded();
if (!existsSync('dist/client/index.html')) {
  console.error('dist/client is missing: run `npm run build` or start without --skip-build.');
  process.exit(1);
}
await prepareDatabase();
console.log(`Database ready (${elapsed()}).`);
await serve(await startCatcher());
