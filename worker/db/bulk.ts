import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Database } from './database';

/** About half a megabyte of JSON per statement keeps each one well inside D1's statement limits. */
const MAX_JSON_CHARS = 500_000;

type Row<T extends SQLiteTable> = T['$inferInsert'];

function sqlValue(column: SQLiteColumn, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (column.dataType === 'json' || (typeof value === 'object' && !(value instanceof Date)))
    return JSON.stringify(value);
  if (value instanceof Date) return value.toISOString();
  return value;
}

/**
 * Batch items that insert `rows` carrying them as one JSON parameter each
 * (`INSERT … SELECT … FROM json_each(?)`), so a large write is a few statements whatever the row count and
 * never meets D1's 100-parameter limit. Defaults from the schema ($defaultFn) are applied here. They are insert
 * builders (not raw SQL), which drizzle's D1 batch needs; run them with `db.batch(...)` to make them atomic.
 * They compose with `.onConflictDoUpdate(...)` / `.onConflictDoNothing(...)`: the `where true` settles SQLite's
 * parse ambiguity between an upsert's ON CONFLICT and a join's ON after `INSERT … SELECT … FROM`.
 */
export function jsonInserts<T extends SQLiteTable>(db: Database, table: T, rows: Row<T>[]) {
  const selectList = jsonSelectList(table);
  return jsonPayloads(table, rows).map((payload) =>
    db.insert(table).select(sql`select ${selectList} from json_each(${payload}) where true`),
  );
}

/** `json_extract(value, '$.column')` for every column of the table, in its order. */
function jsonSelectList(table: SQLiteTable) {
  const columns = Object.values(getTableColumns(table)) as SQLiteColumn[];
  return sql.raw(columns.map((column) => `json_extract(value, '$.${column.name}')`).join(', '));
}

/**
 * The rows as `jsonInserts` carries them: JSON arrays of about half a megabyte at most, keyed by column name, with
 * the schema's defaults applied. The same rows in the same order give the same payloads.
 */
export function jsonPayloads<T extends SQLiteTable>(table: T, rows: Row<T>[]): string[] {
  if (rows.length === 0) return [];
  const columns = Object.entries(getTableColumns(table)) as [string, SQLiteColumn][];
  const encoded = rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      let value = (row as Record<string, unknown>)[key];
      if (value === undefined && column.defaultFn) value = column.defaultFn();
      if (value === undefined && column.hasDefault && column.default !== undefined) value = column.default;
      out[column.name] = sqlValue(column, value);
    }
    return JSON.stringify(out);
  });

  const chunks: string[] = [];
  let chunk: string[] = [];
  let size = 0;
  for (const row of encoded) {
    if (chunk.length > 0 && size + row.length > MAX_JSON_CHARS) {
      chunks.push(`[${chunk.join(',')}]`);
      chunk = [];
      size = 0;
    }
    chunk.push(row);
    size += row.length + 1;
  }
  if (chunk.length > 0) chunks.push(`[${chunk.join(',')}]`);
  return chunks;
}

/**
 * One statement inserting rows whose payloads (`jsonPayloads`) were stored earlier: `payloads` selects them as a
 * column named `rows`. Nothing large is bound, whatever the number of rows.
 */
export function jsonInsertsFrom<T extends SQLiteTable>(db: Database, table: T, payloads: SQL) {
  return db
    .insert(table)
    .select(sql`select ${jsonSelectList(table)} from (${payloads}) as part, json_each(part.rows) where true`);
}

/** `column in (…ids)` with the ids as one JSON parameter: any number of ids, one bound value. */
export function inJson(column: SQLiteColumn, ids: readonly string[]): SQL {
  return sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/**
 * A column under a name of its own. D1 answers batched statements as objects keyed by column name, so a
 * join inside a batch must not select two columns that are both called `id` or `name`.
 */
export function as<T>(column: SQLiteColumn, alias: string) {
  return sql<T>`${column}`.as(alias);
}
