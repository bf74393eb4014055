import { type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Database } from '../../db/database';
import { ABSENCE_ALERT, HOMEWORK_REMINDER, messageOutbox, messageRecipients, outboxStates } from '../../db/schema';

/**
 * The one function every message is made through, announcements, absence alerts and reminders alike: the write-batch
 * statements that run `insert` (the caller's INSERT into `messages`: one row, or many for alerts), then give each
 * `(message_id, user_id)` that `recipients` selects its inbox row and its queued e-mail row. `recipients` is read
 * after `insert`, so it may find the new rows. A recipient already holding the message (an absence alert updated)
 * has it unread again and its e-mail queued anew. A fixed number of statements whatever the number of recipients.
 * Outbox rows are made only for the channels the recipient keeps on for the message's kind (`users.channels_off`),
 * and push rows only for those with a subscribed phone.
 */
export function messageWrites<Insert extends BatchItem<'sqlite'>>(
  db: Database,
  insert: Insert,
  recipients: SQL,
  now: Date,
) {
  const at = Math.floor(now.getTime() / 1000);
  return [
    insert,
    db
      .insert(messageRecipients)
      .select(sql`select r.user_id, r.message_id, null from (${recipients}) r where true`)
      .onConflictDoUpdate({
        target: [messageRecipients.userId, messageRecipients.messageId],
        set: { readAt: sql`null` },
      }),
    // Channels 1 (e-mail) and 2 (push); an alert's bits sit two above an announcement's, a reminder's four
    // (`channelChoiceBit`).
    db
      .insert(messageOutbox)
      .select(
        sql`select r.user_id, r.message_id, c.channel, ${outboxStates.queued}, 0, ${at} from (${recipients}) r join users u on u.id = r.user_id join messages m on m.id = r.message_id join (select 1 as channel union all select 2) c where (u.channels_off >> (c.channel - 1 + case m.audience when ${ABSENCE_ALERT} then 2 when ${HOMEWORK_REMINDER} then 4 else 0 end)) & 1 = 0 and (c.channel = 1 or exists (select 1 from push_subscriptions p where p.school_id = u.school_id and p.user_id = r.user_id))`,
      )
      .onConflictDoUpdate({
        target: [messageOutbox.userId, messageOutbox.messageId, messageOutbox.channel],
        set: { state: outboxStates.queued, attempts: 0, nextAttemptAt: at },
      }),
  ] as const;
}
