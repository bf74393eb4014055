import { eq, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { classes, subjects, subjectTeachers, teachers } from '../db/schema';
import { outer } from '../db/sql';
import { AppError, notFound } from './errors';
import type { TenantContext } from './tenancy';

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
