import { sql } from 'drizzle-orm';
import type { Database } from '../../worker/db/database';

/** Tables that are the platform's, not a school's: the directory, the fences, D1's list of migrations. */
const PLATFORM = new Set([
  'school_shards',
  'sign_in_emails',
  'school_fences',
  'sign_in_attempts',
  'password_reset_requests',
  'd1_migrations',
]);

export type Rows = Record<string, Record<string, unknown>[]>;

/**
 * Every row of a school in one database, by table, read with plain SQL from `sqlite_master` (not the move's own
 * list of tables): a table the move forgets shows here. Rows without a school are reached through their owner.
 */
export async function tableRows(db: Database, schoolId: string): Promise<Rows> {
  // A column named school_id read from the table's own definition (D1 refuses pragma_table_info).
  const tables = await db.all<{ name: string; has: number }>(
    sql`select m.name, m.sql like '%school_id%' as has from sqlite_master m where m.type = 'table' and m.name not like 'sqlite_%' and m.name not like '__drizzle%' and substr(m.name, 1, 4) <> '_cf_' order by m.name`,
  );
  const owners: Record<string, string> = {
    schools: `id = '${schoolId}'`,
    attendance_marks: `register_id in (select id from attendance_registers where school_id = '${schoolId}')`,
    assessment_marks: `assessment_id in (select id from assessments where school_id = '${schoolId}')`,
    revoked_sessions: `user_id in (select id from users where school_id = '${schoolId}')`,
    message_recipients: `user_id in (select id from users where school_id = '${schoolId}')`,
    message_outbox: `user_id in (select id from users where school_id = '${schoolId}')`,
  };
  const out: Rows = {};
  for (const { name, has } of tables) {
    if (PLATFORM.has(name)) continue;
    const where = owners[name] ?? (has ? `school_id = '${schoolId}'` : null);
    if (!where) throw new Error(`the test does not know whose rows ${name} holds`);
    out[name] = await db.all<Record<string, unknown>>(sql.raw(`select * from "${name}" where ${where}`));
  }
  return out;
}

/** The rows as sorted JSON lines, per table. */
export const linesOf = (rows: Rows) =>
  Object.fromEntries(Object.entries(rows).map(([name, list]) => [name, list.map((row) => JSON.stringify(row)).sort()]));

export const rowsOf = async (db: Database, schoolId: string) => linesOf(await tableRows(db, schoolId));
export const digest = async (db: Database, schoolId: string) => JSON.stringify(await rowsOf(db, schoolId));
export const total = async (db: Database, schoolId: string) =>
  Object.values(await rowsOf(db, schoolId)).reduce((n, rows) => n + rows.length, 0);

export type Maps = Record<string, Map<number, number>>;

/**
 * The rows with old keys replaced by new ones, written here from the schema rather than from the move's own
 * mapping: the keys, the columns naming them, and the activity log's entity ids (an attendance id holds its
 * register's key in its first eight hex digits).
 */
export function renumbered(rows: Rows, maps: Maps): Rows {
  const columns: Record<string, [string, string]> = {
    attendance_registers: ['id', 'attendance_registers'],
    assessments: ['id', 'assessments'],
    messages: ['id', 'messages'],
    attendance_marks: ['register_id', 'attendance_registers'],
    assessment_marks: ['assessment_id', 'assessments'],
    message_recipients: ['message_id', 'messages'],
    message_outbox: ['message_id', 'messages'],
  };
  const logged: Record<string, string> = {
    assessment: 'assessments',
    assessment_marks: 'assessments',
    message: 'messages',
    attendance: 'attendance_registers',
  };
  return Object.fromEntries(
    Object.entries(rows).map(([name, list]) => [
      name,
      list.map((row) => {
        if (columns[name]) {
          const [column, keys] = columns[name];
          return { ...row, [column]: maps[keys]?.get(Number(row[column])) ?? row[column] };
        }
        const keys = name === 'activity_logs' ? logged[String(row.entity)] : undefined;
        if (!keys || typeof row.entity_id !== 'string') return row;
        const id = row.entity_id;
        if (keys === 'attendance_registers') {
          const next = maps[keys]?.get(Number.parseInt(id.slice(0, 8), 16));
          return next === undefined ? row : { ...row, entity_id: next.toString(16).padStart(8, '0') + id.slice(8) };
        }
        return { ...row, entity_id: String(maps[keys]?.get(Number(id)) ?? id) };
      }),
    ]),
  );
}

export const keysOf = (rows: Rows) =>
  ['attendance_registers', 'assessments', 'messages'].flatMap((name) => rows[name].map((row) => Number(row.id)));

/** References of the school's rows that name no row of it in the database. */
export async function dangling(db: Database, schoolId: string) {
  const [row] = await db.all<Record<string, number>>(sql`select
    (select count(*) from message_recipients r join users u on u.id = r.user_id and u.school_id = ${schoolId}
      where r.message_id not in (select id from messages where school_id = ${schoolId})) as recipients,
    (select count(*) from message_outbox o join users u on u.id = o.user_id and u.school_id = ${schoolId}
      where o.message_id not in (select id from messages where school_id = ${schoolId})) as outbox,
    (select count(*) from activity_logs where school_id = ${schoolId} and entity = 'message'
      and cast(entity_id as integer) not in (select id from messages where school_id = ${schoolId})) as messageLogs`);
  return row;
}
