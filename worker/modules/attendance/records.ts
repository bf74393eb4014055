import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { classes, studentAttendance, students, subjects, subjectTeachers, teachers, users } from '../../db/schema';
import { named, outer } from '../../db/sql';
import { callerTeaches, NOT_YOUR_CLASS } from '../../lib/class-access';
import { AppError, notFound } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';

/** Two people's names in one join: the student's and the marking teacher's accounts. */
export const studentUser = alias(users, 'student_user');
export const teacherUser = alias(users, 'teacher_user');

/** Attendance records with class, student, subject and teacher populated; every column named apart for D1. */
export function selectRecords<Extra extends Record<string, SQL.Aliased>>(ctx: TenantContext, extra?: Extra) {
  return ctx.db
    .select({
      ...(extra as Extra),
      id: studentAttendance.id,
      registerId: studentAttendance.registerId,
      studentNumber: studentAttendance.studentNumber,
      date: studentAttendance.date,
      status: studentAttendance.status,
      remarks: studentAttendance.remarks,
      markedAt: studentAttendance.markedAt,
      classId: studentAttendance.classId,
      className: named(classes.name, 'class_name'),
      classSection: named(classes.section, 'class_section'),
      studentId: studentAttendance.studentId,
      studentName: named(studentUser.name, 'student_name'),
      rollNumber: named(students.rollNumber, 'roll_number'),
      subjectId: studentAttendance.subjectId,
      subjectName: named(subjects.name, 'subject_name'),
      teacherId: studentAttendance.teacherId,
      teacherName: named(teacherUser.name, 'teacher_name'),
    })
    .from(studentAttendance)
    .leftJoin(classes, eq(classes.id, studentAttendance.classId))
    .leftJoin(students, eq(students.id, studentAttendance.studentId))
    .leftJoin(studentUser, eq(studentUser.id, students.userId))
    .leftJoin(subjects, eq(subjects.id, studentAttendance.subjectId))
    .leftJoin(teachers, eq(teachers.id, studentAttendance.teacherId))
    .leftJoin(teacherUser, eq(teacherUser.id, teachers.userId));
}

/** Roll numbers are text; numeric ones sort as numbers ('2' before '10'). */
export function rollOrder(column: typeof students.rollNumber) {
  return [sql`cast(${column} as integer)`, asc(column)] as const;
}

/** Counts per status of the marks in a grouped (or whole) selection, under names of their own. */
export const tallyColumns = {
  total: sql<number>`count(${studentAttendance.id})`.mapWith(Number).as('n_total'),
  present: sql<number>`coalesce(sum(${studentAttendance.status} = 'present'), 0)`.mapWith(Number).as('n_present'),
  absent: sql<number>`coalesce(sum(${studentAttendance.status} = 'absent'), 0)`.mapWith(Number).as('n_absent'),
  late: sql<number>`coalesce(sum(${studentAttendance.status} = 'late'), 0)`.mapWith(Number).as('n_late'),
  excused: sql<number>`coalesce(sum(${studentAttendance.status} = 'excused'), 0)`.mapWith(Number).as('n_excused'),
};

/** Whether the teacher `teacherId` teaches the subject `subjectId`: its main teacher or one of its co-teachers. */
function teaches(ctx: TenantContext, subjectId: SQL | string, teacherId: SQL): SQL {
  return sql`(
    exists (select 1 from ${subjects} s where s.id = ${subjectId} and s.school_id = ${ctx.schoolId} and s.teacher_id = ${teacherId})
    or exists (select 1 from ${subjectTeachers} st where st.subject_id = ${subjectId} and st.school_id = ${ctx.schoolId} and st.teacher_id = ${teacherId})
  )`;
}

