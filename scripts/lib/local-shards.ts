import { readFileSync, writeFileSync } from 'node:fs';

/** The D1 binding of shard `i` (1 and up); shard 0 is `DB`, which also holds the directory. */
export const shardBinding = (shard: number) => (shard === 0 ? 'DB' : `DB_SHARD_${shard}`);

/** Local shards' database ids: their files under `.wrangler/state` are named after them. */
export const shardDatabaseId = (shard: number) => `00000000-0000-0000-0000-${String(shard + 1).padStart(12, '0')}`;

/** The shard count a script was given (`--shards N`), 1 when absent. */
export function shardCount(value: string | undefined): number {
  if (value === undefined) return 1;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 64)
    throw new Error('--shards takes a whole number from 1 to 64');
  return count;
}

/**
 * `wrangler.toml` with `SHARDS` = N and the D1 bindings of shards 1 to N-1, written beside it (ignored by git)
 * for `wrangler dev -c`: the committed file stays the one-database default.
 */
export function shardedConfig(count: number): string {
  const base = readFileSync('wrangler.toml', 'utf8');
  const shards = Array.from({ length: count - 1 }, (_, i) => i + 1).map(
    (shard) =>
      `\n[[d1_databases]]\nbinding = "${shardBinding(shard)}"\ndatabase_name = "school-portal-shard-${shard}"\ndatabase_id = "${shardDatabaseId(shard)}"\nmigrations_dir = "migrations"\n`,
  );
  const text = `${base.replace(/^\[vars\]$/m, `[vars]\nSHARDS = "${count}"`)}${shards.join('')}`;
  const path = 'wrangler.shards.toml';
  writeFileSync(path, `# Written by npm start -- --shards ${count}; not committed.\n${text}`);
  return path;
}
