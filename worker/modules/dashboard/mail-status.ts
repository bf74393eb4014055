import { eq, sql } from 'drizzle-orm';
import { messageOutbox, outboxChannels, users } from '../../db/schema';
import type { TenantContext } from '../../lib/tenancy';

const DAY_SECONDS = 86_400;

/**
 * `GET /api/dashboard/mail-status`: whether e-mail and Web Push are configured, and for each from the school's outbox
 * (one statement, grouped by channel): its last delivery, the rows given up in the last 24 hours, those waiting for
 * a retry, and those queued.
 */
export async function mailStatus(ctx: TenantContext) {
  const o = messageOutbox;
  const dayAgo = Math.floor(ctx.now().getTime() / 1000) - DAY_SECONDS;
  const rows = await ctx.db
    .select({
      channel: o.channel,
      lastSent: sql<number | null>`max(case when ${o.state} = 1 then ${o.nextAttemptAt} end)`.as('last_sent'),
      failed: sql<number>`coalesce(sum(${o.state} = 2 and ${o.nextAttemptAt} > ${dayAgo}), 0)`
        .mapWith(Number)
        .as('failed'),
      retrying: sql<number>`coalesce(sum(${o.state} = 0 and ${o.attempts} > 0), 0)`.mapWith(Number).as('retrying'),
      queued: sql<number>`coalesce(sum(${o.state} = 0), 0)`.mapWith(Number).as('queued'),
    })
    .from(o)
    .innerJoin(users, eq(users.id, o.userId))
    .where(sql`${users.schoolId} = ${ctx.schoolId}`)
    .groupBy(o.channel);
  const of = (channel: number, configured: boolean) => {
    const row = rows.find((r) => r.channel === channel);
    return {
      configured,
      lastSentAt: row?.lastSent ? new Date(row.lastSent * 1000).toISOString() : null,
      failedLastDay: row?.failed ?? 0,
      retrying: row?.retrying ?? 0,
      queued: row?.queued ?? 0,
    };
  };
  return {
    ...of(outboxChannels.email, ctx.mail.configured),
    push: of(outboxChannels.push, Boolean(ctx.config.vapidPublicKey)),
  };
}
