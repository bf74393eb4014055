import { getTableName, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { weekdays } from './schema';

/**
 * A joined column under a name of its own: D1 answers a batched statement as objects keyed by column
 * name, so a join must never return two columns called `id` or `name`.
 */
export function named<C extends SQLiteColumn>(column: C, alias: string) {
  return sql`${column}`.mapWith(column).as(alias) as SQL.Aliased<C['_']['data'] | null>;
}

/**
 * An outer query's column inside a correlated subquery, always table-qualified: drizzle writes a bare "id"
 * in the select list of a one-table query, which inside the subquery would name the subquery's own column.
 */
export function outer(column: SQLiteColumn): SQL {
  return sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
}

/**
 * Case-insensitive substring match; `instr` needs no escaping of % and _ in what people type. A placeholder
 * (`shapes.ts`) stands for a term already in lower case.
 */
export function contains(column: SQLiteColumn | SQL, term: string | Placeholder): SQL {
  return sql`instr(lower(${column}), ${typeof term === 'string' ? term.toLowerCase() : term}) > 0`;
}

/** Monday first, then by time: the order a timetable is read in. */
export function dayOrder(column: SQLiteColumn): SQL {
  const cases = weekdays.map((day, i) => sql`when ${day} then ${i + 1}`);
  return sql`case ${column} ${sql.join(cases, sql` `)} else 9 end`;
}
