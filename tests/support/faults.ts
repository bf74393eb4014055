import { eq, getTableColumns, getTableName, is } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Database } from '../../worker/db/database';
import * as schema from '../../worker/db/schema';

/** Every table with a school_id column: together with the school's own row, all a school holds. */
const SCHOOL_TABLES = (Object.values(schema) as unknown[]).filter(
  (value) => is(value, SQLiteTable) && 'schoolId' in value,
) as (typeof schema.students)[];

/** Every row of one school in every table, in a stable order: equal before and after means nothing changed. */
export async function schoolDigest(db: Database, schoolId: string): Promise<string> {
  const [school, ...tables] = await db.batch([
    db.select().from(schema.schools).where(eq(schema.schools.id, schoolId)),
    ...SCHOOL_TABLES.map((table) => db.select().from(table).where(eq(table.schoolId, schoolId))),
    // Marks carry no school: those of the school's registers.
    db
      .select(getTableColumns(schema.attendanceMarks))
      .from(schema.attendanceMarks)
      .innerJoin(schema.attendanceRegisters, eq(schema.attendanceRegisters.id, schema.attendanceMarks.registerId))
      .where(eq(schema.attendanceRegisters.schoolId, schoolId)),
    db
      .select(getTableColumns(schema.assessmentMarks))
      .from(schema.assessmentMarks)
      .innerJoin(schema.assessments, eq(schema.assessments.id, schema.assessmentMarks.assessmentId))
      .where(eq(schema.assessments.schoolId, schoolId)),
  ]);
  const assessmentMarks = tables.pop() as unknown[];
  const marks = tables.pop() as unknown[];
  const out: Record<string, string[]> = { schools: school.map((row) => JSON.stringify(row)) };
  SCHOOL_TABLES.forEach((table, i) => {
    out[getTableName(table)] = (tables[i] as unknown[]).map((row) => JSON.stringify(row)).sort();
  });
  out.attendance_marks = marks.map((row) => JSON.stringify(row)).sort();
  out.assessment_marks = assessmentMarks.map((row) => JSON.stringify(row)).sort();
  return JSON.stringify(out);
}

function isWrite(item: unknown): boolean {
  const query = (item as { toSQL?: () => { sql: string } }).toSQL?.();
  return Boolean(query && /^\s*(insert|update|delete)\b/i.test(query.sql));
}

/**
 * The same database, except that every batch that writes gets one more statement at its end, which
 * breaks a NOT NULL constraint: a write that fails after all its own statements ran.
 */
export function failingLastStatement(db: Database): Database {
  const batch = (items: readonly unknown[]) => {
    if (!items.some(isWrite)) return db.batch(items as never);
    const failing = db.insert(schema.schools).values({ code: 'BROKEN' } as never);
    return db.batch([...items, failing] as never);
  };
  return Object.assign(Object.create(db) as Database, { batch });
}

/** The SQL of each item of a batch, as it is sent. */
export function batchSql(items: readonly unknown[]): string[] {
  return items.map((item) => (item as { toSQL?: () => { sql: string } }).toSQL?.().sql ?? '');
}

/**
 * The same database, except that the write batches `fails` picks (it sees each batch's SQL) fail at their end, as
 * `failingLastStatement`'s do: a step that stops after all its own statements ran, and is rolled back.
 */
export function failingBatches(db: Database, fails: (sql: string[]) => boolean): Database {
  const batch = (items: readonly unknown[]) => {
    if (!items.some(isWrite) || !fails(batchSql(items))) return db.batch(items as never);
    const failing = db.insert(schema.schools).values({ code: 'BROKEN' } as never);
    return db.batch([...items, failing] as never);
  };
  return Object.assign(Object.create(db) as Database, { batch });
}
