/**
 * `npm run db:migrate`: applies the migrations to the directory and every shard.
 * - Local (default): the D1 databases of `npm start`; `--shards N` as it was started with, `--persist-to DIR`.
 * - `--remote`: the hosted D1 databases `DB` and `DB_SHARD_1`… as `wrangler.toml` binds them (`--shards N`);
 *   each new D1 shard's register keys are then started at its range once by hand (README, Deploy).
 * - With LIBSQL_URL set: that libSQL database and each of LIBSQL_SHARD_URLS.
 */
import { reserveShardKeys } from '../worker/db/directory';
import { DbMeter } from '../worker/db/meter';
import { openLibsqlShards } from './lib/libsql-shards';
import { openLocalD1 } from './lib/local-d1';
import { shardBinding, shardCount, shardedConfig } from './lib/local-shards';
import { flag, run } from './lib/run';

const args = process.argv.slice(2);
const shards = shardCount(flag(args, 'shards'));

if (process.env.LIBSQL_URL) {
  // Opening each database migrates it.
  const opened = await openLibsqlShards();
  for (let shard = 1; shard < (opened.shards?.count ?? 1); shard++)
    await reserveShardKeys(opened.shards!.open(shard, new DbMeter()), shard);
  opened.close();
  console.log(`Migrations applied to the directory and ${opened.shards?.count ?? 1} shard(s).`);
} else {
  const remote = args.includes('--remote');
  const where = remote ? ['--remote'] : ['--local', '--persist-to', flag(args, 'persist-to') || '.wrangler/state'];
  // Locally the shards' bindings come from the config `npm start -- --shards N` writes; hosted, from wrangler.toml.
  const config = !remote && shards > 1 ? ['-c', shardedConfig(shards)] : [];
  for (let shard = 0; shard < shards; shard++)
    await run('npx', ['wrangler', 'd1', 'migrations', 'apply', shardBinding(shard), ...where, ...config], {
      CI: 'true',
      WRANGLER_SEND_METRICS: 'false',
    });
  if (!remote && shards > 1) {
    const local = await openLocalD1(flag(args, 'persist-to') || '.wrangler/state', shards);
    for (let shard = 1; shard < shards; shard++)
      await reserveShardKeys(local.shards!.open(shard, new DbMeter()), shard);
    await local.close();
  }
  console.log(`Migrations applied to the directory and ${shards} shard(s).`);
}
