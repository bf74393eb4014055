import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { messageOutbox, messages, outboxChannels, outboxStates, pushSubscriptions, users } from '../../db/schema';
import { named } from '../../db/sql';
import { MAX_ATTEMPTS, nextDue, RETRY_MINUTES } from '../mail/outbox';
import type { PushConfig } from './config';
import { pushRequest } from './web-push';

/** At most this many of one school's push rows a run; the rest go on the next, at once. */
export const PUSHES_PER_RUN = 100;
/** How much of a message's text a notification shows (a payload holds 4 KB at most). */
const PUSH_TEXT = 240;
const MINUTE = 60;
const PORTAL_PATHS: Record<string, string> = {
  parent: '/family/messages',
  student: '/family/messages',
  teacher: '/teacher/messages',
  school_admin: '/messages',
};

/** The school's due push rows, each once per phone of its account (none: the account has no phone left). */
function duePushes(db: Database, schoolId: string, now: number, limit: number) {
  const due = db
    .select({ userId: messageOutbox.userId, messageId: messageOutbox.messageId, attempts: messageOutbox.attempts })
    .from(messageOutbox)
    .innerJoin(users, eq(users.id, messageOutbox.userId))
    .where(
      and(
        sql`${messageOutbox.state} = 0 and ${messageOutbox.channel} = ${sql.raw(String(outboxChannels.push))}`,
        sql`${messageOutbox.nextAttemptAt} <= ${now}`,
        eq(users.schoolId, schoolId),
      ),
    )
    .orderBy(asc(messageOutbox.nextAttemptAt))
    .limit(limit)
    .as('due');
  return db
    .select({
      userId: due.userId,
      messageId: due.messageId,
      attempts: due.attempts,
      role: named(users.role, 'recipient_role'),
      subject: named(messages.subject, 'message_subject'),
      body: named(messages.body, 'message_body'),
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(due)
    .innerJoin(users, eq(users.id, due.userId))
    .innerJoin(messages, eq(messages.id, due.messageId))
    .leftJoin(
      pushSubscriptions,
      and(eq(pushSubscriptions.schoolId, users.schoolId), eq(pushSubscriptions.userId, due.userId)),
    );
}

export interface PushRun {
  sent: number;
  retried: number;
  failed: number;
  /** Phones the push service no longer knows (404, 410): their subscriptions are deleted. */
  gone: number;
  nextRunAt: number | null;
}

/**
 * Pushes the school's due rows to each phone of their account and records each row's result like e-mail's: sent
 * when a phone took it; tried again after `RETRY_MINUTES` when none did for a passing reason; failed after the
 * last try, or at once when the account has no phone left. A 404 or 410 from a push service deletes that phone.
 * Two round trips whatever the count. The endpoints, which are capabilities, are never logged.
 */
export async function deliverDuePushes(
  db: Database,
  schoolId: string,
  config: PushConfig,
  options: { now: Date; send?: (request: Request) => Promise<Response>; log?: (line: string) => void },
): Promise<PushRun> {
  const send = options.send ?? ((request: Request) => fetch(request));
  const now = Math.floor(options.now.getTime() / 1000);
  const rows = await duePushes(db, schoolId, now, PUSHES_PER_RUN);
  const outcome = new Map<string, { row: (typeof rows)[number]; delivered: boolean; passing: boolean }>();
  const gone: string[] = [];
  for (const row of rows) {
    const key = `${row.userId}:${row.messageId}`;
    const entry = outcome.get(key) ?? { row, delivered: false, passing: false };
    outcome.set(key, entry);
    if (!row.endpoint || !row.p256dh || !row.auth) continue;
    const payload = JSON.stringify({
      title: row.subject ?? '',
      body: (row.body ?? '').slice(0, PUSH_TEXT),
      url: PORTAL_PATHS[row.role ?? ''] ?? '/',
      tag: `message-${row.messageId}`,
    });
    try {
      const target = { endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth };
      const answer = await send(await pushRequest(config, target, payload, options.now));
      if (answer.ok) entry.delivered = true;
      else if (answer.status === 404 || answer.status === 410) gone.push(row.endpoint);
      else entry.passing = true;
      options.log?.(JSON.stringify({ level: answer.ok ? 'info' : 'warn', push: 'answered', status: answer.status }));
    } catch (error) {
      entry.passing = true;
      options.log?.(JSON.stringify({ level: 'warn', push: 'failed', error: (error as Error)?.name }));
    }
  }
  const results = [...outcome.values()].map(({ row, delivered, passing }) => {
    const attempts = row.attempts + 1;
    const state = delivered
      ? outboxStates.sent
      : passing && attempts < MAX_ATTEMPTS
        ? outboxStates.queued
        : outboxStates.failed;
    return {
      row,
      state,
      attempts,
      at: state === outboxStates.queued ? now + RETRY_MINUTES[attempts - 1] * MINUTE : now,
    };
  });
  const updates = results.map(({ row, state, attempts, at }) =>
    db
      .update(messageOutbox)
      .set({ state, attempts, nextAttemptAt: at })
      .where(
        and(
          eq(messageOutbox.userId, row.userId),
          eq(messageOutbox.messageId, row.messageId),
          eq(messageOutbox.channel, outboxChannels.push),
          eq(messageOutbox.attempts, row.attempts),
          sql`${messageOutbox.state} = 0`,
        ),
      ),
  );
  const removals =
    gone.length > 0 ? [db.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, gone))] : [];
  const [next] = (
    await db.batch([...updates, ...removals, nextDue(db, schoolId, outboxChannels.push)] as unknown as Parameters<
      typeof db.batch
    >[0])
  ).slice(-1) as [{ at: number | null }[]];
  const count = (state: number) => results.filter((r) => r.state === state).length;
  const nextAt = next[0]?.at ?? null;
  return {
    sent: count(outboxStates.sent),
    retried: count(outboxStates.queued),
    failed: count(outboxStates.failed),
    gone: gone.length,
    nextRunAt: nextAt === null ? null : Math.max(nextAt * 1000, options.now.getTime()),
  };
}
