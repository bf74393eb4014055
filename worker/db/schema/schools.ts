import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

import { languages } from '../languages';

export { type Language, languages } from '../languages';

/** When a school's absence alerts go out: when the register is saved, at a time of day, or not at all. */
export const absenceAlertModes = ['now', 'timed', 'off'] as const;
export type AbsenceAlertMode = (typeof absenceAlertModes)[number];

export const schools = sqliteTable(
  'schools',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    name: text('name').notNull(),
    code: text('code').notNull(),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    website: text('website'),
    academicBoard: text('academic_board'),
    academicYear: text('academic_year').notNull().default('2024-2025'),
    /** The month (1 to 12) the school's year starts: the default academic year follows it. */
    yearStartMonth: integer('year_start_month').notNull().default(9),
    semester: text('semester').notNull().default('Annual'),
    timeZone: text('time_zone').notNull().default('UTC'),
    currency: text('currency').notNull().default('USD'),
    /** The school's language: every screen and server text follows it unless a person chose their own. */
    language: text('language', { enum: languages }).notNull().default('en'),
    /** Whether term results rank students: off unless the school turns it on (many schools forbid ranking). */
    rankStudents: integer('rank_students', { mode: 'boolean' }).notNull().default(false),
    /** When absence alerts reach families: at once (the register's save), at `absenceAlertTime`, or never. */
    absenceAlerts: text('absence_alerts', { enum: absenceAlertModes }).notNull().default('now'),
    /** 'HH:MM' in the school's zone: when timed alerts go out (after the morning registers). */
    absenceAlertTime: text('absence_alert_time').notNull().default('10:00'),
    /** Whether a late mark is alerted like an absence. */
    absenceAlertLate: integer('absence_alert_late', { mode: 'boolean' }).notNull().default(false),
    /** Whether the pupil's own account is told too (parents always are). */
    absenceAlertStudents: integer('absence_alert_students', { mode: 'boolean' }).notNull().default(false),
    /** When the scheduled run last made this school's timed alerts (ISO); null before the first. */
    absenceAlertsRunAt: text('absence_alerts_run_at'),
    createdAt: text('created_at')
      .notNull()
      .$defaultFn(() => new Date().toISOString()),
    updatedAt: text('updated_at')
      .notNull()
      .$defaultFn(() => new Date().toISOString())
      .$onUpdateFn(() => new Date().toISOString()),
  },
  (t) => [uniqueIndex('schools_code_unique').on(t.code)],
);
