import { readFileSync } from 'node:fs';
import { Miniflare } from 'miniflare';
import { d1Database } from '../../worker/db/d1';
import type { Database } from '../../worker/db/database';
import { DbMeter } from '../../worker/db/meter';

/** The D1 database id in wrangler.toml: local files are named after it. */
function databaseId(): string {
  const match = /database_id\s*=\s*"([^"]+)"/.exec(readFileSync('wrangler.toml', 'utf8'));
  if (!match) throw new Error('wrangler.toml has no d1 database_id');
  return match[1];
}

/** The local D1 database that `wrangler dev --persist-to dir` serves, opened from Node. */
export async function openLocalD1(persistTo: string): Promise<{ db: Database; close: () => Promise<void> }> {
  const mf = new Miniflare({
    modules: true,
    script: 'export default { fetch() { return new Response(null, { status: 404 }); } }',
    d1Databases: { DB: databaseId() },
    d1Persist: `${persistTo}/v3/d1`,
  });
  const d1 = (await mf.getD1Database('DB')) as unknown as D1Database;
  return { db: d1Database(d1, new DbMeter()), close: () => mf.dispose() };
}
