import { count, desc, eq, gte, lt } from 'drizzle-orm';
import { EmailsTaken, writeAccounts } from '../../db/directory';
import { refusalOf } from '../../db/guard';
import { activityLogs, backups, schools } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { keysForShard } from '../../db/shard-keys';
import { activity } from '../../lib/activity';
import { AppError, isConstraintViolation, notFound } from '../../lib/errors';
import { offsetOf } from '../../lib/paging';
import type { TenantContext } from '../../lib/tenancy';
import { addDays } from '../../lib/time';
import { issueToken } from '../../lib/tokens';
import { DAMAGED, decodeSnapshot, encodeSnapshot, type Snapshot, snapshotOf } from './backup';
import { signedFile, snapshotOfFile } from './backup-file';
import { restoreEmailChanges, restoreStatements } from './restore';
import type { ActivityLogQuery, SchoolInfoInput } from './schemas';

function toSchoolInfo(school: typeof schools.$inferSelect) {
  return {
    _id: school.id,
    name: school.name,
    code: school.code,
    email: school.email,
    phone: school.phone,
    address: school.address,
    website: school.website,
    academicBoard: school.academicBoard,
    academicYear: school.academicYear,
    yearStartMonth: school.yearStartMonth,
    semester: school.semester,
    timeZone: school.timeZone,
    currency: school.currency,
    language: school.language,
    rankStudents: school.rankStudents,
    absenceAlerts: school.absenceAlerts,
    absenceAlertTime: school.absenceAlertTime,
    absenceAlertLate: school.absenceAlertLate,
    absenceAlertStudents: school.absenceAlertStudents,
  };
}

export async function schoolInfo(ctx: TenantContext) {
  const [school] = await ctx.db.select().from(schools).where(eq(schools.id, ctx.schoolId)).limit(1);
  if (!school) throw notFound('School');
  return toSchoolInfo(school);
}

/**
 * The school's details every portal shows, counts dates by or speaks in; the others (phone, website…) stay in
 * settings.
 */
const SHOWN_EVERYWHERE = ['name', 'timeZone', 'academicYear', 'semester', 'language'] as const;

export async function updateSchoolInfo(ctx: TenantContext, input: SchoolInfoInput) {
  const { db } = ctx;
  // Nothing to change (every key sent was unknown and dropped): no write, no activity.
  if (Object.keys(input).length === 0) return schoolInfo(ctx);
  const changed = Object.keys(input).join(', ');
  const [[school]] = await db.batch([
    db.update(schools).set(input).where(eq(schools.id, ctx.schoolId)).returning(),
    activity(ctx, 'update', 'school', ctx.schoolId, `Updated school information (${changed || 'no fields'})`),
  ]);
  if (!school) throw notFound('School');
  // Open screens take "today" from the zone and term and show the name: they learn of a change at once.
  if (SHOWN_EVERYWHERE.some((key) => key in input)) {
    const { id: _id, name, timeZone, academicYear, semester, language } = school;
    const data = { _id, name, timeZone, academicYear, semester, language };
    await ctx.publish(ctx.schoolId, { type: 'school_updated', data });
  }
  return toSchoolInfo(school);
}

function filesOf(ctx: TenantContext) {
  if (!ctx.files) throw new AppError(503, 'File storage is not configured');
  return ctx.files;
}

function toBackup(row: typeof backups.$inferSelect) {
  const rows = Object.values(row.rowCounts).reduce((sum, n) => sum + n, 0);
  return {
    _id: row.id,
    size: row.size,
    rowCounts: row.rowCounts,
    totalRows: rows,
    note: row.note,
    createdAt: row.createdAt,
  };
}

/** Snapshots all of the school's data (one round trip to read) into the FILES bucket. */
export async function createBackup(ctx: TenantContext, note?: string) {
  const files = filesOf(ctx);
  const snapshot = await snapshotOf(ctx);
  const bytes = await encodeSnapshot(snapshot);
  const id = newId();
  const storageKey = `backups/${ctx.schoolId}/${id}.json.gz`;
  await files.put(storageKey, bytes, { httpMetadata: { contentType: 'application/gzip' } });
  const rowCounts = Object.fromEntries(Object.entries(snapshot.tables).map(([name, rows]) => [name, rows.length]));
  const [[row]] = await ctx.db.batch([
    ctx.db
      .insert(backups)
      .values({
        id,
        schoolId: ctx.schoolId,
        storageKey,
        size: bytes.byteLength,
        rowCounts,
        note: note ?? null,
        createdBy: ctx.session.userId,
        createdAt: snapshot.createdAt,
      })
      .returning(),
    activity(ctx, 'create', 'backup', id, 'Created a backup'),
  ]);
  return toBackup(row);
}

export async function listBackups(ctx: TenantContext, paging: { page: number; limit: number }) {
  const { db } = ctx;
  const [rows, [{ total }]] = await db.batch([
    db
      .select()
      .from(backups)
      .where(ctx.scoped(backups))
      .orderBy(desc(backups.createdAt))
      .limit(paging.limit)
      .offset(offsetOf(paging)),
    db.select({ total: count() }).from(backups).where(ctx.scoped(backups)),
  ]);
  return { backups: rows.map(toBackup), total };
}

export const EMAIL_TAKEN = 'This backup holds an account whose email another account now uses; it cannot be restored';

