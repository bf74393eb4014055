import { and, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { type activityActions, activityLogs } from '../db/schema';
import type { TenantContext } from './tenancy';

export type ActivityAction = (typeof activityActions)[number];
type Who = Pick<TenantContext, 'db' | 'schoolId' | 'session' | 'now'>;

/** Who writes a line and when, as values: a statement built once per shape gets placeholders here (`db/shapes.ts`). */
export interface Author {
  schoolId: string;
  userId: string | null;
  userName: string;
  createdAt: string;
}
type By = Who | { db: Who['db']; author: Author };

function authorOf(by: By): Author {
  if ('author' in by) return by.author;
  return {
    schoolId: by.schoolId,
    userId: by.session.userId,
    userName: by.session.name,
    createdAt: by.now().toISOString(),
  };
}

/**
 * The activity-log row for a create, update, delete, read or export: who, what, which record, when.
 * It returns a statement, not a promise: put it in the same `db.batch` as the write it records, so the
 * log costs no extra round trip and never disagrees with the data.
 */
export function activity(ctx: Who, action: ActivityAction, entity: string, entityId: string | null, summary?: string) {
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

/** A version-4 UUID made by SQLite, so a read's statements can be sent again as they are (the benchmark does). */
export const RANDOM_UUID =
  sql.raw(`lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2)
  || '-' || substr('89ab', 1 + abs(random()) % 4, 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`);

/**
 * The activity-log row for a list or export of personal data, with the number of records read: `rows` is a
 * query returning one row per record (the page read, without its columns), counted by an insert…select, so
 * the row joins the read's own batch. Its summary is `before` + the count + `after`, e.g. "Listed 25 students".
 */
export function countedActivity(
  ctx: By,
  action: 'read' | 'export',
  entity: string,
  entityId: string | null,
  [before, after]: [string | SQL, string | SQL],
  rows: SQLWrapper,
  options: { unlessEmpty?: boolean; onlyIf?: SQL } = {},
) {
  const db = ctx.db as Database;
  const author = authorOf(ctx);
  const value = <T>(v: T, alias: string) => sql<T>`${v}`.as(alias);
  const counted = db
    .select({
      id: sql<string>`${RANDOM_UUID}`.as('id'),
      schoolId: value(author.schoolId, 'school_id'),
      userId: value(author.userId, 'user_id'),
      userName: value(author.userName, 'user_name'),
      action: value(action, 'action'),
      entity: value(entity, 'entity'),
      entityId: value(entityId, 'entity_id'),
      summary: sql<string>`substr(${before} || count(*) || ${after}, 1, 500)`.as('summary'),
      createdAt: value(author.createdAt, 'created_at'),
    })
    .from(sql`(${rows}) as counted`);
  // A read that answers 404 or 403 leaves no row: a single record that is not there, or `onlyIf` false.
  const conditions = [options.unlessEmpty ? sql`count(*) > 0` : undefined, options.onlyIf].filter(Boolean);
  return db.insert(activityLogs).select(conditions.length ? counted.having(and(...conditions)) : counted);
}

/**
 * The activity-log row of `activity()`, written only when `condition` holds at the time of the write. A summary
 * given as a placeholder is bound as it comes (at most 500 characters).
 */
export function activityIf(
  ctx: By,
  action: ActivityAction,
  entity: string,
  entityId: string | null,
  summary: string | Placeholder,
  condition: SQL,
) {
  const db = ctx.db as Database;
  const author = authorOf(ctx);
  const value = <T>(v: T, alias: string) => sql<T>`${v}`.as(alias);
  return db.insert(activityLogs).select(
    db
      .select({
        id: sql<string>`${RANDOM_UUID}`.as('id'),
        schoolId: value(author.schoolId, 'school_id'),
        userId: value(author.userId, 'user_id'),
        userName: value(author.userName, 'user_name'),
        action: value(action, 'action'),
        entity: value(entity, 'entity'),
        entityId: value(entityId, 'entity_id'),
        summary: value(typeof summary === 'string' ? summary.slice(0, 500) : summary, 'summary'),
        createdAt: value(author.createdAt, 'created_at'),
      })
      .from(sql`(select 1) as one`)
      .where(condition),
  );
}
