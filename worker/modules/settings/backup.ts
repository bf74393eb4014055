import { eq, getTableColumns, getTableName } from 'drizzle-orm';
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { z } from 'zod';
import * as schema from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';
import { SCHOOL_INFO_FIELDS, SCHOOL_OPTION_FIELDS } from './fields';
import { checkMessageRows, messageRowReads, OUTBOX, RECIPIENTS } from './message-rows';

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
  schema.schoolYears,
  schema.enrolments,
  schema.parents,
  schema.studentParents,
  schema.subjectCategories,
  schema.subjects,
  schema.subjectTeachers,
  schema.schedules,
  schema.attendanceRegisters,
  schema.terms,
  schema.gradeBands,
  schema.assessments,
  schema.reportPublications,
  schema.messages,
  schema.pushSubscriptions,
  schema.teacherAttendance,
  schema.employeeAttendance,
  schema.importantDates,
  schema.importantDateClasses,
  schema.feeCategories,
  schema.feeStructures,
  schema.feeAssignments,
  schema.feeArrears,
  schema.feeReceipts,
  schema.feeCollections,
  schema.documents,
  schema.transferCertificates,
  schema.complaints,
  schema.savedReports,
  schema.homework,
  schema.homeworkSubmissions,
  schema.homeworkFiles,
  schema.studentTasks,
] as const satisfies readonly (SQLiteTable & { schoolId: unknown })[];

/** Marks carry no school: a backup holds those of the school's registers, checked against its registers and students. */
export const MARKS = getTableName(schema.attendanceMarks);
/** Assessment marks carry no school either: those of the school's assessments, checked like attendance marks. */
export const ASSESSMENT_MARKS = getTableName(schema.assessmentMarks);
/** Marks as one row each, as backups made before registers hold them; a restore turns them into registers. */
export const OLD_MARKS = 'student_attendance';

export const BACKUP_FORMAT = 'school-portal-backup';
export const BACKUP_VERSION = 1;
export const DAMAGED = 'The backup file is damaged and cannot be restored';

/** What a backup carries of the school itself: the school information form's fields. */
export const schoolSettingsKeys = [...SCHOOL_INFO_FIELDS, ...SCHOOL_OPTION_FIELDS] as const;

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
    db
      .select(getTableColumns(schema.attendanceMarks))
      .from(schema.attendanceMarks)
      .innerJoin(schema.attendanceRegisters, eq(schema.attendanceRegisters.id, schema.attendanceMarks.registerId))
      .where(eq(schema.attendanceRegisters.schoolId, ctx.schoolId)),
    db
      .select(getTableColumns(schema.assessmentMarks))
      .from(schema.assessmentMarks)
      .innerJoin(schema.assessments, eq(schema.assessments.id, schema.assessmentMarks.assessmentId))
      .where(eq(schema.assessments.schoolId, ctx.schoolId)),
    ...messageRowReads(db, ctx.schoolId),
  ]);
  const outbox = tableRows.pop() as Record<string, unknown>[];
  const recipients = tableRows.pop() as Record<string, unknown>[];
  const assessmentMarks = tableRows.pop() as Record<string, unknown>[];
  const marks = tableRows.pop() as Record<string, unknown>[];
  const school = schoolRows[0];
  if (!school) throw new AppError(404, 'School not found');
  const tables: Snapshot['tables'] = {};
  BACKED_UP_TABLES.forEach((table, i) => {
    tables[getTableName(table)] = tableRows[i] as Record<string, unknown>[];
  });
  tables[MARKS] = marks;
  tables[ASSESSMENT_MARKS] = assessmentMarks;
  tables[RECIPIENTS] = recipients;
  tables[OUTBOX] = outbox;
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

/**
 * Parses a backup; a damaged file or one of another school is refused before anything changes. An uploaded
 * file must also pass `authentic` (its signature), checked on the text as parsed.
 */
export async function decodeSnapshot(
  bytes: ArrayBuffer,
  schoolId: string,
  authentic?: (parsed: unknown) => Promise<boolean>,
): Promise<Snapshot> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await gunzip(bytes));
  } catch {
    throw new AppError(422, DAMAGED);
  }
  if (authentic && !(await authentic(parsed))) throw new AppError(422, DAMAGED);
  const result = snapshotSchema.safeParse(parsed);
  if (!result.success) throw new AppError(422, DAMAGED);
  const snapshot = result.data;
  const foreign =
    snapshot.schoolId !== schoolId ||
    Object.entries(snapshot.tables).some(
      ([name, rows]) =>
        !([MARKS, ASSESSMENT_MARKS, RECIPIENTS, OUTBOX] as string[]).includes(name) &&
        rows.some((row) => row.schoolId !== schoolId),
    );
  if (foreign) throw new AppError(422, 'This backup belongs to another school and cannot be restored here');
  checkReferences(snapshot, schoolId);
  checkMarks(snapshot);
  checkMessageRows(snapshot.tables);
  return snapshot;
}

