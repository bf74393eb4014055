import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type * as schema from './schema';

export type Schema = typeof schema;

/**
 * The one database type code above worker/db sees, whichever driver is underneath (D1 or libSQL).
 * A write that touches several rows is one `batch([...])`: atomic and one round trip on both drivers.
 */
export type Database = BaseSQLiteDatabase<'async', unknown, Schema> & {
  batch<U extends BatchItem<'sqlite'>, T extends Readonly<[U, ...U[]]>>(batch: T): Promise<BatchResponse<T>>;
};

/** Opens a database handle whose round trips are counted by the given meter. */
export type DatabaseFactory = (meter: import('./meter').DbMeter) => Database;

/** A non-empty list for `db.batch`, which refuses an empty one. */
export function batchOf<T>(items: T[]): [T, ...T[]] {
  if (items.length === 0) throw new Error('A batch needs at least one statement');
  return items as [T, ...T[]];
}
