/**
 * `npm run school:move -- --school CODE --to N [--shards N] [--persist-to DIR] [--keep-old-for SECONDS] [--resume]`
 *
 * Moves a school to shard N: its writes are refused (503, `Retry-After`) for the seconds the copy takes, the
 * directory then points at the new shard in one write, and the old copy is deleted once every Worker isolate's
 * remembered route has expired (65 s; `--keep-old-for` changes it). With LIBSQL_URL set it works on that libSQL
 * directory and LIBSQL_SHARD_URLS; otherwise on the local D1 databases of `npm start -- --shards N`. A move that
 * stopped before its switch (the process died) leaves the school read-only: `--resume` carries it on.
 */

import { eq } from 'drizzle-orm';
import { openDirectory } from '../worker/db/directory';
import { DbMeter } from '../worker/db/meter';
import { schools } from '../worker/db/schema';
import { moveSchool } from '../worker/db/school-move';
import { openLibsqlShards } from './lib/libsql-shards';
import { openLocalD1 } from './lib/local-d1';
import { shardCount } from './lib/local-shards';
import { flag } from './lib/run';

const args = process.argv.slice(2);
const code = flag(args, 'school');
const to = Number(flag(args, 'to'));
const keep = flag(args, 'keep-old-for');
if (!code || !Number.isInteger(to)) {
  console.error('Usage: npm run school:move -- --school CODE --to N [--shards N]');
  process.exit(2);
}

async function main() {
  const opened = process.env.LIBSQL_URL
    ? await openLibsqlShards()
    : await openLocalD1(flag(args, 'persist-to') || '.wrangler/state', shardCount(flag(args, 'shards')));
  try {
    const directory = openDirectory(opened.db, opened.shards, new DbMeter());
    if (directory.shardCount < 2) throw new Error('The platform has one database: pass --shards N as it runs with.');
    // The directory knows schools by id: the code is looked up in each shard (a command, not a request).
    let schoolId: string | undefined;
    for (let shard = 0; shard < directory.shardCount && !schoolId; shard++) {
      const [found] = await directory
        .shard(shard)
        .select({ id: schools.id })
        .from(schools)
        .where(eq(schools.code, code as string));
      schoolId = found?.id;
    }
    if (!schoolId) throw new Error(`No school has the code ${code}`);
    return await moveSchool(directory, schoolId, to, {
      keepOldCopyMs: keep === undefined ? undefined : Number(keep) * 1000,
      resume: args.includes('--resume'),
      log: (line) => console.log(line),
    });
  } finally {
    await opened.close();
  }
}

try {
  const result = await main();
  const rows = Object.values(result.rows).reduce((sum, n) => sum + n, 0);
  console.log(`Moved school ${code} from shard ${result.from} to shard ${result.to}: ${rows} rows.`);
} catch (error) {
  console.error(`Could not move the school: ${(error as Error).message}`);
  process.exit(1);
}
