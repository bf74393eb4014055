import { and, eq, isNull } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { batchOf, type Database } from './database';
import type { Directory } from './directory';
import { refusalOf } from './guard';
import { schoolFences, schoolShards } from './schema';
import {
  canonical,
  noRowsOf,
  readSchoolRows,
  rowCounts,
  type SchoolRows,
  schoolDeletes,
  schoolInserts,
  schoolTables,
} from './school-rows';
import { invert, type KeyMaps, keyClaims, planKeys, renumberRows, sequencesOf, unmappedKeyColumns } from './shard-keys';

/**
 * How long the old copy stays after the switch: longer than an isolate remembers a school's shard (60 s), so a
 * request still routed there finds the school's rows (its writes refused by the fence) until every route is fresh.
 */
export const OLD_COPY_KEPT_MS = 65_000;

export interface MoveOptions {
  now?: () => Date;
  /** Waits between the switch and the deletion of the old copy; tests pass one that does not wait. */
  wait?: (ms: number) => Promise<void>;
  keepOldCopyMs?: number;
  log?: (line: string) => void;
  /** Runs after the copy is read and before it is written: tests make a write there, or break the copy. */
  afterRead?: () => Promise<void>;
  /** Carries on a move that stopped before its switch (`moving_to` still set): any copy on the target is redone. */
  resume?: boolean;
}

export interface MoveResult {
  schoolId: string;
  from: number;
  to: number;
  rows: Record<string, number>;
  /** Keys given anew on the target (old → new), per table: those above its range. Empty when every key was kept. */
  renumbered: KeyMaps;
}

const batch = (db: Database, items: unknown[]) => db.batch(batchOf(items as BatchItem<'sqlite'>[]));

/** The fence of the school in a database, in the given state (written over any earlier one). */
function fence(db: Database, schoolId: string, state: 'moving' | 'moved' | 'purging', to: number, now: Date) {
  return db
    .insert(schoolFences)
    .values({ schoolId, state, toShard: to, since: now.toISOString() })
    .onConflictDoUpdate({ target: schoolFences.schoolId, set: { state, toShard: to, since: now.toISOString() } });
}

/**
 * Moves a school to another shard through a copy of all its rows:
 * 1. the directory marks it moving (a second move of it is refused) and the old shard fences it: from that write on,
 *    every write of the school there is refused (503) by the shard's own triggers, so the rows read next are final;
 * 2. its rows are read in one batch and written to the new shard in one batch, keys and all (those above the new
 *    shard's key range renumbered into it), then read back and compared; a failure takes the copy away again and
 *    lifts the fence: the school stays, writable;
 * 3. the directory points at the new shard in one conditional write; the old shard's fence turns to `moved`;
 * 4. after the isolates' remembered routes expire, the old copy is deleted in one batch.
 */
