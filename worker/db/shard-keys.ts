import { and, eq, getTableColumns, getTableName, gt, lte, sql } from 'drizzle-orm';
import { getTableConfig, integer, type SQLiteTable, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { Database } from './database';
import { SHARD_KEY_SPAN, SHARD_KEYED_TABLES } from './directory';
import { refuseIf } from './guard';
import * as schema from './schema';
import type { SchoolRows } from './school-rows';

type KeyedTable = (typeof SHARD_KEYED_TABLES)[number];
type Row = Record<string, unknown>;

/** SQLite's AUTOINCREMENT counters, named for the query builders (D1's batch takes nothing else). Not a migration. */
const sqliteSequence = sqliteTable('sqlite_sequence', { name: text('name').notNull(), seq: integer('seq') });

/**
 * Every column naming a key of a shard-keyed table. A move that renumbers a school's keys rewrites each of them;
 * `unmappedKeyColumns` finds a column of the schema that looks like one (its foreign key or its name) and is not here.
 */
export const KEY_COLUMNS: { table: SQLiteTable; column: string; keys: KeyedTable }[] = [
  { table: schema.attendanceMarks, column: 'register_id', keys: 'attendance_registers' },
  { table: schema.assessmentMarks, column: 'assessment_id', keys: 'assessments' },
  { table: schema.messageRecipients, column: 'message_id', keys: 'messages' },
  { table: schema.messageOutbox, column: 'message_id', keys: 'messages' },
  { table: schema.homework, column: 'assessment_id', keys: 'assessments' },
];

/** Activity-log lines whose `entity_id` names a key: the number itself, or an attendance id made of its register's. */
export const LOGGED_KEYS: Record<string, { keys: KeyedTable; attendanceId?: true }> = {
  assessment: { keys: 'assessments' },
  assessment_marks: { keys: 'assessments' },
  message: { keys: 'messages' },
  attendance: { keys: 'attendance_registers', attendanceId: true },
};

/** `register_id`, `assessment_id`, `message_id` (and `…_register_id`): names a column holding such a key would have. */
const KEY_NAME = new RegExp(
  `(^|_)(${SHARD_KEYED_TABLES.map((name) => name.replace(/^.*_/, '').replace(/s$/, '')).join('|')})_id$`,
);

/** Columns of these tables that name a shard-keyed table's key (by foreign key or by name) and no mapping knows. */
export function unmappedKeyColumns(tables: SQLiteTable[]): string[] {
  const keyed = new Set<string>(SHARD_KEYED_TABLES);
  const known = new Set(KEY_COLUMNS.map((c) => `${getTableName(c.table)}.${c.column}`));
  const found = tables.flatMap((table) => {
    const config = getTableConfig(table);
    const referring = new Set(
      config.foreignKeys.flatMap((key) => {
        const ref = key.reference();
        return keyed.has(getTableName(ref.foreignTable)) ? ref.columns.map((c) => c.name) : [];
      }),
    );
    return config.columns
      .filter((column) => referring.has(column.name) || KEY_NAME.test(column.name))
      .map((column) => `${config.name}.${column.name}`);
  });
  return found.filter((name) => !known.has(name));
}

/** Old key → new key, per shard-keyed table; keys absent stay as they are. */
export type KeyMaps = Partial<Record<KeyedTable, Map<number, number>>>;

/** Each shard-keyed table's AUTOINCREMENT counter in a database (absent: never drawn). */
export const sequencesOf = (db: Database) => db.select().from(sqliteSequence);

/**
 * New keys for a school moving to shard `to`: its keys above that shard's range (they would make the shard draw
 * from a higher one's) get the next free keys of the range, in their order, so newer rows keep the higher keys.
 */
export function planKeys(rows: SchoolRows, to: number, sequences: { name: string; seq: number | null }[]): KeyMaps {
  const maps: KeyMaps = {};
  const end = (to + 1) * SHARD_KEY_SPAN;
  for (const table of SHARD_KEYED_TABLES) {
    const above = (rows[table] ?? [])
      .map((row) => Number(row.id))
      .filter((id) => id >= end)
      .sort((x, y) => x - y);
    if (above.length === 0) continue;
    const seq = sequences.find((s) => s.name === table)?.seq ?? 0;
    const base = Math.max(seq, to * SHARD_KEY_SPAN);
    if (base + above.length >= end)
      throw new Error(`Shard ${to} has too few ${table} keys left for this school (${above.length} needed)`);
    maps[table] = new Map(above.map((id, i) => [id, base + 1 + i]));
  }
  return maps;
}

export const renumbers = (maps: KeyMaps) => Object.values(maps).some((map) => map.size > 0);

export function invert(maps: KeyMaps): KeyMaps {
  const out: KeyMaps = {};
  for (const [table, map] of Object.entries(maps) as [KeyedTable, Map<number, number>][])
    out[table] = new Map([...map].map(([from, to]) => [to, from]));
  return out;
}

const jsKey = (table: SQLiteTable, column: string) =>
  Object.entries(getTableColumns(table)).find(([, c]) => c.name === column)?.[0] as string;

/** An attendance id (`printf('%08x-0000-8000-8000-%012x', register, student number)`) with its register renumbered. */
function attendanceIdOf(id: string, map: Map<number, number>): string {
  const register = map.get(Number.parseInt(id.slice(0, 8), 16));
  return register === undefined ? id : register.toString(16).padStart(8, '0') + id.slice(8);
}

/** The rows with every key the maps name rewritten: the keys themselves, each column of `KEY_COLUMNS`, the log's. */
export function renumberRows(rows: SchoolRows, maps: KeyMaps): SchoolRows {
  if (!renumbers(maps)) return rows;
  const out: SchoolRows = { ...rows };
  const rewrite = (name: string, key: string, map: Map<number, number> | undefined) => {
    if (!map || !out[name]) return;
    out[name] = out[name].map((row: Row) => {
      const next = map.get(Number(row[key]));
      return next === undefined ? row : { ...row, [key]: next };
    });
  };
  for (const table of SHARD_KEYED_TABLES) rewrite(table, 'id', maps[table]);
  for (const c of KEY_COLUMNS) rewrite(getTableName(c.table), jsKey(c.table, c.column), maps[c.keys]);
  const logs = getTableName(schema.activityLogs);
  out[logs] = (out[logs] ?? []).map((row: Row) => {
    const logged = LOGGED_KEYS[String(row.entity)];
    const map = logged && maps[logged.keys];
    if (!map || typeof row.entityId !== 'string') return row;
    if (logged.attendanceId) return { ...row, entityId: attendanceIdOf(row.entityId, map) };
    const next = /^\d+$/.test(row.entityId) ? map.get(Number(row.entityId)) : undefined;
    return next === undefined ? row : { ...row, entityId: String(next) };
  });
  return out;
}

/**
 * Batch items for a copy that renumbers keys: before the inserts, a refusal if another school took a key of the
 * planned ones since the counters were read; after them, each counter moved past the last key given.
 */
export function keyClaims(db: Database, maps: KeyMaps) {
  const before: unknown[] = [];
  const after: unknown[] = [];
  for (const [name, map] of Object.entries(maps) as [KeyedTable, Map<number, number>][]) {
    if (map.size === 0) continue;
    const keys = [...map.values()];
    const [first, last] = [Math.min(...keys), Math.max(...keys)];
    const table = {
      attendance_registers: schema.attendanceRegisters,
      assessments: schema.assessments,
      messages: schema.messages,
    }[name];
    before.push(
      refuseIf(
        db,
        'move-keys',
        sql`select ${table.id} as detail from ${table} where ${and(gt(table.id, first - 1), lte(table.id, last))}`,
      ),
    );
    after.push(
      db
        .update(sqliteSequence)
        .set({ seq: sql`max(coalesce(${sqliteSequence.seq}, 0), ${last})` })
        .where(eq(sqliteSequence.name, name)),
    );
  }
  return { before, after };
}

/**
 * A school's rows about to be written into shard `shard` (a restore of a backup made before a move down): keys
 * above its range renumbered as a move would, with the batch items that claim them. Nothing to do: no read.
 */
export async function keysForShard(db: Database, shard: number, rows: SchoolRows) {
  const end = (shard + 1) * SHARD_KEY_SPAN;
  const above = SHARD_KEYED_TABLES.some((table) => (rows[table] ?? []).some((row) => Number(row.id) >= end));
  if (!above) return { rows, before: [], after: [] };
  const maps = planKeys(rows, shard, await sequencesOf(db));
  return { rows: renumberRows(rows, maps), ...keyClaims(db, maps) };
}
