import { and, asc, eq } from 'drizzle-orm';
import { classes, studentAttendance, students, teachers } from '../../db/schema';
import { named } from '../../db/sql';
import { activity } from '../../lib/activity';
import { formatClassName } from '../../lib/class-name';
import { AppError, notFound } from '../../lib/errors';
import { refOf } from '../../lib/refs';
import type { TenantContext } from '../../lib/tenancy';
import { asTeacher, callerAsTeacherOf, rollOrder, studentUser, subjectWithTeacher, teacherUser } from './records';
import { NOT_YOUR_SUBJECT, rateOf, SUBJECT_NOT_IN_CLASS, type Tally } from './schemas';

/**
 * `GET /api/attendance/register`: what a register screen needs to take or correct one period: the class's
 * active students by roll number, each with their mark for the subject and date, or null.
 */
export async function attendanceRegister(
  ctx: TenantContext,
  query: { classId: string; subjectId: string; date?: string },
) {
  const { db } = ctx;
  const todayOf = ctx.today();
  const date = query.date ?? (await todayOf);
  const [today, [[klass], [subject], [caller], rows]] = await Promise.all([
    todayOf,
    db.batch([
      db
        .select({ id: classes.id, name: classes.name, section: classes.section })
        .from(classes)
        .where(ctx.scoped(classes, eq(classes.id, query.classId)))
        .limit(1),
      subjectWithTeacher(ctx, query.subjectId),
      callerAsTeacherOf(ctx, query.subjectId),
      db
        .select({
          id: students.id,
          name: named(studentUser.name, 'student_name'),
          rollNumber: students.rollNumber,
          markId: named(studentAttendance.id, 'mark_id'),
          status: studentAttendance.status,
          remarks: studentAttendance.remarks,
          markedAt: studentAttendance.markedAt,
          teacherId: named(studentAttendance.teacherId, 'mark_teacher_id'),
          teacherName: named(teacherUser.name, 'teacher_name'),
        })
        .from(students)
        .innerJoin(studentUser, eq(studentUser.id, students.userId))
        .leftJoin(
          studentAttendance,
          and(
            eq(studentAttendance.schoolId, ctx.schoolId),
            eq(studentAttendance.studentId, students.id),
            eq(studentAttendance.subjectId, query.subjectId),
            eq(studentAttendance.date, date),
          ),
        )
        .leftJoin(teachers, eq(teachers.id, studentAttendance.teacherId))
        .leftJoin(teacherUser, eq(teacherUser.id, teachers.userId))
        .where(ctx.scoped(students, eq(students.classId, query.classId), eq(students.status, 'active')))
        .orderBy(...rollOrder(students.rollNumber), asc(studentUser.name)),
    ]),
  ]);
  if (!klass) throw notFound('Class');
  if (!subject) throw notFound('Subject');
  if (subject.classId !== klass.id) throw new AppError(400, SUBJECT_NOT_IN_CLASS, { code: 'SUBJECT_NOT_IN_CLASS' });
  if (asTeacher(ctx) && !caller?.teaches) throw new AppError(403, NOT_YOUR_SUBJECT);
  await activity(
    ctx,
    'read',
    'student_attendance',
    klass.id,
    `Viewed the ${subject.name ?? ''} register of class ${formatClassName(klass)} on ${date}: ${rows.length} student(s)`,
  );
  const studentsOut = rows.map((r) => ({
    _id: r.id,
    name: r.name ?? '',
    rollNumber: r.rollNumber,
    attendance:
      r.markId && r.status && r.markedAt
        ? {
            _id: r.markId,
            status: r.status,
            remarks: r.remarks,
            markedAt: r.markedAt,
            teacherId: refOf(r.teacherId, r.teacherName),
          }
        : null,
  }));
  const tally = studentsOut.reduce(
    (t, s) => {
      const status = s.attendance?.status;
      if (status) {
        t.total += 1;
        t[status] += 1;
      }
      return t;
    },
    { total: 0, present: 0, absent: 0, late: 0, excused: 0 } as Tally,
  );
  return {
    class: { _id: klass.id, name: klass.name, section: klass.section },
    subject: { _id: subject.id, name: subject.name ?? '' },
    teacher: asTeacher(ctx) && caller ? refOf(caller.id, caller.name) : refOf(subject.teacherId, subject.teacherName),
    date,
    canMark: date <= today,
    students: studentsOut,
    markedCount: tally.total,
    statistics: { ...tally, attendanceRate: rateOf(tally) },
  };
}