export async function moveSchool(
  directory: Directory,
  schoolId: string,
  to: number,
  options: MoveOptions = {},
): Promise<MoveResult> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => {});
  const wait = options.wait ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  if (!Number.isInteger(to) || to < 0 || to >= directory.shardCount)
    throw new Error(
      `Shard ${to} does not exist: the platform has ${directory.shardCount} (0 to ${directory.shardCount - 1})`,
    );
  const [placed] = await directory.db.select().from(schoolShards).where(eq(schoolShards.schoolId, schoolId));
  if (!placed) throw new Error(`The directory knows no school ${schoolId}`);
  const from = placed.shard;
  if (from === to) throw new Error(`The school is on shard ${to} already`);
  const resuming = options.resume === true && placed.movingTo === to;
  if (placed.movingTo !== null && !resuming)
    throw new Error(`The school is being moved to shard ${placed.movingTo} already (--resume carries that move on)`);
  const source = directory.shard(from);
  const target = directory.shard(to);

  if (resuming) {
    // The directory still points at the source: whatever the stopped move wrote to the target is nobody's.
    await batch(target, schoolDeletes(target, schoolId));
  } else {
    const [marked] = await directory.db
      .update(schoolShards)
      .set({ movingTo: to })
      .where(and(eq(schoolShards.schoolId, schoolId), eq(schoolShards.shard, from), isNull(schoolShards.movingTo)))
      .returning();
    if (!marked) throw new Error('The school is being moved already');
  }
  const unmark = () =>
    directory.db.update(schoolShards).set({ movingTo: null }).where(eq(schoolShards.schoolId, schoolId));
  let rows: SchoolRows;
  let renumbered: KeyMaps;
  try {
    await fence(source, schoolId, 'moving', to, now());
    log(`Writes of the school are refused on shard ${from} while it is copied.`);
    rows = await readSchoolRows(source, schoolId);
    await options.afterRead?.();
    renumbered = await copyInto(target, schoolId, to, rows);
    for (const [table, map] of Object.entries(renumbered))
      log(`${map.size} ${table} keys above shard ${to}'s range were given keys of its own range.`);
  } catch (error) {
    await source.delete(schoolFences).where(eq(schoolFences.schoolId, schoolId));
    await unmark();
    throw error;
  }
  const [switched] = await directory.db
    .update(schoolShards)
    .set({ shard: to, movingTo: null })
    .where(and(eq(schoolShards.schoolId, schoolId), eq(schoolShards.shard, from), eq(schoolShards.movingTo, to)))
    .returning();
  if (!switched) throw new Error('The directory changed during the move: the school stays where it was');
  directory.remember(schoolId, to);
  await fence(source, schoolId, 'moved', to, now());
  log(`The directory points at shard ${to}; the copy on shard ${from} goes once every remembered route has expired.`);
  await wait(options.keepOldCopyMs ?? OLD_COPY_KEPT_MS);
  await batch(source, [
    fence(source, schoolId, 'purging', to, now()),
    ...schoolDeletes(source, schoolId),
    fence(source, schoolId, 'moved', to, now()),
  ]);
  return { schoolId, from, to, rows: rowCounts(rows), renumbered };
}

/** Tries of a copy whose planned keys another school took meanwhile (each a fresh read of the counters). */
const KEY_TRIES = 3;

/**
 * Writes the rows into the target in one batch and reads them back; anything short of an equal copy removes what
 * was written and fails. Register, assessment and message keys are kept, but those above the target's range are
 * renumbered into it, with every column naming them (`shard-keys.ts`), and compared back through the mapping.
 */
async function copyInto(target: Database, schoolId: string, to: number, rows: SchoolRows): Promise<KeyMaps> {
  const unmapped = unmappedKeyColumns(schoolTables());
  if (unmapped.length > 0) throw new Error(`No mapping renumbers these columns' keys: ${unmapped.join(', ')}`);
  for (let attempt = 1; ; attempt++) {
    const [[{ n }], sequences] = await target.batch([noRowsOf(target, schoolId), sequencesOf(target)]);
    if (n > 0) throw new Error(`Shard ${to} holds rows of this school already`);
    const maps = planKeys(rows, to, sequences);
    const claims = keyClaims(target, maps);
    const written = [
      target.delete(schoolFences).where(eq(schoolFences.schoolId, schoolId)),
      ...claims.before,
      ...schoolInserts(target, schoolId, renumberRows(rows, maps)),
      ...claims.after,
    ];
    try {
      await batch(target, written);
    } catch (error) {
      if (refusalOf(error, 'move-keys') && attempt < KEY_TRIES) continue;
      throw error;
    }
    try {
      const copied = await readSchoolRows(target, schoolId);
      if (canonical(renumberRows(copied, invert(maps))) !== canonical(rows))
        throw new Error('The copy differs from the school’s rows');
    } catch (error) {
      await batch(target, schoolDeletes(target, schoolId));
      throw error;
    }
    return maps;
  }
}

/** A school's rows as one string in a stable order, for comparing a database's copy before and after a move. */
export async function schoolDigest(db: Database, schoolId: string): Promise<string> {
  const text = canonical(await readSchoolRows(db, schoolId));
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
