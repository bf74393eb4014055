import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, schoolId } from './columns';
import { users } from './people';

/** Who a message is written to; stored as the index of each name (`audienceCodes`). */
export const audienceKinds = ['school', 'grade', 'class', 'teachers', 'staff', 'class_parents'] as const;
export type AudienceKind = (typeof audienceKinds)[number];
export const audienceCodes = Object.fromEntries(audienceKinds.map((kind, i) => [kind, i])) as Record<
  AudienceKind,
  number
>;

/**
 * What a message in an inbox is: an announcement to one of the audiences, or one the school's portal makes itself:
 * an absence alert (code 6), a homework reminder (code 7, its target the homework). Codes from 6 on are nobody's.
 */
export const messageKinds = [...audienceKinds, 'absence_alert', 'homework_reminder'] as const;
export type MessageKind = (typeof messageKinds)[number];
export const ABSENCE_ALERT = messageKinds.indexOf('absence_alert');
export const HOMEWORK_REMINDER = messageKinds.indexOf('homework_reminder');

/** Channels of the outbox: the portal's own delivery is the recipient row itself, so it has no outbox row. */
export const outboxChannels = { email: 1, push: 2 } as const;
/** Kinds of message a person chooses channels for: announcements (every audience), absence alerts, reminders. */
export const choiceKinds = ['announcements', 'alerts', 'reminders'] as const;
export type ChoiceKind = (typeof choiceKinds)[number];
export type ChoiceChannel = keyof typeof outboxChannels;
/** The choice a message's kind (its `audience` code) falls under. */
export const choiceKindOf = (audience: number | null): ChoiceKind =>
  audience === ABSENCE_ALERT ? 'alerts' : audience === HOMEWORK_REMINDER ? 'reminders' : 'announcements';
/**
 * The bit of `users.channels_off` that turns one channel off for one kind: 1, 2 announcements; 4, 8 alerts;
 * 16, 32 reminders.
 */
export const channelChoiceBit = (kind: ChoiceKind, channel: ChoiceChannel) =>
  1 << (choiceKinds.indexOf(kind) * 2 + outboxChannels[channel] - 1);
/** States of an outbox row, as small integers. */
export const outboxStates = { queued: 0, sent: 1, failed: 2 } as const;

/**
 * One announcement: its author, audience (kind and target: a class id or a grade's name) and text. Its integer key
 * (AUTOINCREMENT, never reused) is what each recipient and outbox row carries.
 */
export const messages = sqliteTable(
  'messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    schoolId: schoolId(),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    audience: integer('audience').notNull(),
    target: text('target'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    recipientCount: integer('recipient_count').notNull(),
    sentAt: text('sent_at').notNull(),
    /** An absence alert's day (its target is the pupil); null for announcements. */
    alertDay: text('alert_day'),
  },
  (t) => [
    // The school's messages by time: its hourly sending limit and the list of what it sent.
    index('messages_school_sent_idx').on(t.schoolId, t.sentAt),
    // One absence alert per pupil and day: a later register of the day updates it in place.
    uniqueIndex('messages_alert_day_idx').on(t.schoolId, t.alertDay, t.target).where(sql`alert_day is not null`),
  ],
);

/**
 * One row per account a message reached: `WITHOUT ROWID`, keyed by (account, message), so an inbox (newest first),
 * its unread count and marking one read are one range of the key; read_at in Unix seconds, null while unread.
 * No foreign key on the message: deleting one would scan every row (the key starts with the account).
 */
export const messageRecipients = sqliteTable(
  'message_recipients',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').notNull(),
    readAt: integer('read_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] })],
);

/**
 * One row per recipient and channel that still has to be carried beyond the portal (e-mail, push): state
 * (`outboxStates`), attempts and, in Unix seconds, the next attempt's time while queued, else when it was sent or
 * given up. `WITHOUT ROWID`, keyed by account first like the recipients; the sender reads due rows by the partial
 * index of queued rows.
 */
export const messageOutbox = sqliteTable(
  'message_outbox',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').notNull(),
    channel: integer('channel').notNull(),
    state: integer('state').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.messageId, t.channel] }),
    index('message_outbox_due_idx').on(t.nextAttemptAt).where(sql`state = 0`),
  ],
);

/**
 * A browser (a phone) that lets its account's messages reach it by Web Push: the push service's endpoint and the
 * keys a payload is encrypted with. Keyed by the endpoint: a phone signed in to another account moves to it.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    schoolId: schoolId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  // An account's phones, found within its school (migration 0027; the school's alone by the same index's prefix).
  (t) => [index('push_subscriptions_school_user_idx').on(t.schoolId, t.userId)],
);
