import { type SQL, sql } from 'drizzle-orm';
import type { AudienceKind } from '../../db/schema';
import {
  classes,
  parents,
  studentParents,
  students,
  subjects,
  subjectTeachers,
  teachers,
  users,
} from '../../db/schema';
import type { TenantContext } from '../../lib/tenancy';

/**
 * The accounts an audience reaches, as one SELECT of `user_id` (no duplicates, the author left out), to be used
 * inside the send's statements: resolving 1,000 families is one statement, not one per family. Only active
 * accounts; pupils who have left and their parents are not written to.
 */
export function audienceOf(ctx: TenantContext, kind: AudienceKind, target: { classId?: string; grade?: string }): SQL {
  const sid = ctx.schoolId;
  const classSet =
    kind === 'grade'
      ? sql`(select c.id from ${classes} c where c.school_id = ${sid} and c.name = ${target.grade ?? ''})`
      : sql`(${target.classId ?? ''})`;
  const inClasses = kind === 'school' ? sql`` : sql`and s.class_id in ${classSet}`;
  const pupils = sql`select s.user_id as user_id from ${students} s join ${users} u on u.id = s.user_id
    where s.school_id = ${sid} and s.status = 'active' and u.is_active = 1 ${inClasses}`;
  const theirParents = sql`select p.user_id as user_id from ${students} s
    join ${studentParents} sp on sp.student_id = s.id
    join ${parents} p on p.id = sp.parent_id
    join ${users} u on u.id = p.user_id
    where s.school_id = ${sid} and s.status = 'active' and u.is_active = 1 ${inClasses}`;
  const staff = (roles: SQL) =>
    sql`select u.id as user_id from ${users} u where u.school_id = ${sid} and u.role in ${roles} and u.is_active = 1`;
  // Class teachers, subject teachers and co-teachers of the classes: they see what their classes are told.
  const classTeachers = sql`select t.user_id as user_id from ${teachers} t join ${users} u on u.id = t.user_id
    where t.school_id = ${sid} and u.is_active = 1 and (
      t.id in (select c.teacher_id from ${classes} c where c.school_id = ${sid} and c.id in ${classSet})
      or t.id in (select sb.teacher_id from ${subjects} sb where sb.school_id = ${sid} and sb.class_id in ${classSet})
      or t.id in (select st.teacher_id from ${subjectTeachers} st join ${subjects} sb on sb.id = st.subject_id
        where sb.school_id = ${sid} and sb.class_id in ${classSet}))`;
  const parts: Record<AudienceKind, SQL[]> = {
    school: [staff(sql`('school_admin', 'teacher')`), pupils, theirParents],
    grade: [pupils, theirParents, classTeachers],
    class: [pupils, theirParents, classTeachers],
    teachers: [staff(sql`('teacher')`)],
    staff: [staff(sql`('school_admin', 'teacher')`)],
    class_parents: [theirParents],
  };
  return sql`select user_id from (${sql.join(parts[kind], sql` union `)}) where user_id <> ${ctx.session.userId}`;
}
