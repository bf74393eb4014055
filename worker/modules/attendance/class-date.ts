import { and, asc, eq, sql } from 'drizzle-orm';
import { attendanceMarks, attendanceRegisters, classes, students, subjects, teachers, users } from '../../db/schema';
import { named } from '../../db/sql';
import { countedActivity } from '../../lib/activity';
import { classRefOf, refOf } from '../../lib/refs';
import type { TenantContext } from '../../lib/tenancy';
import { markId, statusOfCode } from './marks';
import { classWithAccess, readable, readableClassSql, rollOrder, teacherUser } from './records';
import type { AttendanceRecord } from './schemas';

/** The class's registers of the day: the marks' register key, the students' number. */
function dayRegisters(ctx: TenantContext, classId: string, date: string) {
  return ctx.scoped(attendanceRegisters, eq(attendanceRegisters.classId, classId), eq(attendanceRegisters.date, date));
}

/**
 * The day's marks in three small lists rather than one row per mark repeating its student, subject and teacher:
 * the registers (a subject each), the marks as four numbers and texts in the view's order (roll number, name,
 * subject), and the marked students once. Each is read by index.
 */
function dayParts(ctx: TenantContext, classId: string, date: string) {
  const { db } = ctx;
  const registers = db
    .select({
      id: attendanceRegisters.id,
      subjectId: attendanceRegisters.subjectId,
      subjectName: named(subjects.name, 'subject_name'),
      teacherId: attendanceRegisters.teacherId,
      teacherName: named(teacherUser.name, 'teacher_name'),
      markedAt: attendanceRegisters.markedAt,
    })
    .from(attendanceRegisters)
    .leftJoin(subjects, eq(subjects.id, attendanceRegisters.subjectId))
    .leftJoin(teachers, eq(teachers.id, attendanceRegisters.teacherId))
    .leftJoin(teacherUser, eq(teacherUser.id, teachers.userId))
    .where(dayRegisters(ctx, classId, date));
  const ofDay = and(dayRegisters(ctx, classId, date), eq(attendanceMarks.registerId, attendanceRegisters.id));
  const marks = db
    .select({
      registerId: attendanceMarks.registerId,
      number: attendanceMarks.studentNumber,
      status: attendanceMarks.status,
      remarks: attendanceMarks.remarks,
    })
    .from(attendanceRegisters)
    .innerJoin(attendanceMarks, eq(attendanceMarks.registerId, attendanceRegisters.id))
    // CROSS JOIN and `+`: each student found by number from a mark, never the school's students walked first.
    .crossJoin(students)
    .leftJoin(users, eq(users.id, students.userId))
    .leftJoin(subjects, eq(subjects.id, attendanceRegisters.subjectId))
    .where(
      and(
        dayRegisters(ctx, classId, date),
        sql`${students.schoolId} = +${attendanceRegisters.schoolId}`,
        eq(students.number, attendanceMarks.studentNumber),
      ),
    )
    .orderBy(...rollOrder(students.rollNumber), asc(users.name), asc(subjects.name));
  const marked = db
    .selectDistinct({ number: attendanceMarks.studentNumber })
    .from(attendanceRegisters)
    .innerJoin(attendanceMarks, ofDay);
  const people = db
    .select({
      number: students.number,
      id: students.id,
      name: named(users.name, 'student_name'),
      rollNumber: students.rollNumber,
    })
    .from(students)
    .leftJoin(users, eq(users.id, students.userId))
    .where(and(eq(students.schoolId, ctx.schoolId), sql`${students.number} in (${marked})`));
  return [registers, marks, people] as const;
}

interface StudentSubjectMark {
  _id: string;
  subject: AttendanceRecord['subjectId'];
  teacher: AttendanceRecord['teacherId'];
  status: AttendanceRecord['status'];
  remarks: string | null;
  markedAt: string;
}

/**
 * `GET /api/attendance/class-date`: every mark of a class on a date (all subjects), as records and grouped per
 * student for the attendance screen's cards. `presentCount` counts the subjects attended (present or late).
 */
export async function classDateAttendance(ctx: TenantContext, query: { classId: string; date?: string }) {
  const date = query.date ?? (await ctx.today());
  const [registersOf, marksOf, peopleOf] = dayParts(ctx, query.classId, date);
  const [[found], registers, marks, people] = await ctx.db.batch([
    classWithAccess(ctx, query.classId),
    registersOf,
    marksOf,
    peopleOf,
    // In the read's batch (a register screen opens it often); no line when the class answers 404 or 403.
    countedActivity(
      ctx,
      'read',
      'student_attendance',
      query.classId,
      [
        'Viewed ',
        sql`${' attendance mark(s) of class '} || (select c.name || '-' || c.section from ${classes} c where c.id = ${query.classId}) || ${` on ${date}`}`,
      ],
      // Counted from the registers' marks alone: the view would look every student up again for a number.
      ctx.db
        .select({ one: sql`1` })
        .from(attendanceRegisters)
        .innerJoin(attendanceMarks, eq(attendanceMarks.registerId, attendanceRegisters.id))
        .where(dayRegisters(ctx, query.classId, date)),
      { onlyIf: readableClassSql(ctx, query.classId) },
    ),
  ]);
  const klass = readable(ctx, found);
  const classRef = classRefOf(klass.id, klass.name, klass.section);
  const registerOf = new Map(
    registers.map((r) => [
      r.id,
      { subject: refOf(r.subjectId, r.subjectName), teacher: refOf(r.teacherId, r.teacherName), markedAt: r.markedAt },
    ]),
  );
  const studentOf = new Map(
    people.map((p) => [p.number, { _id: p.id, name: p.name ?? '', rollNumber: p.rollNumber ?? '' }]),
  );
  const records: AttendanceRecord[] = [];
  const byStudent = new Map<number, { student: AttendanceRecord['studentId']; subjects: StudentSubjectMark[] }>();
  for (const mark of marks) {
    const register = registerOf.get(mark.registerId);
    const student = studentOf.get(mark.number);
    if (!register || !student) continue;
    const _id = markId(mark.registerId, mark.number);
    const status = statusOfCode(mark.status);
    const { subject, teacher, markedAt } = register;
    records.push({
      _id,
      classId: classRef,
      studentId: student,
      subjectId: subject,
      teacherId: teacher,
      status,
      remarks: mark.remarks,
      markedAt,
      date,
    });
    const entry = byStudent.get(mark.number) ?? { student, subjects: [] };
    entry.subjects.push({ _id, subject, teacher, status, remarks: mark.remarks, markedAt });
    byStudent.set(mark.number, entry);
  }
  return {
    class: { _id: klass.id, name: klass.name, section: klass.section },
    date,
    records,
    students: [...byStudent.values()].map((entry) => ({
      ...entry,
      presentCount: entry.subjects.filter((s) => s.status === 'present' || s.status === 'late').length,
      totalCount: entry.subjects.length,
    })),
  };
}
