import { asc, count, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { inJson, jsonInserts } from './bulk';
import { batchOf, type Database } from './database';
import type { DbMeter } from './meter';
import { schoolShards, signInEmails } from './schema';

/**
 * The databases schools live in when there are several. Absent, the platform has one database: the
 * directory's tables and every school's rows side by side, as shard 0.
 */
export interface Shards {
  count: number;
  open(shard: number, meter: DbMeter): Database;
  /** The shard whose database also holds the directory's tables: their writes then share one batch. */
  directoryShard: number | null;
}

/** A shard is known to stay where it is for this long in an isolate; only a move changes it. */
const PLACEMENT_TTL_MS = 60_000;
const placements = new WeakMap<Shards, Map<string, { shard: number; until: number }>>();

/** A request's view of the directory: which database holds a school, and the platform's sign-in emails. */
export interface Directory {
  /** The directory's database (in the one-database default, every school's too). */
  db: Database;
  /** How many shards the platform has (1: the one-database default). */
  shardCount: number;
  /** The database of a shard, counted on the request's meter. */
  shard(shard: number): Database;
  /** The shard a school lives in, or null when the directory does not know it. */
  shardOf(schoolId: string): Promise<number | null>;
  /** The database a school lives in, or null when the directory does not know it. */
  schoolDatabase(schoolId: string): Promise<Database | null>;
  /** The statement finding an email's school and shard: a sign-in runs it in its first batch. */
  placeOfEmail(email: string): BatchItem<'sqlite'> & PromiseLike<{ schoolId: string; shard: number }[]>;
  /** Whether a database handle is the directory's own, so that writes to both can be one batch. */
  isDirectory(db: Database): boolean;
  /** The shard a new school goes to: the one named, else the one holding the fewest schools. */
  placement(named?: number): Promise<number>;
  /** Remembers a school's shard in this isolate (a sign-in just read it). */
  remember(schoolId: string, shard: number): void;
  /** Forgets a school's shard in this isolate: the shard remembered said the school has moved away. */
  forget(schoolId: string): void;
}

export function openDirectory(
  directoryDb: Database,
  shards: Shards | undefined,
  meter: DbMeter,
  now: () => number = Date.now,
): Directory {
  const shardCount = shards?.count ?? 1;
  const opened = new Map<number, Database>();
  const shard = (index: number) => {
    if (!shards || index === shards.directoryShard) return directoryDb;
    const db = opened.get(index) ?? shards.open(index, meter);
    opened.set(index, db);
    return db;
  };
  const cache = shards ? (placements.get(shards) ?? new Map()) : null;
  if (shards && cache && !placements.has(shards)) placements.set(shards, cache);
  const remember = (schoolId: string, index: number) =>
    cache?.set(schoolId, { shard: index, until: now() + PLACEMENT_TTL_MS });
  const shardOf = async (schoolId: string) => {
    if (!shards) return 0;
    const known = cache?.get(schoolId);
    if (known && now() < known.until) return known.shard;
    const [row] = await directoryDb
      .select({ shard: schoolShards.shard })
      .from(schoolShards)
      .where(eq(schoolShards.schoolId, schoolId))
      .limit(1);
    if (!row || row.shard >= shardCount) return null;
    remember(schoolId, row.shard);
    return row.shard;
  };
  return {
    db: directoryDb,
    shardCount,
    shard,
    shardOf,
    async schoolDatabase(schoolId) {
      const index = await shardOf(schoolId);
      return index === null ? null : shard(index);
    },
    placeOfEmail: (email) =>
      directoryDb
        .select({ schoolId: signInEmails.schoolId, shard: schoolShards.shard })
        .from(signInEmails)
        .innerJoin(schoolShards, eq(schoolShards.schoolId, signInEmails.schoolId))
        .where(eq(signInEmails.email, email))
        .limit(1),
    isDirectory: (db) => db === directoryDb,
    async placement(named) {
      if (named !== undefined) {
        if (!Number.isInteger(named) || named < 0 || named >= shardCount)
          throw new Error(`Shard ${named} does not exist: the platform has ${shardCount} (0 to ${shardCount - 1})`);
        return named;
      }
      if (shardCount === 1) return 0;
      const rows = await directoryDb
        .select({ shard: schoolShards.shard, schools: count() })
        .from(schoolShards)
        .groupBy(schoolShards.shard)
        .orderBy(asc(schoolShards.shard));
      const held = Array.from({ length: shardCount }, (_, i) => rows.find((r) => r.shard === i)?.schools ?? 0);
      return held.indexOf(Math.min(...held));
    },
    remember,
    forget: (schoolId) => void cache?.delete(schoolId),
  };
}

/** The sign-in emails an account write adds and gives up, within one school. */
export interface EmailChanges {
  schoolId: string;
  /** Emails the write gives to accounts (new accounts, a changed email). */
  claim?: readonly string[];
  /** Emails no account of the school holds once the write is done (deleted accounts, a changed email's old one). */
  release?: readonly string[];
  /** A new school: the shard it is placed on, written in the directory with its first emails. */
  newSchoolOn?: number;
  /**
   * When the shard is the directory's database: make the school's email rows those of its accounts after the
   * write, whatever it changed (a restore). Elsewhere the caller gives `claim` and `release`.
   */
  resync?: boolean;
}

/** The directory refused an email claim: another account holds it. Its cause is the database's unique violation. */
export class EmailsTaken extends Error {
  constructor(cause: unknown) {
    super('UNIQUE constraint failed: sign_in_emails.email', { cause });
  }
}

function uniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (/UNIQUE constraint failed/i.test(String((current as Error).message ?? ''))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function claims(db: Database, changes: EmailChanges) {
  const emails = [...new Set(changes.claim ?? [])];
  const place =
    changes.newSchoolOn === undefined
      ? []
      : [db.insert(schoolShards).values({ schoolId: changes.schoolId, shard: changes.newSchoolOn })];
  // A plain insert: an email already claimed, by any school, fails the write as a unique violation.
  return [
    ...place,
    ...jsonInserts(
      db,
      signInEmails,
      emails.map((email) => ({ email, schoolId: changes.schoolId })),
    ),
  ];
}

function releases(db: Database, schoolId: string, emails: readonly string[] | undefined) {
  const list = [...new Set(emails ?? [])];
  if (list.length === 0) return [];
  return [
    db.delete(signInEmails).where(sql`${signInEmails.schoolId} = ${schoolId} and ${inJson(signInEmails.email, list)}`),
  ];
}

/** The school's email rows made those of its accounts: rows of accounts gone removed, new ones claimed. */
function resyncs(db: Database, schoolId: string) {
  return [
    db
      .delete(signInEmails)
      .where(
        sql`${signInEmails.schoolId} = ${schoolId} and ${signInEmails.email} not in (select email from users where school_id = ${schoolId})`,
      ),
    db
      .insert(signInEmails)
      .select(
        sql`select email, school_id, ${new Date().toISOString()} from users where school_id = ${schoolId} and email not in (select email from ${signInEmails} where school_id = ${schoolId})`,
      ),
  ];
}

/**
 * Runs a shard's write batch that creates, renames or deletes accounts, and keeps the directory's email rows
 * true. When the shard is the directory's database the email rows ride in the same atomic batch. Otherwise
 * cross-database writes cannot be one batch: the emails are claimed in the directory first (a taken email
 * fails there, before the shard is touched), released again if the shard's batch fails, and the emails given
 * up are released after it succeeds (a failure then leaves an unused claim, never an account without one).
 */
export async function writeAccounts<T extends readonly BatchItem<'sqlite'>[]>(
  directory: Directory,
  shardDb: Database,
  changes: EmailChanges,
  statements: T,
): Promise<unknown[]> {
  if (directory.isDirectory(shardDb)) {
    const before = claims(shardDb, changes);
    const after = [
      ...releases(shardDb, changes.schoolId, changes.release),
      ...(changes.resync ? resyncs(shardDb, changes.schoolId) : []),
    ];
    const results = await shardDb.batch(batchOf([...before, ...statements, ...after] as BatchItem<'sqlite'>[]));
    return results.slice(before.length, before.length + statements.length);
  }
  const claiming = claims(directory.db, changes);
  if (claiming.length > 0) {
    try {
      await directory.db.batch(batchOf(claiming as BatchItem<'sqlite'>[]));
    } catch (error) {
      throw uniqueViolation(error) ? new EmailsTaken(error) : error;
    }
  }
  let results: unknown[];
  try {
    results = statements.length > 0 ? await shardDb.batch(batchOf([...statements])) : [];
  } catch (error) {
    const claimed = releases(directory.db, changes.schoolId, changes.claim);
    if (changes.newSchoolOn !== undefined)
      claimed.push(directory.db.delete(schoolShards).where(eq(schoolShards.schoolId, changes.schoolId)) as never);
    if (claimed.length > 0) await directory.db.batch(batchOf(claimed as BatchItem<'sqlite'>[]));
    throw error;
  }
  const released = releases(directory.db, changes.schoolId, changes.release);
  if (released.length > 0) await directory.db.batch(batchOf(released as BatchItem<'sqlite'>[]));
  return results;
}

/**
 * Emails among these that another school's accounts hold, with that school: with several shards only the
 * directory knows them (one round trip). In one database the school's own query of `users` sees every account.
 */
export async function emailsHeldElsewhere(directory: Directory, schoolId: string, emails: readonly string[]) {
  if (directory.shardCount === 1 || emails.length === 0) return [];
  return directory.db
    .select({ email: signInEmails.email, schoolId: signInEmails.schoolId })
    .from(signInEmails)
    .where(sql`${inJson(signInEmails.email, emails)} and ${signInEmails.schoolId} <> ${schoolId}`);
}

/**
 * The directory rows of a school written outside the API (the demo seed, the large school) into a database
 * that holds the directory: its shard and its accounts' emails.
 */
export function directoryRowsOf(db: Database, schoolId: string, shard = 0) {
  return batchOf([
    db.insert(schoolShards).values({ schoolId, shard }).onConflictDoNothing(),
    ...resyncs(db, schoolId),
  ] as BatchItem<'sqlite'>[]);
}

/** A school's directory rows removed (the demo seed taking back a half-written school). */
export function directoryRowsRemoved(db: Database, schoolId: string) {
  return [
    db.delete(signInEmails).where(eq(signInEmails.schoolId, schoolId)),
    db.delete(schoolShards).where(eq(schoolShards.schoolId, schoolId)),
  ];
}

/** Keys each shard draws from: attendance ids carry a register key in 32 bits, 64 shards at most. */
export const SHARD_KEY_SPAN = 2 ** 26;

/** The tables whose integer keys are seen outside the school's own rows (attendance ids, assessment ids). */
export const SHARD_KEYED_TABLES = ['attendance_registers', 'assessments', 'messages'] as const;

/**
 * Starts a shard's register and assessment keys at its own range, so a key (and the ids made from it) names one
 * school's row across the platform, and a school moved between shards keeps its keys. Run on every shard after
 * its migrations; shard 0 keeps the range it always had.
 */
export async function reserveShardKeys(db: Database, shard: number) {
  if (shard === 0) return;
  const start = shard * SHARD_KEY_SPAN;
  for (const table of SHARD_KEYED_TABLES) {
    // Two statements, each safe to repeat (D1's batch takes only query builders).
    await db.run(sql`update sqlite_sequence set seq = max(seq, ${start}) where name = ${table}`);
    await db.run(
      sql`insert into sqlite_sequence (name, seq) select ${table}, ${start} where not exists (select 1 from sqlite_sequence where name = ${table})`,
    );
  }
}
