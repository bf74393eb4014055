import { eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { refuseIf } from '../../db/guard';
import { classes, students, subjects, subjectTeachers, teachers, users, weekdays } from '../../db/schema';
import { formatClassName } from '../../lib/class-name';
import { AppError, notFound } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';

/**
 * A joined column under a name of its own: D1 answers a batched statement as objects keyed by column
 * name, so a join must never return two columns called `id` or `name`.
 */
export function named<C extends SQLiteColumn>(column: C, alias: string) {
  return sql`${column}`.mapWith(column).as(alias) as SQL.Aliased<C['_']['data'] | null>;
}

/**
 * An outer query's column inside a correlated subquery, always table-qualified: drizzle writes a bare "id"
 * in the select list of a one-table query, which inside the subquery would name the subquery's own column.
 */
export function outer(column: SQLiteColumn): SQL {
  return sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
}

/** Case-insensitive substring match; `instr` needs no escaping of % and _ in what people type. */
export function contains(column: SQLiteColumn | SQL, term: string): SQL {
  return sql`instr(lower(${column}), ${term.toLowerCase()}) > 0`;
}

/** Monday first, then by time: the order a timetable is read in. */
export function dayOrder(column: SQLiteColumn): SQL {
  const cases = weekdays.map((day, i) => sql`when ${day} then ${i + 1}`);
  return sql`case ${column} ${sql.join(cases, sql` `)} else 9 end`;
}

export function classLabel(row: { name: string; section: string }): string {
  return formatClassName(row);
}

export type Ref = { _id: string; name: string } | null;
export type ClassRef = { _id: string; name: string; section: string } | null;

export function refOf(id: string | null | undefined, name: string | null | undefined): Ref {
  return id && name != null ? { _id: id, name } : null;
}

export function classRefOf(
  id: string | null | undefined,
  name: string | null | undefined,
  section: string | null | undefined,
): ClassRef {
  return id && name != null && section != null ? { _id: id, name, section } : null;
}

/** The school's teacher with this id and the name of their account (one statement, for a batch). */
export function teacherLookup(ctx: TenantContext, teacherId: string) {
  return ctx.db
    .select({
      id: teachers.id,
      userId: teachers.userId,
      name: named(users.name, 'teacher_name'),
      isActive: teachers.isActive,
    })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(ctx.scoped(teachers, eq(teachers.id, teacherId)))
    .limit(1);
}

export function classLookup(ctx: TenantContext, classId: string) {
  return ctx.db
    .select()
    .from(classes)
    .where(ctx.scoped(classes, eq(classes.id, classId)))
    .limit(1);
}

export function subjectLookup(ctx: TenantContext, subjectId: string) {
  return ctx.db
    .select()
    .from(subjects)
    .where(ctx.scoped(subjects, eq(subjects.id, subjectId)))
    .limit(1);
}

/** The signed-in teacher's own teacher id (a statement; empty for other roles). */
export function ownTeacherLookup(ctx: TenantContext) {
  return ctx.db
    .select({ id: teachers.id })
    .from(teachers)
    .where(ctx.scoped(teachers, eq(teachers.userId, ctx.session.userId)))
    .limit(1);
}

/**
 * True (1) when the signed-in person is a teacher of the class in `classId`: its class teacher, or the main
 * teacher or a co-teacher of one of its subjects.
 */
export function callerTeaches(ctx: TenantContext, classColumn: SQLiteColumn): SQL<number> {
  const classId = outer(classColumn);
  return sql<number>`exists (
    select 1 from ${teachers} t
    where t.school_id = ${ctx.schoolId} and t.user_id = ${ctx.session.userId} and (
      exists (select 1 from ${classes} c where c.id = ${classId} and c.school_id = t.school_id and c.teacher_id = t.id)
      or exists (select 1 from ${subjects} s where s.class_id = ${classId} and s.school_id = t.school_id and s.teacher_id = t.id)
      or exists (
        select 1 from ${subjectTeachers} st join ${subjects} s on s.id = st.subject_id
        where s.class_id = ${classId} and st.school_id = t.school_id and st.teacher_id = t.id
      )
    )
  )`;
}

/** Teachers may read only what they teach; everything else of the school answers 403, another school's 404. */
export const NOT_YOUR_CLASS = 'Access denied. You can only view classes you teach.';
export const NOT_YOUR_SCHEDULE = 'Access denied. You can only view your own schedule.';

/** A class of this school the caller may read: administrators any, teachers the ones they teach. */
export async function readableClass(ctx: TenantContext, classId: string) {
  const [row] = await ctx.db
    .select({ id: classes.id, teaches: sql<number>`${callerTeaches(ctx, classes.id)}`.as('teaches') })
    .from(classes)
    .where(ctx.scoped(classes, eq(classes.id, classId)))
    .limit(1);
  if (!row) throw notFound('Class');
  if (ctx.session.role !== 'school_admin' && !row.teaches) throw new AppError(403, NOT_YOUR_CLASS);
  return row.id;
}

/** Whether `teacherId` may teach `subject` (main teacher or co-teacher). */
export function teachesSubject(
  subject: { teacherId: string | null },
  coTeacherIds: readonly string[],
  teacherId: string,
): boolean {
  return subject.teacherId === teacherId || coTeacherIds.includes(teacherId);
}

export function coTeachersOf(ctx: TenantContext, subjectId: string) {
  return ctx.db
    .select({ teacherId: subjectTeachers.teacherId })
    .from(subjectTeachers)
    .where(ctx.scoped(subjectTeachers, eq(subjectTeachers.subjectId, subjectId)));
}

/**
 * A batch item that refuses the whole write when any of these classes then holds more students than its
 * capacity: two placements racing for the last seat (or a placement racing a lowered capacity) both pass
 * their read-side checks; only one write lands.
 */
export function capacityGuard(ctx: TenantContext, classIds: string[]) {
  return refuseIf(
    ctx.db,
    'class-capacity',
    sql`select n || '/' || capacity as detail from (
      select c.capacity as capacity,
        (select count(*) from ${students} st where st.class_id = c.id and st.school_id = c.school_id) as n
      from ${classes} c
      where c.school_id = ${ctx.schoolId} and c.id in (select value from json_each(${JSON.stringify(classIds)}))
    ) where n > capacity`,
  );
}
