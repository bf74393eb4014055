import { eq, getTableName } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { z } from 'zod';
import { jsonInserts } from '../../db/bulk';
import * as schema from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';

/**
 * Every table that holds a school's data, parents before children. A backup reads them all; a restore
 * deletes them children first and inserts parents first. The activity log and the backups list are the
 * history of the school, not its data, and stay as they are.
 */
export const BACKED_UP_TABLES = [
  schema.users,
  schema.departments,
  schema.teachers,
  schema.employees,
  schema.classes,
  schema.students,
  schema.parents,
  schema.studentParents,
  schema.subjectCategories,
  schema.subjects,
  schema.subjectTeachers,
  schema.schedules,
  schema.studentAttendance,
  schema.teacherAttendance,
  schema.employeeAttendance,
  schema.importantDates,
  schema.importantDateClasses,
  schema.feeCategories,
  schema.feeStructures,
  schema.feeReceipts,
  schema.feeCollections,
  schema.documents,
  schema.transferCertificates,
  schema.complaints,
] as const satisfies readonly (SQLiteTable & { schoolId: unknown })[];

export const BACKUP_FORMAT = 'school-portal-backup';
export const BACKUP_VERSION = 1;

const schoolSettingsKeys = [
  'name',
  'code',
  'email',
  'phone',
  'address',
  'website',
  'academicBoard',
  'academicYear',
  'semester',
  'timeZone',
  'currency',
] as const;

const snapshotSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  schoolId: z.string(),
  createdAt: z.string(),
  school: z.record(z.string(), z.unknown()),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

async function gzip(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function gunzip(bytes: ArrayBuffer): Promise<string> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}

/** Reads all of the school's data in one round trip (one batch of selects). */
export async function snapshotOf(ctx: TenantContext): Promise<Snapshot> {
  const { db } = ctx;
  const [schoolRows, ...tableRows] = await db.batch([
    db.select().from(schema.schools).where(eq(schema.schools.id, ctx.schoolId)),
    ...BACKED_UP_TABLES.map((table) => db.select().from(table).where(eq(table.schoolId, ctx.schoolId))),
  ]);
  const school = schoolRows[0];
  if (!school) throw new AppError(404, 'School not found');
  const tables: Snapshot['tables'] = {};
  BACKED_UP_TABLES.forEach((table, i) => {
    tables[getTableName(table)] = tableRows[i] as Record<string, unknown>[];
  });
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    schoolId: ctx.schoolId,
    createdAt: ctx.now().toISOString(),
    school: Object.fromEntries(schoolSettingsKeys.map((key) => [key, school[key]])),
    tables,
  };
}

export function encodeSnapshot(snapshot: Snapshot): Promise<Uint8Array> {
  return gzip(JSON.stringify(snapshot));
}

/** Parses a stored backup; a damaged file or one of another school is refused before anything changes. */
export async function decodeSnapshot(bytes: ArrayBuffer, schoolId: string): Promise<Snapshot> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await gunzip(bytes));
  } catch {
    throw new AppError(422, 'The backup file is damaged and cannot be restored');
  }
  const result = snapshotSchema.safeParse(parsed);
  if (!result.success) throw new AppError(422, 'The backup file is damaged and cannot be restored');
  const snapshot = result.data;
  const foreign =
    snapshot.schoolId !== schoolId ||
    Object.values(snapshot.tables).some((rows) => rows.some((row) => row.schoolId !== schoolId));
  if (foreign) throw new AppError(422, 'This backup belongs to another school and cannot be restored here');
  return snapshot;
}

/** The statements that replace the school's data with the snapshot's; run in one batch, they are atomic. */
export function restoreStatements(ctx: TenantContext, snapshot: Snapshot) {
  const { db } = ctx;
  const deletes = [...BACKED_UP_TABLES]
    .reverse()
    .map((table) => db.delete(table).where(eq(table.schoolId, ctx.schoolId)));
  const inserts = BACKED_UP_TABLES.flatMap((table) =>
    jsonInserts(db, table as SQLiteTable, (snapshot.tables[getTableName(table)] ?? []) as never[]),
  );
  const settings = Object.fromEntries(
    schoolSettingsKeys.filter((key) => key in snapshot.school).map((key) => [key, snapshot.school[key]]),
  );
  return [...deletes, ...inserts, db.update(schema.schools).set(settings).where(eq(schema.schools.id, ctx.schoolId))];
}
