import { gte, sql } from 'drizzle-orm';
import { activityLogs } from '../../db/schema';
import { activity } from '../../lib/activity';
import { AppError } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';

/**
 * A student import (dry run or real) checks every email of its file against the whole platform, so a school
 * could probe other schools' emails with it. Each check is kept in the activity log, and a school gets at most
 * this many an hour. A full file holds up to 4,000 emails (1,000 rows, a student and three parents each), so
 * the email budget lets a full file be checked, corrected and imported within the hour.
 */
export const IMPORT_CHECKS_PER_HOUR = 20;
export const IMPORT_EMAILS_PER_HOUR = 10_000;
const HOUR_MS = 3_600_000;
const ENTITY = 'student_import';

export interface ImportChecks {
  rows: number;
  emails: number;
  conflicts: number;
}

/**
 * The school's import checks of the last hour, counted from the activity log (one statement, for the batch
 * that looks the emails up). Each row's summary starts with its number of emails, which `cast` reads.
 */
export function recentImportChecks(ctx: TenantContext) {
  const since = new Date(ctx.now().getTime() - HOUR_MS).toISOString();
  return ctx.db
    .select({
      runs: sql<number>`count(*)`.mapWith(Number),
      emails: sql<number>`coalesce(sum(cast(${activityLogs.summary} as integer)), 0)`.mapWith(Number),
      oldest: sql<string | null>`min(${activityLogs.createdAt})`,
    })
    .from(activityLogs)
    .where(ctx.scoped(activityLogs, sql`${activityLogs.entity} = ${ENTITY}`, gte(activityLogs.createdAt, since)));
}

/** 429 with Retry-After when this file's check would pass the school's hourly budget. */
export function refuseOverLimit(
  ctx: TenantContext,
  recent: { runs: number; emails: number; oldest: string | null } | undefined,
  emails: number,
) {
  if (!recent?.oldest) return;
  if (recent.runs < IMPORT_CHECKS_PER_HOUR && recent.emails + emails <= IMPORT_EMAILS_PER_HOUR) return;
  const retryMs = Math.max(1000, new Date(recent.oldest).getTime() + HOUR_MS - ctx.now().getTime());
  const minutes = Math.ceil(retryMs / 60_000);
  throw new AppError(
    429,
    `This school has checked too many import files in the last hour (at most ${IMPORT_CHECKS_PER_HOUR} files or ${IMPORT_EMAILS_PER_HOUR.toLocaleString('en')} emails an hour). Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { headers: { 'Retry-After': String(Math.ceil(retryMs / 1000)) } },
  );
}

/** The activity-log row of one check: a dry run, an import, or an import refused for its problems. */
export function importCheckLog(
  ctx: TenantContext,
  kind: 'dry run' | 'import' | 'refused import',
  checks: ImportChecks,
) {
  const what = { 'dry run': 'a dry run of the', import: 'the', 'refused import': 'a refused' }[kind];
  return activity(
    ctx,
    kind === 'import' ? 'create' : 'read',
    ENTITY,
    null,
    `${checks.emails} email(s) checked by ${what} student import of ${checks.rows} row(s): ${checks.conflicts} email conflict(s)`,
  );
}
