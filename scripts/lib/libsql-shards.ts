import type { Shards } from '../../worker/db/directory';
import { libsqlDatabase } from '../../worker/db/libsql';
import { openLibsql } from './libsql-db';

/**
 * The hosted libSQL directory (LIBSQL_URL, also shard 0) and the shards at LIBSQL_SHARD_URLS (comma-separated,
 * the same LIBSQL_AUTH_TOKEN), each opened migrated: the Worker's own layout (`SHARDS`, `worker/index.ts`).
 */
export async function openLibsqlShards(env: NodeJS.ProcessEnv = process.env) {
  const url = env.LIBSQL_URL as string;
  const urls = (env.LIBSQL_SHARD_URLS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  const directory = await openLibsql(url, env.LIBSQL_AUTH_TOKEN);
  const others: Awaited<ReturnType<typeof openLibsql>>[] = [];
  for (const shardUrl of urls) others.push(await openLibsql(shardUrl, env.LIBSQL_AUTH_TOKEN));
  const shards: Shards | undefined =
    others.length > 0
      ? {
          count: others.length + 1,
          directoryShard: 0,
          open: (shard, meter) => libsqlDatabase(others[shard - 1].client, meter),
        }
      : undefined;
  return {
    db: directory.db,
    shards,
    close: () => {
      for (const opened of [directory, ...others]) opened.client.close();
    },
  };
}
