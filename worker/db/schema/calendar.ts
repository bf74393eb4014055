import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { classes } from './classes';
import { id, schoolId, timestamps } from './columns';
import { users } from './people';

export const importantDateTypes = ['holiday', 'exam', 'event', 'meeting', 'deadline', 'other'] as const;
export const importantDatePriorities = ['low', 'medium', 'high', 'critical'] as const;

export const importantDates = sqliteTable(
  'important_dates',
  {
    id: id(),
    schoolId: schoolId(),
    title: text('title').notNull(),
    description: text('description'),
    date: text('date').notNull(),
    type: text('type', { enum: importantDateTypes }).notNull().default('event'),
    priority: text('priority', { enum: importantDatePriorities }).notNull().default('medium'),
    applyToAllClasses: integer('apply_to_all_classes', { mode: 'boolean' }).notNull().default(true),
    startTime: text('start_time'),
    endTime: text('end_time'),
    location: text('location'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [index('important_dates_school_date_idx').on(t.schoolId, t.date)],
);

/** The classes a date is scoped to, when it does not apply to all classes. */
export const importantDateClasses = sqliteTable(
  'important_date_classes',
  {
    schoolId: schoolId(),
    importantDateId: text('important_date_id')
      .notNull()
      .references(() => importantDates.id, { onDelete: 'cascade' }),
    classId: text('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.importantDateId, t.classId] }),
    index('important_date_classes_school_class_idx').on(t.schoolId, t.classId),
  ],
);
