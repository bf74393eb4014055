import type { Database } from '../db/database';
import { type activityActions, activityLogs } from '../db/schema';
import type { TenantContext } from './tenancy';

export type ActivityAction = (typeof activityActions)[number];

/**
 * The activity-log row for a create, update, delete, read or export: who, what, which record, when.
 * It returns a statement, not a promise: put it in the same `db.batch` as the write it records, so the
 * log costs no extra round trip and never disagrees with the data.
 */
export function activity(
  ctx: Pick<TenantContext, 'db' | 'schoolId' | 'session' | 'now'>,
  action: ActivityAction,
  entity: string,
  entityId: string | null,
  summary?: string,
) {
  return (ctx.db as Database).insert(activityLogs).values({
    schoolId: ctx.schoolId,
    userId: ctx.session.userId,
    userName: ctx.session.name,
    action,
    entity,
    entityId,
    summary: summary?.slice(0, 500) ?? null,
    createdAt: ctx.now().toISOString(),
  });
}
