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
    /** Set while the school is being copied to that shard (`school:move`); its writes are refused meanwhile. */
    movingTo: integer('moving_to'),
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
    /** When an account write claimed it (null: before migration 0015); `db:repair` releases old unused claims. */
    claimedAt: text('claimed_at').$defaultFn(() => new Date().toISOString()),
  },
  (t) => [index('sign_in_emails_school_idx').on(t.schoolId)],
);

export const fenceStates = ['moving', 'moved', 'purging'] as const;

/**
 * Schools whose rows in this database take no writes (every shard has this table; migration 0015's triggers read
 * it): `moving` while a move copies them, `moved` once the directory points elsewhere (a request on a stale route
 * is refused and sent on), `purging` only inside the batch that deletes the old copy.
 */
export const schoolFences = sqliteTable('school_fences', {
  schoolId: text('school_id').primaryKey(),
  state: text('state', { enum: fenceStates }).notNull(),
  toShard: integer('to_shard').notNull(),
  since: text('since').notNull(),
});
