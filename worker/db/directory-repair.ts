import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { inJson } from './bulk';
import { batchOf } from './database';
import type { Directory } from './directory';
import { schoolShards, schools, signInEmails, users } from './schema';

/** A claim younger than this may belong to an account write still under way: it is left alone. */
export const REPAIR_GRACE_MS = 10 * 60_000;
const PAGE = 2_000;

export interface RepairReport {
  /** Emails claimed in the directory that no account of their school holds: released. */
  released: { email: string; schoolId: string }[];
  /** Schools placed on a shard that holds no such school (a creation whose shard write failed): removed. */
  placementsRemoved: string[];
  /** Schools whose move stopped half way (`moving_to` still set): for the operator to look at. */
  stuckMoves: { schoolId: string; shard: number; movingTo: number }[];
}

/**
 * Finds what the claim-then-write order can leave behind when a shard's write fails and the release after it
 * fails too: emails claimed by no account, and schools placed but never written. Only claims and placements older
 * than the grace are touched, and schools being moved are skipped. Round trips: two per page of 2,000 emails.
 */
export async function repairDirectory(
  directory: Directory,
  options: { now?: Date; graceMs?: number; dryRun?: boolean } = {},
): Promise<RepairReport> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - (options.graceMs ?? REPAIR_GRACE_MS)).toISOString();
  const dir = directory.db;
  const report: RepairReport = { released: [], placementsRemoved: [], stuckMoves: [] };
  const placed = await dir.select().from(schoolShards);
  report.stuckMoves = placed
    .filter((row) => row.movingTo !== null)
    .map((row) => ({ schoolId: row.schoolId, shard: row.shard, movingTo: row.movingTo as number }));

  for (let shard = 0; shard < directory.shardCount; shard++) {
    const here = placed.filter((row) => row.shard === shard && row.movingTo === null && row.createdAt < cutoff);
    for (let i = 0; i < here.length; i += PAGE) {
      const ids = here.slice(i, i + PAGE).map((row) => row.schoolId);
      const found = await directory
        .shard(shard)
        .select({ id: schools.id })
        .from(schools)
        .where(inJson(schools.id, ids));
      const present = new Set(found.map((row) => row.id));
      report.placementsRemoved.push(...ids.filter((id) => !present.has(id)));
    }
  }

  const shardOf = new Map(placed.filter((row) => row.movingTo === null).map((row) => [row.schoolId, row.shard]));
  let after = '';
  for (;;) {
    const page = await dir
      .select({ email: signInEmails.email, schoolId: signInEmails.schoolId })
      .from(signInEmails)
      .where(and(gt(signInEmails.email, after), or(isNull(signInEmails.claimedAt), lt(signInEmails.claimedAt, cutoff))))
      .orderBy(asc(signInEmails.email))
      .limit(PAGE);
    if (page.length === 0) break;
    after = page[page.length - 1].email;
    const byShard = new Map<number, typeof page>();
    for (const row of page) {
      const shard = shardOf.get(row.schoolId);
      if (shard === undefined) {
        // A school the directory does not place at all holds no account; one being moved is left alone.
        if (!placed.some((p) => p.schoolId === row.schoolId)) report.released.push(row);
        continue;
      }
      byShard.set(shard, [...(byShard.get(shard) ?? []), row]);
    }
    for (const [shard, rows] of byShard) {
      const held = await directory
        .shard(shard)
        .select({ email: users.email, schoolId: users.schoolId })
        .from(users)
        .where(
          inJson(
            users.email,
            rows.map((row) => row.email),
          ),
        );
      const holds = new Set(held.map((row) => `${row.schoolId} ${row.email}`));
      report.released.push(...rows.filter((row) => !holds.has(`${row.schoolId} ${row.email}`)));
    }
  }

  if (options.dryRun) return report;
  const stale = sql`(${signInEmails.claimedAt} is null or ${signInEmails.claimedAt} < ${cutoff})`;
  const writes: BatchItem<'sqlite'>[] = [
    ...report.released.map((row) =>
      dir
        .delete(signInEmails)
        .where(and(eq(signInEmails.email, row.email), eq(signInEmails.schoolId, row.schoolId), stale)),
    ),
    ...report.placementsRemoved.map((schoolId) =>
      dir.delete(schoolShards).where(and(eq(schoolShards.schoolId, schoolId), isNull(schoolShards.movingTo))),
    ),
  ];
  for (let i = 0; i < writes.length; i += 500) await dir.batch(batchOf(writes.slice(i, i + 500)));
  return report;
}