const keyOf = (table: SQLiteTable, column: SQLiteColumn) =>
  Object.entries(getTableColumns(table)).find(([, c]) => c.name === column.name)?.[0] ?? column.name;

/**
 * Every row's keys are unique and every id it points at is in the snapshot itself (or is this school), so a
 * tampered file cannot tie the school's rows to another school's. The columns come from the schema's keys.
 */
function checkReferences(snapshot: Snapshot, schoolId: string) {
  const rowsOf = (table: SQLiteTable) => snapshot.tables[getTableName(table)] ?? [];
  const present = new Map<string, Set<unknown>>();
  const valuesOf = (table: SQLiteTable, key: string) => {
    const name = `${getTableName(table)}.${key}`;
    const values = present.get(name) ?? new Set(rowsOf(table).map((row) => row[key]));
    present.set(name, values);
    return values;
  };
  for (const table of BACKED_UP_TABLES as readonly SQLiteTable[]) {
    const config = getTableConfig(table);
    const unique = [
      config.primaryKeys[0]?.columns ?? config.columns.filter((column) => column.primary),
      ...config.indexes.filter((index) => index.config.unique).map((index) => index.config.columns),
    ];
    for (const columns of unique) {
      const keys = columns.map((column) => keyOf(table, column as SQLiteColumn));
      const seen = new Set<string>();
      for (const row of rowsOf(table)) {
        const values = keys.map((k) => row[k] ?? null);
        // SQLite lets rows whose key holds a null repeat it.
        if (values.includes(null)) continue;
        const key = JSON.stringify(values);
        if (seen.has(key)) throw new AppError(422, DAMAGED);
        seen.add(key);
      }
    }
    for (const foreignKey of config.foreignKeys) {
      const { columns, foreignColumns, foreignTable } = foreignKey.reference();
      const key = keyOf(table, columns[0]);
      const allowed =
        foreignTable === schema.schools
          ? new Set([schoolId])
          : (BACKED_UP_TABLES as readonly SQLiteTable[]).includes(foreignTable)
            ? valuesOf(foreignTable, keyOf(foreignTable, foreignColumns[0]))
            : new Set();
      for (const row of rowsOf(table)) {
        const value = row[key];
        if (value !== null && value !== undefined && !allowed.has(value)) throw new AppError(422, DAMAGED);
      }
    }
  }
}

/**
 * Each mark names a register and a student number of the file, once; a mark row of an older backup names the
 * file's own students, classes, subjects, teachers and accounts. (A register id of another school is refused
 * inside the restore's batch.)
 */
function checkMarks(snapshot: Snapshot) {
  const rows = (name: string) => snapshot.tables[name] ?? [];
  const ids = (name: string, key = 'id') => new Set(rows(name).map((row) => row[key]));
  const registers = ids(getTableName(schema.attendanceRegisters));
  const numbers = ids(getTableName(schema.students), 'number');
  const seen = new Set<string>();
  for (const mark of rows(MARKS)) {
    const key = `${mark.registerId}:${mark.studentNumber}`;
    const valid =
      Number.isInteger(mark.registerId) &&
      Number.isInteger(mark.studentNumber) &&
      Number.isInteger(mark.status) &&
      registers.has(mark.registerId) &&
      numbers.has(mark.studentNumber) &&
      !seen.has(key);
    if (!valid) throw new AppError(422, DAMAGED);
    seen.add(key);
  }
  const assessments = ids(getTableName(schema.assessments));
  const given = new Set<string>();
  for (const mark of rows(ASSESSMENT_MARKS)) {
    const key = `${mark.assessmentId}:${mark.studentNumber}`;
    const valid =
      assessments.has(mark.assessmentId) &&
      numbers.has(mark.studentNumber) &&
      (schema.markStatuses as readonly unknown[])[mark.status as number] !== undefined &&
      (mark.score === null || Number.isInteger(mark.score)) &&
      !given.has(key);
    if (!valid) throw new AppError(422, DAMAGED);
    given.add(key);
  }
  const within = (name: string, value: unknown, nullable = false) =>
    (nullable && (value === null || value === undefined)) || ids(name).has(value);
  for (const mark of rows(OLD_MARKS)) {
    const valid =
      within('students', mark.studentId) &&
      within('classes', mark.classId) &&
      within('subjects', mark.subjectId) &&
      within('teachers', mark.teacherId, true) &&
      within('users', mark.markedBy, true) &&
      typeof mark.date === 'string' &&
      typeof mark.markedAt === 'string' &&
      (schema.studentAttendanceStatuses as readonly unknown[]).includes(mark.status);
    if (!valid) throw new AppError(422, DAMAGED);
  }
}