export async function restoreBackup(ctx: TenantContext, backupId: string) {
  const files = filesOf(ctx);
  const row = await backupRow(ctx, backupId);
  const stored = await files.get(row.storageKey);
  if (!stored) throw new AppError(422, MISSING);
  const snapshot = await decodeSnapshot(await stored.arrayBuffer(), ctx.schoolId);
  const session = await applySnapshot(ctx, snapshot, backupId, `Restored the backup of ${row.createdAt}`);
  return { ...toBackup(row), ...session };
}

/** The same restore from a file the portal signed for this school (a download), with the same refusals. */
export async function restoreUploadedBackup(ctx: TenantContext, bytes: ArrayBuffer) {
  const snapshot = await snapshotOfFile(bytes, ctx.schoolId, ctx.config.jwtSecret);
  const session = await applySnapshot(ctx, snapshot, null, `Restored an uploaded backup of ${snapshot.createdAt}`);
  return { createdAt: snapshot.createdAt, ...session };
}

/** A stored backup as a signed file; a download of the school's personal data is logged as an export. */
export async function downloadBackup(ctx: TenantContext, backupId: string) {
  const files = filesOf(ctx);
  const row = await backupRow(ctx, backupId);
  const stored = await files.get(row.storageKey);
  if (!stored) throw new AppError(422, MISSING);
  const snapshot = await decodeSnapshot(await stored.arrayBuffer(), ctx.schoolId);
  const bytes = await signedFile(snapshot, ctx.config.jwtSecret);
  await activity(ctx, 'export', 'backup', backupId, `Downloaded the backup of ${row.createdAt}`);
  const stamp = row.createdAt.slice(0, 19).replace(/[:T]/g, '-');
  return { bytes, name: `school-backup-${stamp}.json.gz` };
}

const MISSING = 'The backup file is missing and cannot be restored';

async function backupRow(ctx: TenantContext, backupId: string) {
  const [row] = await ctx.db
    .select()
    .from(backups)
    .where(ctx.scoped(backups, eq(backups.id, backupId)))
    .limit(1);
  if (!row) throw notFound('Backup');
  return row;
}

/**
 * Replaces the school's data with the snapshot's in one atomic batch; a damaged or foreign file changes nothing.
 * Every session of the school ends: the answer carries a fresh token for the administrator who restored.
 */
async function applySnapshot(ctx: TenantContext, given: Snapshot, backupId: string | null, summary: string) {
  // A backup made on a higher shard than the school's now brings keys of that shard's range: they are renumbered.
  const keys = await keysForShard(ctx.db, (await ctx.directory.shardOf(ctx.schoolId)) ?? 0, given.tables as never);
  const snapshot = { ...given, tables: keys.rows as Snapshot['tables'] };
  const { writes, restorer } = restoreStatements(ctx, snapshot);
  let results: unknown[];
  try {
    results = await writeAccounts(ctx.directory, ctx.db, await restoreEmailChanges(ctx, snapshot), [
      ...keys.before,
      ...writes,
      ...keys.after,
      activity(ctx, 'restore', 'backup', backupId, summary),
      restorer,
    ] as unknown as [typeof restorer]);
  } catch (error) {
    if (refusalOf(error, 'restore-email-taken') || error instanceof EmailsTaken)
      throw new AppError(409, EMAIL_TAKEN, { code: 'EMAIL_TAKEN' });
    // A row the database refuses (a tampered file) rolls the whole batch back: nothing has changed.
    if (
      refusalOf(error, 'restore-foreign-account') ||
      refusalOf(error, 'restore-foreign-register') ||
      isConstraintViolation(error)
    )
      throw new AppError(422, DAMAGED);
    throw error;
  }
  const [me] = results[results.length - 1] as Awaited<typeof restorer>;
  if (!me) throw new AppError(401, 'Invalid token');
  const { token, claims } = await issueToken(
    ctx.config.jwtSecret,
    { ...ctx.session, role: me.role, tokenVersion: me.tokenVersion },
    ctx.now(),
  );
  // Live connections were admitted under the old sessions: the room closes them, and they come back afresh. The
  // restoring administrator's own socket moves to the new token instead, so that screen never sees its session end.
  const own = ctx.session.jti;
  await ctx.publish(ctx.schoolId, { type: 'sessions_ended', data: { all: true, exceptJtis: [own] } });
  await ctx.publish(ctx.schoolId, {
    type: 'session_renewed',
    data: { userId: ctx.session.userId, fromJti: own, toJti: claims.jti, expiresAt: claims.expiresAt },
  });
  return { token, expiresAt: new Date(claims.expiresAt * 1000).toISOString() };
}

export async function listActivity(ctx: TenantContext, query: ActivityLogQuery) {
  const { db } = ctx;
  const where = ctx.scoped(
    activityLogs,
    query.action ? eq(activityLogs.action, query.action) : undefined,
    query.entity ? eq(activityLogs.entity, query.entity) : undefined,
    query.entityId ? eq(activityLogs.entityId, query.entityId) : undefined,
    query.userId ? eq(activityLogs.userId, query.userId) : undefined,
    query.from ? gte(activityLogs.createdAt, query.from) : undefined,
    query.to ? lt(activityLogs.createdAt, addDays(query.to, 1)) : undefined,
  );
  const [rows, [{ total }]] = await db.batch([
    db
      .select()
      .from(activityLogs)
      .where(where)
      .orderBy(desc(activityLogs.createdAt))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(activityLogs).where(where),
  ]);
  return {
    logs: rows.map((r) => ({
      _id: r.id,
      userId: r.userId,
      userName: r.userName,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      summary: r.summary,
      createdAt: r.createdAt,
    })),
    total,
  };
}
