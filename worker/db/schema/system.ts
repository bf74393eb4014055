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

/**
 * Failed sign-ins, by email and client address, counted over a window to throttle guessing across Worker
 * instances: per email and address, per address across emails, and across the platform.
 */
export const signInAttempts = sqliteTable(
  'sign_in_attempts',
  {
    id: id(),
    email: text('email').notNull(),
    /** The client's address (CF-Connecting-IP, else the socket's); '' when unknown. */
    clientIp: text('client_ip').notNull().default(''),
    attemptedAt: text('attempted_at').notNull(),
  },
  (t) => [
    index('sign_in_attempts_email_time_idx').on(t.email, t.attemptedAt),
    index('sign_in_attempts_ip_time_idx').on(t.clientIp, t.attemptedAt),
    index('sign_in_attempts_time_idx').on(t.attemptedAt),
  ],
);

/**
 * Single-use tickets that admit one live connection, valid for seconds. Only a SHA-256 of the ticket is kept;
 * it carries the session it was issued under, so the room can close the socket when that session ends.
 */
export const realtimeTickets = sqliteTable(
  'realtime_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    schoolId: text('school_id').notNull(),
    userId: text('user_id').notNull(),
    /** The session token's id and version, and when that token expires (seconds since the epoch). */
    jti: text('jti').notNull(),
    tokenVersion: integer('token_version').notNull(),
    sessionExpiresAt: integer('session_expires_at').notNull(),
    expiresAt: text('expires_at').notNull(),
  },
  (t) => [index('realtime_tickets_expires_idx').on(t.expiresAt)],
);

/**
 * Per school, a number that moves on with every write to what the student lists show (students, their
 * accounts' names and contacts, their classes' names, their parents), kept by triggers (migration 0011): the
 * lists' `ETag`, so an unchanged list answers 304 without reading its tables.
 */
export const schoolVersions = sqliteTable('school_versions', {
  schoolId: text('school_id').primaryKey(),
  students: integer('students').notNull().default(0),
});

/**
 * Password reset links: only a SHA-256 of each link's token is kept, with the account and when it lapses. A link
 * is used once (its row is deleted as the password is set); asking again replaces the account's earlier link.
 */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    schoolId: text('school_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: text('expires_at').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId), index('password_resets_expires_idx').on(t.expiresAt)],
);

/**
 * Requests for a reset link, by email and client address, whether or not the email has an account: counted over
 * a window like failed sign-ins, so the limit answers the same for every email.
 */
export const passwordResetRequests = sqliteTable(
  'password_reset_requests',
  {
    id: id(),
    email: text('email').notNull(),
    clientIp: text('client_ip').notNull().default(''),
    requestedAt: text('requested_at').notNull(),
  },
  (t) => [
    index('password_reset_requests_email_time_idx').on(t.email, t.requestedAt),
    index('password_reset_requests_ip_time_idx').on(t.clientIp, t.requestedAt),
    index('password_reset_requests_time_idx').on(t.requestedAt),
  ],
);
