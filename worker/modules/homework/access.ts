import { eq, type SQL, sql } from 'drizzle-orm';
import { refusalOf, refuseIf } from '../../db/guard';
import {
  classes,
  homework,
  homeworkSubmissions,
  parents,
  studentParents,
  students,
  subjects,
  users,
} from '../../db/schema';
import { named, outer } from '../../db/sql';
import { AppError, notFound } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';
import { callerTeachesSubject } from '../grades';
import { NOT_YOUR_HOMEWORK, WORK_RETURNED } from './schemas';

/**
 * 1 when `student` (a students row's id, as SQL) is the caller or, for a parent, one of their children: the
 * family's side of every rule of this module. Staff get 0.
 */
export function isFamilyOf(ctx: TenantContext, student: SQL): SQL<number> {
  if (ctx.session.role === 'student')
    return sql<number>`exists (select 1 from ${students} fs where fs.id = ${student} and fs.school_id = ${ctx.schoolId} and fs.user_id = ${ctx.session.userId})`;
  if (ctx.session.role === 'parent')
    return sql<number>`exists (select 1 from ${studentParents} fsp join ${parents} fp on fp.id = fsp.parent_id
      where fsp.student_id = ${student} and fp.school_id = ${ctx.schoolId} and fp.user_id = ${ctx.session.userId})`;
  return sql<number>`0`;
}

/** 1 when a student of the caller's family is an active member of the class in `classColumn`. */
function familyInClass(ctx: TenantContext, classId: SQL): SQL<number> {
  if (ctx.session.role !== 'student' && ctx.session.role !== 'parent') return sql<number>`0`;
  return sql<number>`exists (select 1 from ${students} cs where cs.school_id = ${ctx.schoolId} and cs.class_id = ${classId}
    and cs.status = 'active' and ${isFamilyOf(ctx, sql`cs.id`)})`;
}

/** Active students of the homework's class: who it is set for. */
const classSize = sql<number>`(select count(*) from ${students} cs where cs.school_id = ${outer(homework.schoolId)}
  and cs.class_id = ${outer(homework.classId)} and cs.status = 'active')`;
const handIns = (where: SQL) =>
  sql<number>`(select count(*) from ${homeworkSubmissions} hs where hs.homework_id = ${outer(homework.id)} and ${where})`;

/** A homework's columns with its class and subject named, its hand-ins counted and what the caller may do with it. */
export function selectHomework(ctx: TenantContext) {
  return ctx.db
    .select({
      id: homework.id,
      classId: homework.classId,
      className: named(classes.name, 'class_name'),
      classSection: named(classes.section, 'class_section'),
      subjectId: homework.subjectId,
      subjectName: named(subjects.name, 'subject_name'),
      title: homework.title,
      instructions: homework.instructions,
      dueDate: homework.dueDate,
      dueTime: homework.dueTime,
      dueAt: homework.dueAt,
      maxScore: homework.maxScore,
      assessmentId: homework.assessmentId,
      setById: homework.createdBy,
      setByName: sql<string | null>`(select u.name from ${users} u where u.id = ${outer(homework.createdBy)})`.as(
        'set_by_name',
      ),
      createdAt: homework.createdAt,
      updatedAt: homework.updatedAt,
      students: classSize.mapWith(Number).as('class_size'),
      submitted: handIns(sql`1`).mapWith(Number).as('submitted_count'),
      late: handIns(sql`hs.late = 1`).mapWith(Number).as('late_count'),
      returned: handIns(sql`hs.returned_at is not null`).mapWith(Number).as('returned_count'),
      teaches: callerTeachesSubject(ctx, outer(homework.subjectId)).as('teaches'),
      family: familyInClass(ctx, outer(homework.classId)).mapWith(Number).as('family'),
    })
    .from(homework)
    .innerJoin(classes, eq(classes.id, homework.classId))
    .innerJoin(subjects, eq(subjects.id, homework.subjectId));
}

export type HomeworkRow = Awaited<ReturnType<ReturnType<typeof selectHomework>['execute']>>[number];

export const homeworkById = (ctx: TenantContext, id: string) =>
  selectHomework(ctx)
    .where(ctx.scoped(homework, eq(homework.id, id)))
    .limit(1);

/** The homework's status for the staff: still open, every pupil handed in, or past due with some missing. */
export function statusOf(row: Pick<HomeworkRow, 'dueAt' | 'students' | 'submitted'>, now: Date) {
  if (row.dueAt > now.toISOString()) return 'active' as const;
  return row.submitted >= row.students ? ('completed' as const) : ('overdue' as const);
}

export function toHomework(row: HomeworkRow, now: Date) {
  return {
    _id: row.id,
    class: { _id: row.classId, name: row.className ?? '', section: row.classSection ?? '' },
    subject: { _id: row.subjectId, name: row.subjectName ?? '' },
    title: row.title,
    instructions: row.instructions,
    dueDate: row.dueDate,
    dueTime: row.dueTime,
    dueAt: row.dueAt,
    maxMarks: row.maxScore == null ? null : row.maxScore / 100,
    status: statusOf(row, now),
    counts: { students: row.students, submitted: row.submitted, late: row.late, returned: row.returned },
    assessmentId: row.assessmentId == null ? null : String(row.assessmentId),
    setBy: row.setById ? { _id: row.setById, name: row.setByName ?? '' } : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function found(row: HomeworkRow | undefined): HomeworkRow {
  if (!row) throw notFound('Homework');
  return row;
}

/** Administrators manage all homework, a teacher that of the subjects they teach (403); families none (404). */
export function mayManage(ctx: TenantContext, row: HomeworkRow) {
  if (ctx.session.role === 'school_admin') return;
  if (ctx.session.role === 'teacher') {
    if (!row.teaches) throw new AppError(403, NOT_YOUR_HOMEWORK);
    return;
  }
  throw notFound('Homework');
}

/** Staff who manage it, or a family with a child in its class: anyone else reads 404 (a family) or 403 (a teacher). */
export function maySee(ctx: TenantContext, row: HomeworkRow) {
  if (ctx.session.role === 'student' || ctx.session.role === 'parent') {
    if (!row.family) throw notFound('Homework');
    return;
  }
  mayManage(ctx, row);
}

/**
 * Homework (`h`, its class) of a year's classes: the one named, else the school's current year; `all` for every
 * year. One condition inside the statement, so no read of the school's settings is added.
 */
export function ofYear(schoolId: string, classId: SQL, year: string | undefined): SQL | undefined {
  if (year === 'all') return undefined;
  const named = year ? sql`${year}` : sql`(select s.academic_year from schools s where s.id = ${schoolId})`;
  return sql`${classId} in (select c.id from classes c where c.school_id = ${schoolId} and c.academic_year = ${named})`;
}

/**
 * Held in a write's batch: the student's work on this homework is not returned yet (none for a teacher's file,
 * `studentId` null). A write it refuses answers `returnedRefusal`.
 */
export function whileNotReturned(ctx: TenantContext, homeworkId: string, studentId: string | null) {
  return studentId === null
    ? []
    : [
        refuseIf(
          ctx.db,
          'homework-returned',
          sql`select student_id as detail from ${homeworkSubmissions} where homework_id = ${homeworkId} and student_id = ${studentId} and returned_at is not null`,
        ),
      ];
}

/** The 409 for a write `whileNotReturned` refused; any other error as it is. */
export function returnedRefusal(error: unknown): unknown {
  return refusalOf(error, 'homework-returned') ? new AppError(409, WORK_RETURNED, { code: 'CONFLICT' }) : error;
}
