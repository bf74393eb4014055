import { and, desc, eq, notInArray } from 'drizzle-orm';
import { pushSubscriptions } from '../../db/schema';
import type { TenantContext } from '../../lib/tenancy';
import type { PushSubscriptionInput } from './schemas';

/** Phones one account may have subscribed: a newer one pushes out the oldest. */
export const PHONES_PER_ACCOUNT = 10;

/**
 * Saves the caller's phone (its push endpoint and keys), in one batch that also drops the account's oldest phones
 * past the limit. An endpoint already saved for another account (one phone, another sign-in) moves to the caller.
 */
export async function subscribe(ctx: TenantContext, input: PushSubscriptionInput) {
  const { db } = ctx;
  const userId = ctx.session.userId;
  const now = ctx.now().toISOString();
  const row = { schoolId: ctx.schoolId, userId, p256dh: input.keys.p256dh, auth: input.keys.auth, createdAt: now };
  const newest = db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.schoolId, ctx.schoolId), eq(pushSubscriptions.userId, userId)))
    .orderBy(desc(pushSubscriptions.createdAt))
    .limit(PHONES_PER_ACCOUNT);
  await db.batch([
    db
      .insert(pushSubscriptions)
      .values({ endpoint: input.endpoint, ...row })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row }),
    db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.schoolId, ctx.schoolId),
          eq(pushSubscriptions.userId, userId),
          notInArray(pushSubscriptions.endpoint, newest),
        ),
      ),
  ]);
  return { endpoint: input.endpoint, subscribed: true };
}

/** Forgets the caller's phone: nothing more is pushed to it. Another account's endpoint is left alone. */
export async function unsubscribe(ctx: TenantContext, endpoint: string) {
  await ctx.db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.endpoint, endpoint),
        eq(pushSubscriptions.userId, ctx.session.userId),
        eq(pushSubscriptions.schoolId, ctx.schoolId),
      ),
    );
  return { endpoint, subscribed: false };
}
