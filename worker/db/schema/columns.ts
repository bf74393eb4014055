import { text } from 'drizzle-orm/sqlite-core';
import { schools } from './schools';

/** Instants are stored as UTC ISO strings; calendar dates as YYYY-MM-DD, times of day as HH:MM. */
const nowIso = () => new Date().toISOString();

export const id = () => text('id').primaryKey().$defaultFn(newId);

export function newId(): string {
  return crypto.randomUUID();
}

export const createdAt = () => text('created_at').notNull().$defaultFn(nowIso);

export const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: text('updated_at').notNull().$defaultFn(nowIso).$onUpdateFn(nowIso),
});

/** Every tenant row carries its school; indexes on tenant tables start with this column. */
export const schoolId = () =>
  text('school_id')
    .notNull()
    .references(() => schools.id, { onDelete: 'cascade' });
