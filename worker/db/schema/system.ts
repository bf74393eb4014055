import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id, schoolId } from './columns';
import { users } from './people';

export const backups = sqliteTable(
  'backups',
  {
    id: id(),
    schoolId: schoolId(),
    storageKey: text('storage_key').notNull(),
    size: integer('size').notNull(),
    rowCounts: text('row_counts', { mode: 'json' }).$type<Record<string, number>>().notNull(),
    note: text('note'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('backups_school_created_idx').on(t.schoolId, t.createdAt)],
);

export const activityActions = ['create', 'update', 'delete', 'read', 'export', 'restore'] as const;

/** Who did what to which record, and when. */
export const activityLogs = sqliteTable(
  'activity_logs',
  {
    id: id(),
    schoolId: schoolId(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name'),
    action: text('action', { enum: activityActions }).notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    summary: text('summary'),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_logs_school_created_idx').on(t.schoolId, t.createdAt),
    index('activity_logs_school_entity_idx').on(t.schoolId, t.entity, t.entityId),
  ],
);

/** Tokens signed out before they expire. Rows past expiresAt can be pruned. */
export const revokedSessions = sqliteTable(
  'revoked_sessions',
  {
    jti: text('jti').primaryKey(),
    userId: text('user_id').notNull(),
    expiresAt: text('expires_at').notNull(),
    revokedAt: text('revoked_at').notNull(),
  },
  (t) => [index('revoked_sessions_expires_idx').on(t.expiresAt)],
);

/** Failed sign-ins per email, counted over a window to throttle guessing across Worker instances. */
export const signInAttempts = sqliteTable(
  'sign_in_attempts',
  {
    id: id(),
    email: text('email').notNull(),
    attemptedAt: text('attempted_at').notNull(),
  },
  (t) => [index('sign_in_attempts_email_time_idx').on(t.email, t.attemptedAt)],
);
