import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, schoolId, timestamps } from './columns';
import { users } from './people';

/**
 * A custom report the office saved to run again: its name and what the builder chose (type, period, format,
 * filters, columns) as JSON, checked by the API's schema whenever it is written.
 */
export const savedReports = sqliteTable(
  'saved_reports',
  {
    id: id(),
    schoolId: schoolId(),
    name: text('name').notNull(),
    definition: text('definition', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('saved_reports_school_name_unique').on(t.schoolId, t.name),
    index('saved_reports_school_updated_idx').on(t.schoolId, t.updatedAt),
  ],
);
