import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The directory (the platform's own tables): the shard each school lives in. No foreign key to `schools`:
 * with several shards the school's row lives in another database.
 */
export const schoolShards = sqliteTable(
  'school_shards',
  {
    schoolId: text('school_id').primaryKey(),
    shard: integer('shard').notNull(),
    createdAt: text('created_at')
      .notNull()
      .$defaultFn(() => new Date().toISOString()),
  },
  (t) => [index('school_shards_shard_idx').on(t.shard)],
);

/** Every sign-in email of the platform and the school of its account: sign-in finds the shard from it. */
export const signInEmails = sqliteTable(
  'sign_in_emails',
  {
    email: text('email').primaryKey(),
    schoolId: text('school_id').notNull(),
  },
  (t) => [index('sign_in_emails_school_idx').on(t.schoolId)],
);