/** 1 when the signed-in person is a teacher of the subject in `subjectColumn` (a correlated subquery). */
export function callerTeachesSubject(ctx: TenantContext, subjectColumn: SQLiteColumn) {
  return sql<number>`exists (
    select 1 from ${teachers} t
    where t.school_id = ${ctx.schoolId} and t.user_id = ${ctx.session.userId} and ${teaches(ctx, outer(subjectColumn), sql`t.id`)}
  )`
    .mapWith(Number)
    .as('caller_teaches');
}

/** The signed-in teacher (empty for administrators) and whether they teach `subjectId`. One statement. */
export function callerAsTeacherOf(ctx: TenantContext, subjectId: string) {
  return ctx.db
    .select({
      id: teachers.id,
      name: named(users.name, 'caller_name'),
      teaches: sql<number>`${teaches(ctx, subjectId, outer(teachers.id))}`.mapWith(Number).as('teaches'),
    })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(ctx.scoped(teachers, eq(teachers.userId, ctx.session.userId)))
    .limit(1);
}

/** A subject of this school with its class and main teacher (for marks an administrator makes). */
export function subjectWithTeacher(ctx: TenantContext, subjectId: string) {
  return ctx.db
    .select({
      id: subjects.id,
      name: named(subjects.name, 'subject_name'),
      classId: subjects.classId,
      teacherId: subjects.teacherId,
      teacherName: named(users.name, 'teacher_name'),
    })
    .from(subjects)
    .leftJoin(teachers, eq(teachers.id, subjects.teacherId))
    .leftJoin(users, eq(users.id, teachers.userId))
    .where(ctx.scoped(subjects, eq(subjects.id, subjectId)))
    .limit(1);
}

/**
 * `where` for one student's marks: the school's, found through the student's number. The `+` keeps the planner
 * off the registers' school index, which would walk every register of the school.
 */
export function studentMarksWhere(ctx: TenantContext, studentId: string, ...conditions: (SQL | undefined)[]): SQL {
  return and(
    sql`+${studentAttendance.schoolId} = ${ctx.schoolId}`,
    eq(studentAttendance.studentId, studentId),
    ...conditions,
  ) as SQL;
}

/**
 * Conditions on a date column. `ofOneStudent`: a student's marks are found through their number, so the range
 * must not draw the planner to the registers' date index (every register of the school in the range); `+` turns it off.
 */
export function dateRange(
  column: typeof studentAttendance.date,
  startDate?: string,
  endDate?: string,
  ofOneStudent = false,
): SQL[] {
  const out: SQL[] = [];
  const date = ofOneStudent ? sql`+${column}` : sql`${column}`;
  if (startDate) out.push(sql`${date} >= ${startDate}`);
  if (endDate) out.push(sql`${date} <= ${endDate}`);
  return out;
}

export const asTeacher = (ctx: TenantContext) => ctx.session.role === 'teacher';

/** The class (any id: empty when absent or another school's) and whether the caller teaches it. */
export function classWithAccess(ctx: TenantContext, classId: string) {
  return ctx.db
    .select({
      id: classes.id,
      name: classes.name,
      section: classes.section,
      teaches: sql<number>`${callerTeaches(ctx, classes.id)}`.mapWith(Number).as('teaches'),
    })
    .from(classes)
    .where(ctx.scoped(classes, eq(classes.id, classId)))
    .limit(1);
}

/** 404 for a class that is not the school's; 403 for a teacher who does not teach it. */
export function readable<T extends { teaches: number }>(ctx: TenantContext, klass: T | undefined): T {
  if (!klass) throw notFound('Class');
  if (asTeacher(ctx) && !klass.teaches) throw new AppError(403, NOT_YOUR_CLASS);
  return klass;
}

/** True (in SQL) when the class is the school's and the caller may read it: the condition of `readable`. */
export function readableClassSql(ctx: TenantContext, classId: string) {
  return sql`exists (select 1 from (${classWithAccess(ctx, classId)}) c where ${asTeacher(ctx) ? sql`c.teaches` : sql`1`})`;
}
