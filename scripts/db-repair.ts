/**
 * `npm run db:repair [-- --dry-run] [--shards N] [--persist-to DIR]`
 *
 * Releases what an account write whose shard failed can leave in the directory when the release after it failed
 * too: emails no account holds (they would answer "taken" for ever) and schools placed but never written. Claims
 * younger than ten minutes are left alone. With LIBSQL_URL set it works on that libSQL directory and its shards;
 * otherwise on the local D1 databases of `npm start -- --shards N`.
 */

import { openDirectory } from '../worker/db/directory';
import { repairDirectory } from '../worker/db/directory-repair';
import { DbMeter } from '../worker/db/meter';
import { openLibsqlShards } from './lib/libsql-shards';
import { openLocalD1 } from './lib/local-d1';
import { shardCount } from './lib/local-shards';
import { flag } from './lib/run';

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');

const opened = process.env.LIBSQL_URL
  ? await openLibsqlShards()
  : await openLocalD1(flag(args, 'persist-to') || '.wrangler/state', shardCount(flag(args, 'shards')));
try {
  const report = await repairDirectory(openDirectory(opened.db, opened.shards, new DbMeter()), { dryRun });
  const verb = dryRun ? 'would release' : 'released';
  console.log(
    `Directory: ${verb} ${report.released.length} unused email claim(s) and ${report.placementsRemoved.length} empty placement(s).`,
  );
  for (const row of report.released) console.log(`  email claim of school ${row.schoolId}`);
  for (const id of report.placementsRemoved) console.log(`  placement of school ${id}`);
  for (const move of report.stuckMoves)
    console.log(
      `  school ${move.schoolId} is marked moving from shard ${move.shard} to ${move.movingTo}: run its move again`,
    );
} catch (error) {
  console.error(`Could not repair the directory: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await opened.close();
}
