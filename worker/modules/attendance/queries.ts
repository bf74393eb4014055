import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { classes, studentAttendance, students, subjects, users } from '../../db/schema';
import { named } from '../../db/sql';
import { activity, countedActivity } from '../../lib/activity';
import { callerTeaches, NOT_YOUR_CLASS } from '../../lib/class-access';
import { AppError, notFound } from '../../lib/errors';
import { offsetOf } from '../../lib/paging';
import { classRefOf } from '../../lib/refs';
import type { TenantContext } from '../../lib/tenancy';
import {
  asTeacher,
  classWithAccess,
  dateRange,
  readable,
  readableClassSql,
  rollOrder,
  selectRecords,
  studentMarksWhere,
  tallyColumns,
} from './records';
import { type ListQuery, type StudentQuery, toRecord, withRate } from './schemas';

const recordOrder = [
  desc(studentAttendance.date),
  sql`cast(${classes.name} as integer)`,
  asc(classes.section),
  ...rollOrder(students.rollNumber),
  asc(subjects.name),
] as const;

/** `GET /api/attendance`: filtered and paged; teachers see the classes they teach. */
export async function listAttendance(ctx: TenantContext, query: ListQuery) {
  const where = ctx.scoped(
    studentAttendance,
    query.classId ? eq(studentAttendance.classId, query.classId) : undefined,
    query.studentId ? eq(studentAttendance.studentId, query.studentId) : undefined,
    query.subjectId ? eq(studentAttendance.subjectId, query.subjectId) : undefined,
    query.date ? sql`${query.studentId ? sql`+` : sql``}${studentAttendance.date} = ${query.date}` : undefined,
    ...dateRange(studentAttendance.date, query.startDate, query.endDate, Boolean(query.studentId)),
    query.status ? eq(studentAttendance.status, query.status) : undefined,
    asTeacher(ctx) ? sql`${callerTeaches(ctx, studentAttendance.classId)}` : undefined,
  );
  const [[klass], rows, [{ total }]] = await ctx.db.batch([
    classWithAccess(ctx, query.classId ?? ''),
    selectRecords(ctx)
      .where(where)
      .orderBy(...recordOrder)
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ total: count() }).from(studentAttendance).where(where),
    // The teacher's classes are part of `where`, so the count is of what the caller was shown.
    countedActivity(
      ctx,
      'read',
      'student_attendance',
      null,
      ['Listed ', ' attendance mark(s)'],
      ctx.db.select({ one: sql`1` }).from(studentAttendance).where(where).limit(query.limit).offset(offsetOf(query)),
      query.classId ? { onlyIf: readableClassSql(ctx, query.classId) } : {},
    ),
  ]);
  if (query.classId) readable(ctx, klass);
  return { records: rows.map(toRecord), total };
}

/** `GET /api/attendance/student/:id` (and `/api/students/:id/attendance`): the marks (paged) and the rates. */
export async function studentAttendanceOf(ctx: TenantContext, studentId: string, query: StudentQuery) {
  const { db } = ctx;
  const where = studentMarksWhere(
    ctx,
    studentId,
    ...dateRange(studentAttendance.date, query.startDate, query.endDate, true),
  );
  const [[student], [tally], rows] = await db.batch([
    db
      .select({
        id: students.id,
        name: named(users.name, 'student_name'),
        rollNumber: students.rollNumber,
        classId: students.classId,
        className: named(classes.name, 'class_name'),
        classSection: named(classes.section, 'class_section'),
        teaches: sql<number>`${callerTeaches(ctx, students.classId)}`.mapWith(Number).as('teaches'),
      })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .leftJoin(classes, eq(classes.id, students.classId))
      .where(ctx.scoped(students, eq(students.id, studentId)))
      .limit(1),
    db.select(tallyColumns).from(studentAttendance).where(where),
    selectRecords(ctx)
      .where(where)
      .orderBy(desc(studentAttendance.date), asc(subjects.name))
      .limit(query.limit)
      .offset(offsetOf(query)),
  ]);
  if (!student) throw notFound('Student');
  if (asTeacher(ctx) && !student.teaches) throw new AppError(403, NOT_YOUR_CLASS);
  await activity(ctx, 'read', 'student', student.id, `Viewed ${rows.length} attendance mark(s) of ${student.name}`);
  return {
    student: {
      _id: student.id,
      name: student.name ?? '',
      rollNumber: student.rollNumber,
      classId: classRefOf(student.classId, student.className, student.classSection),
    },
    startDate: query.startDate ?? null,
    endDate: query.endDate ?? null,
    statistics: withRate(tally),
    records: rows.map(toRecord),
    total: tally.total,
  };
}
