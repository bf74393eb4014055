import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Database } from '../../db/database';
import { choiceKindOf, messageOutbox, messages, outboxChannels, outboxStates, schools, users } from '../../db/schema';
import { named } from '../../db/sql';
import { messageMail, type UnsubscribeLinks } from './compose';
import type { MailSession, MailTransport } from './index';
import { unsubscribeToken } from './unsubscribe';

/** At most this many e-mails of one school a minute: its sender waits a minute after a full run. */
export const SCHOOL_MAILS_PER_MINUTE = 30;
/** Minutes before the next try after the 1st, 2nd, 3rd and 4th failure; the 5th gives the e-mail up as failed. */
export const RETRY_MINUTES = [1, 5, 30, 120] as const;
export const MAX_ATTEMPTS = RETRY_MINUTES.length + 1;
const MINUTE = 60;

const author = alias(users, 'mail_author');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The school's e-mails due now, oldest due first, each with what its mail is made of; read by the due index. */
function dueMails(db: Database, schoolId: string, now: number, limit: number) {
  return db
    .select({
      userId: messageOutbox.userId,
      messageId: messageOutbox.messageId,
      attempts: messageOutbox.attempts,
      email: named(users.email, 'recipient_email'),
      name: named(users.name, 'recipient_name'),
      language: sql<string>`coalesce(${users.language}, ${schools.language})`.as('mail_language'),
      school: named(schools.name, 'school_name'),
      subject: named(messages.subject, 'message_subject'),
      body: named(messages.body, 'message_body'),
      author: named(author.name, 'author_name'),
      audience: named(messages.audience, 'message_audience'),
    })
    .from(messageOutbox)
    .innerJoin(users, eq(users.id, messageOutbox.userId))
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .innerJoin(messages, eq(messages.id, messageOutbox.messageId))
    .leftJoin(author, eq(author.id, messages.authorId))
    .where(
      and(
        // Literal state and channel: the partial index holds queued rows only.
        sql`${messageOutbox.state} = 0 and ${messageOutbox.channel} = ${sql.raw(String(outboxChannels.email))}`,
        sql`${messageOutbox.nextAttemptAt} <= ${now}`,
        eq(users.schoolId, schoolId),
      ),
    )
    .orderBy(asc(messageOutbox.nextAttemptAt))
    .limit(limit);
}

/** When the school's next queued row of the channel falls due (Unix seconds), or null when none waits. */
export function nextDue(db: Database, schoolId: string, channel: number) {
  return db
    .select({ at: sql<number | null>`min(${messageOutbox.nextAttemptAt})`.as('next_at') })
    .from(messageOutbox)
    .innerJoin(users, eq(users.id, messageOutbox.userId))
    .where(and(sql`${messageOutbox.state} = 0`, eq(messageOutbox.channel, channel), eq(users.schoolId, schoolId)));
}

/** Where an e-mail's unsubscribe links lead: the portal's address, and the secret their tokens are signed with. */
export interface UnsubscribeBase {
  portalUrl: string;
  secret: string;
}

async function unsubscribeLinks(base: UnsubscribeBase, schoolId: string, userId: string, audience: number | null) {
  const kind = choiceKindOf(audience);
  const token = await unsubscribeToken(base.secret, { schoolId, userId, kind });
  return {
    page: new URL(`/unsubscribe#${token}`, base.portalUrl).toString(),
    oneClick: new URL(`/api/unsubscribe?token=${token}`, base.portalUrl).toString(),
  } satisfies UnsubscribeLinks;
}

export interface DeliveryRun {
  sent: number;
  retried: number;
  failed: number;
  /** When to run again (ms since the epoch), or null when the outbox holds nothing queued. */
  nextRunAt: number | null;
}

/**
 * Sends the school's due e-mails, at most `perMinute` of them, on one SMTP connection, and records each result:
 * sent; or tried again after `RETRY_MINUTES`; or, after the last try, failed. Rows are only ever updated, so
 * nothing is lost. Two round trips whatever the count: the due rows, then one batch of results and the next due time.
 */
export async function deliverDue(
  db: Database,
  schoolId: string,
  transport: MailTransport,
  options: {
    now: Date;
    perMinute?: number;
    inboxUrl?: string;
    unsubscribe?: UnsubscribeBase;
    log?: (line: string) => void;
  },
): Promise<DeliveryRun> {
  const perMinute = options.perMinute ?? SCHOOL_MAILS_PER_MINUTE;
  const now = seconds(options.now);
  const due = await dueMails(db, schoolId, now, perMinute);
  const results: boolean[] = [];
  if (due.length > 0) {
    let session: MailSession | null = null;
    try {
      session = await transport.open();
    } catch (error) {
      options.log?.(JSON.stringify({ level: 'warn', mail: 'connect-failed', schoolId, error: (error as Error)?.name }));
    }
    for (const row of due) {
      if (!session) {
        results.push(false);
        continue;
      }
      try {
        await session.send(
          messageMail({
            language: row.language === 'hi' || row.language === 'ar' ? row.language : 'en',
            school: row.school ?? '',
            to: { email: row.email ?? '', name: row.name ?? undefined },
            subject: row.subject ?? '',
            body: row.body ?? '',
            author: row.author,
            inboxUrl: options.inboxUrl,
            unsubscribe: options.unsubscribe
              ? await unsubscribeLinks(options.unsubscribe, schoolId, row.userId, row.audience)
              : undefined,
          }),
        );
        results.push(true);
      } catch {
        results.push(false);
      }
    }
    await session?.close();
  }
  const updates = due.map((row, i) => {
    const attempts = row.attempts + 1;
    const state = results[i] ? outboxStates.sent : attempts >= MAX_ATTEMPTS ? outboxStates.failed : outboxStates.queued;
    const at = state === outboxStates.queued ? now + RETRY_MINUTES[attempts - 1] * MINUTE : now;
    return db
      .update(messageOutbox)
      .set({ state, attempts, nextAttemptAt: at })
      .where(
        and(
          eq(messageOutbox.userId, row.userId),
          eq(messageOutbox.messageId, row.messageId),
          eq(messageOutbox.channel, outboxChannels.email),
          // A row queued anew meanwhile (an alert corrected) keeps its new state.
          eq(messageOutbox.attempts, row.attempts),
          sql`${messageOutbox.state} = 0`,
        ),
      );
  });
  const [next] = (
    await db.batch([...updates, nextDue(db, schoolId, outboxChannels.email)] as unknown as Parameters<
      typeof db.batch
    >[0])
  ).slice(-1) as [{ at: number | null }[]];
  const sent = results.filter(Boolean).length;
  const failed = due.filter((row, i) => !results[i] && row.attempts + 1 >= MAX_ATTEMPTS).length;
  const nextAt = next[0]?.at ?? null;
  // A full run waits out the minute, so one school's many mails leave room for the limit.
  const floor = due.length >= perMinute ? (now + MINUTE) * 1000 : 0;
  return {
    sent,
    failed,
    retried: due.length - sent - failed,
    nextRunAt: nextAt === null ? null : Math.max(nextAt * 1000, floor, options.now.getTime()),
  };
}
