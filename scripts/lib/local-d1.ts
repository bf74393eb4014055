import { readFileSync } from 'node:fs';
import { Miniflare } from 'miniflare';
import { d1Database } from '../../worker/db/d1';
import type { Database } from '../../worker/db/database';
import type { Shards } from '../../worker/db/directory';
import { DbMeter } from '../../worker/db/meter';
import { shardBinding, shardDatabaseId } from './local-shards';

/** The D1 database id in wrangler.toml: local files are named after it. */
function databaseId(): string {
  const match = /database_id\s*=\s*"([^"]+)"/.exec(readFileSync('wrangler.toml', 'utf8'));
  if (!match) throw new Error('wrangler.toml has no d1 database_id');
  return match[1];
}

/**
 * The local D1 database that `wrangler dev --persist-to dir` serves, opened from Node, with the local shards
 * 1 to N-1 of `npm start -- --shards N` when `shards` is given.
 */
export async function openLocalD1(
  persistTo: string,
  shards = 1,
): Promise<{ db: Database; shards?: Shards; close: () => Promise<void> }> {
  const bindings = Object.fromEntries(
    Array.from({ length: shards - 1 }, (_, i) => [shardBinding(i + 1), shardDatabaseId(i + 1)]),
  );
  const mf = new Miniflare({
    modules: true,
    script: 'export default { fetch() { return new Response(null, { status: 404 }); } }',
    d1Databases: { DB: databaseId(), ...bindings },
    d1Persist: `${persistTo}/v3/d1`,
  });
  const d1 = (await mf.getD1Database('DB')) as unknown as D1Database;
  const others: D1Database[] = [];
  for (let shard = 1; shard < shards; shard++)
    others.push((await mf.getD1Database(shardBinding(shard))) as unknown as D1Database);
  return {
    db: d1Database(d1, new DbMeter()),
    shards:
      shards > 1
        ? { count: shards, directoryShard: 0, open: (shard, meter) => d1Database(others[shard - 1], meter) }
        : undefined,
    close: () => mf.dispose(),
  };
}
