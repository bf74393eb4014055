import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

import { languages } from '../languages';

export { type Language, languages } from '../languages';

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
