import { eq, getTableColumns, getTableName, inArray, is, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { jsonInserts } from './bulk';
import { batchOf, type Database } from './database';
import * as schema from './schema';

type Row = Record<string, unknown>;
/** Every row of one school in one database, by table name. */
export type SchoolRows = Record<string, Row[]>;

/** The platform's own tables: the directory, the fences, failed sign-ins (counted by email across schools). */
const PLATFORM_TABLES = new Set<SQLiteTable>([
  schema.schoolShards,
  schema.signInEmails,
  schema.schoolFences,
  schema.signInAttempts,
  schema.passwordResetRequests,
]);

/** Tables whose rows carry no school: they belong to it through a row of another table. */
const THROUGH = new Map<SQLiteTable, { column: string; parent: SQLiteTable & { schoolId: unknown } }>([
  [schema.attendanceMarks, { column: 'registerId', parent: schema.attendanceRegisters }],
  [schema.assessmentMarks, { column: 'assessmentId', parent: schema.assessments }],
  [schema.revokedSessions, { column: 'userId', parent: schema.users }],
  [schema.messageRecipients, { column: 'userId', parent: schema.users }],
  [schema.messageOutbox, { column: 'userId', parent: schema.users }],
]);

/**
 * Tables that triggers keep from other rows: a copy writes them last, as they were, over what the triggers made,
 * each one replaced after those whose triggers write it (fee dues keep the fee totals).
 */
const KEPT_BY_TRIGGERS: SQLiteTable[] = [
  schema.attendanceDayTotals,
  schema.feeDues,
  schema.feeStudentTotals,
  schema.schoolVersions,
  schema.studentNumbers,
];

const hasSchool = (table: SQLiteTable) => getTableConfig(table).columns.some((column) => column.name === 'school_id');

/** Parents before children (by foreign keys), so the rows can be inserted in this order. */
function parentsFirst(tables: SQLiteTable[]): SQLiteTable[] {
  const done = new Set<SQLiteTable>();
  const ordered: SQLiteTable[] = [];
  const visit = (table: SQLiteTable, path: SQLiteTable[]) => {
    if (done.has(table)) return;
    if (path.includes(table)) throw new Error(`Tables refer to each other in a cycle: ${getTableName(table)}`);
    for (const key of getTableConfig(table).foreignKeys) {
      const parent = key.reference().foreignTable;
      if (parent !== table && tables.includes(parent)) visit(parent, [...path, table]);
    }
    done.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

/**
 * Every table of the schema that holds a school's rows, parents first. A table that neither carries `school_id`
 * nor is named here (a platform table, or one reached through another) stops the move: a new table must be placed.
 */
export function schoolTables(): SQLiteTable[] {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));
  const unplaced = tables.filter(
    (table) => !PLATFORM_TABLES.has(table) && !THROUGH.has(table) && !hasSchool(table) && table !== schema.schools,
  );
  if (unplaced.length > 0)
    throw new Error(`No rule says whose rows these tables hold: ${unplaced.map(getTableName).join(', ')}`);
  return parentsFirst(tables.filter((table) => !PLATFORM_TABLES.has(table)));
}

function rowsQuery(db: Database, table: SQLiteTable, schoolId: string) {
  if (table === schema.schools) return db.select().from(schema.schools).where(eq(schema.schools.id, schoolId));
  const through = THROUGH.get(table);
  if (through) {
    const columns = getTableColumns(table) as Record<string, never>;
    const parent = through.parent as unknown as typeof schema.users;
    const owned = db.select({ id: parent.id }).from(parent).where(eq(parent.schoolId, schoolId));
    return db.select().from(table).where(inArray(columns[through.column], owned));
  }
  return db
    .select()
    .from(table)
    .where(eq((table as unknown as typeof schema.users).schoolId, schoolId));
}

/** Every row of the school in one database, read in one batch (one consistent view). */
export async function readSchoolRows(db: Database, schoolId: string): Promise<SchoolRows> {
  const tables = schoolTables();
  const results = await db.batch(
    batchOf(tables.map((table) => rowsQuery(db, table, schoolId)) as BatchItem<'sqlite'>[]),
  );
  const rows: SchoolRows = {};
  tables.forEach((table, i) => {
    rows[getTableName(table)] = results[i] as unknown as Row[];
  });
  return rows;
}

/** The rows in a stable order (each table's rows sorted by their JSON), for comparing two copies. */
export function canonical(rows: SchoolRows): string {
  const names = Object.keys(rows).sort();
  return JSON.stringify(names.map((name) => [name, rows[name].map((row) => JSON.stringify(row)).sort()]));
}

/** How many rows of each table, for the operator's report. */
export function rowCounts(rows: SchoolRows): Record<string, number> {
  return Object.fromEntries(Object.entries(rows).map(([name, list]) => [name, list.length]));
}

function deletesOf(db: Database, tables: SQLiteTable[], schoolId: string) {
  return tables.map((table) => {
    if (table === schema.schools) return db.delete(schema.schools).where(eq(schema.schools.id, schoolId));
    const through = THROUGH.get(table);
    if (through) {
      const columns = getTableColumns(table) as Record<string, never>;
      const parent = through.parent as unknown as typeof schema.users;
      const owned = db.select({ id: parent.id }).from(parent).where(eq(parent.schoolId, schoolId));
      return db.delete(table).where(inArray(columns[through.column], owned));
    }
    return db.delete(table).where(eq((table as unknown as typeof schema.users).schoolId, schoolId));
  });
}

/** Statements deleting every row of the school, children first, and last what triggers wrote meanwhile. */
export function schoolDeletes(db: Database, schoolId: string) {
  const tables = [...schoolTables()].reverse().filter((table) => !KEPT_BY_TRIGGERS.includes(table));
  return deletesOf(db, [...tables, ...KEPT_BY_TRIGGERS], schoolId);
}

/**
 * Statements writing the rows into a database that holds none of the school: the school's row, then (clearing
 * what its triggers made, such as the default grading scale) every table parents first, and last the tables kept
 * by triggers, replaced by the rows as they were.
 */
export function schoolInserts(db: Database, schoolId: string, rows: SchoolRows) {
  const tables = schoolTables();
  const insert = (table: SQLiteTable) => jsonInserts(db, table, (rows[getTableName(table)] ?? []) as never[]);
  const rest = tables.filter((table) => table !== schema.schools);
  const base = rest.filter((table) => !KEPT_BY_TRIGGERS.includes(table));
  return [
    ...insert(schema.schools),
    ...deletesOf(db, [...rest].reverse(), schoolId),
    ...base.flatMap(insert),
    ...KEPT_BY_TRIGGERS.flatMap((table) => [...deletesOf(db, [table], schoolId), ...insert(table)]),
  ];
}

export const noRowsOf = (db: Database, schoolId: string) =>
  db.select({ n: sql<number>`count(*)` }).from(schema.schools).where(eq(schema.schools.id, schoolId));
