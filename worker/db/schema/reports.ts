import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
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

/** A report job's state: being made, ready to download, or given up (its message in `error`). */
export const reportJobStates = ['running', 'ready', 'failed'] as const;

/**
 * A large PDF or workbook made outside its request (`worker/modules/reports/jobs.ts`): who asked, what file, how
 * far it has come (parts done of parts), and where the file is kept (the FILES bucket) until it expires a day later.
 */
export const reportJobs = sqliteTable(
  'report_jobs',
  {
    id: id(),
    schoolId: schoolId(),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'cascade' }),
    /** The download's name, without its extension. */
    name: text('name').notNull(),
    format: text('format', { enum: ['pdf', 'xlsx'] }).notNull(),
    state: text('state', { enum: reportJobStates }).notNull().default('running'),
    partsDone: integer('parts_done').notNull().default(0),
    partsTotal: integer('parts_total').notNull(),
    rows: integer('rows').notNull(),
    storageKey: text('storage_key'),
    size: integer('size'),
    error: text('error'),
    expiresAt: text('expires_at').notNull(),
    ...timestamps(),
  },
  (t) => [index('report_jobs_school_expires_idx').on(t.schoolId, t.expiresAt)],
);
