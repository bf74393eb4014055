import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { refusalOf, refuseIf } from '../db/guard';
import { activityLogs, classes, schools } from '../db/schema';
import { RANDOM_UUID } from './activity';
import { AppError } from './errors';
import type { TenantContext } from './tenancy';

/** What a teacher's write to a class of a past year answers (the worker's catalogues translate it). */
export const pastYearMessage = (year: string) => `${year} is a past year: only the office can correct it.`;

type Who = Pick<TenantContext, 'db' | 'schoolId' | 'session' | 'now'>;

/** The class's year, one row, when `classId` (a value or an SQL expression) is a class of this school's past year. */
function pastClass(ctx: Who, classId: string | SQL | null) {
  return sql`select ${classes.academicYear} as detail from ${classes}
    join ${schools} on ${schools.id} = ${classes.schoolId}
    where ${classes.id} = ${classId} and ${classes.schoolId} = ${ctx.schoolId}
      and ${classes.academicYear} < ${schools.academicYear}`;
}

/**
 * The batch item every write to a class's records carries, after the writes: a teacher's batch fails when the
 * class is of a past year (the rollover may land between the read and the write), an administrator's writes a
 * line to the activity log saying it corrected that year. Nothing happens for a class of this year.
 */
export function pastYearWrite(ctx: Who, classId: string | SQL | null, what: string) {
  const db = ctx.db as Database;
  const past = pastClass(ctx, classId);
  if (ctx.session.role !== 'school_admin') return refuseIf(db, 'past-year', past);
  const by = (value: unknown, alias: string) => sql`${value}`.as(alias);
  return db.insert(activityLogs).select(
    db
      .select({
        id: sql<string>`${RANDOM_UUID}`.as('id'),
        schoolId: by(ctx.schoolId, 'school_id'),
        userId: by(ctx.session.userId, 'user_id'),
        userName: by(ctx.session.name, 'user_name'),
        action: by('update', 'action'),
        entity: by('class', 'entity'),
        entityId: sql`${classId}`.as('entity_id'),
        summary: sql<string>`substr('Correction to ' || v.detail || ': ' || ${what}, 1, 500)`.as('summary'),
        createdAt: by(ctx.now().toISOString(), 'created_at'),
      })
      .from(sql`(${past}) as v`),
  );
}

/** A write the `past-year` guard refused, as the caller's 409; null for any other error. */
export function pastYearRefusal(error: unknown): AppError | null {
  const refusal = refusalOf(error, 'past-year');
  return refusal ? new AppError(409, pastYearMessage(refusal.detail), { code: 'PAST_YEAR' }) : null;
}

/** What placing a student in a class of a past year answers, for everyone: that year has ended. */
export const pastYearPlacementMessage = (year: string) =>
  `${year} is a past year: a student cannot join or move into its classes.`;

/** The 409 for a placement into a class of a past year. */
export const pastYearPlacement = (year: string) =>
  new AppError(409, pastYearPlacementMessage(year), { code: 'PAST_YEAR' });

/**
 * The batch item an enrolment, an import or a move into a class carries beside its capacity guard: the batch fails
 * when any of these classes is of a year before the school's, so a rollover landing between the read and the
 * write is held too. For every role: nobody joins a year that has ended.
 */
export function pastYearPlacementGuard(ctx: Pick<TenantContext, 'db' | 'schoolId'>, classIds: string[]) {
  return refuseIf(
    ctx.db as Database,
    'past-year',
    sql`select ${classes.academicYear} as detail from ${classes}
      join ${schools} on ${schools.id} = ${classes.schoolId}
      where ${classes.schoolId} = ${ctx.schoolId}
        and ${classes.id} in (select value from json_each(${JSON.stringify(classIds)}))
        and ${classes.academicYear} < ${schools.academicYear}`,
  );
}

/** A placement the guard refused, as the caller's 409; null for any other error. */
export function pastYearPlacementRefusal(error: unknown): AppError | null {
  const refusal = refusalOf(error, 'past-year');
  return refusal ? pastYearPlacement(refusal.detail) : null;
}

/** Whether a class (a column or value) is of a year before the school's: `classes.academic_year` compared in SQL. */
export const isPastClass = (academicYear: SQL | unknown, schoolId: SQL | unknown) =>
  sql<boolean>`(${academicYear} < (select ${schools.academicYear} from ${schools} where ${schools.id} = ${schoolId}))`;
