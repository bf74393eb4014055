import { asc, eq, sql } from 'drizzle-orm';
import { studentAttendance, students, subjects, users } from '../../db/schema';
import { named } from '../../db/sql';
import { activity } from '../../lib/activity';
import { formatClassName } from '../../lib/class-name';
import type { TenantContext } from '../../lib/tenancy';
import { studentTotals } from '../students';
import { dayFigures, studentsByDay } from './day-figures';
import { classWithAccess, dateRange, readable, rollOrder, tallyColumns } from './records';
import { type RangeQuery, type Tally, withRate } from './schemas';

/**
 * `GET /api/attendance/class/:id`: rates per student, per subject and per date over a range (default: all).
 * Students with marks who are no longer active members of the class follow the others with `inClass: false`.
 */
export async function classAttendanceStats(ctx: TenantContext, classId: string, query: RangeQuery) {
  const { db } = ctx;
  const where = ctx.scoped(
    studentAttendance,
    eq(studentAttendance.classId, classId),
    ...dateRange(studentAttendance.date, query.startDate, query.endDate),
  );
  const [[found], current, perStudent, perSubject, perDate] = await db.batch([
    classWithAccess(ctx, classId),
    db
      .select({ id: students.id, name: named(users.name, 'student_name'), rollNumber: students.rollNumber })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(ctx.scoped(students, eq(students.classId, classId), eq(students.status, 'active')))
      .orderBy(...rollOrder(students.rollNumber)),
    db
      .select({
        studentId: studentAttendance.studentId,
        name: named(users.name, 'student_name'),
        rollNumber: named(students.rollNumber, 'roll_number'),
        ...tallyColumns,
      })
      .from(studentAttendance)
      .innerJoin(students, eq(students.id, studentAttendance.studentId))
      .innerJoin(users, eq(users.id, students.userId))
      .where(where)
      .groupBy(studentAttendance.studentId)
      .orderBy(...rollOrder(students.rollNumber)),
    db
      .select({ subjectId: studentAttendance.subjectId, name: named(subjects.name, 'subject_name'), ...tallyColumns })
      .from(studentAttendance)
      .innerJoin(subjects, eq(subjects.id, studentAttendance.subjectId))
      .where(where)
      .groupBy(studentAttendance.subjectId)
      .orderBy(asc(subjects.name)),
    db
      .select({ date: studentAttendance.date, ...tallyColumns })
      .from(studentAttendance)
      .where(where)
      .groupBy(studentAttendance.date)
      .orderBy(asc(studentAttendance.date)),
  ]);
  const klass = readable(ctx, found);
  const none: Tally = { total: 0, present: 0, absent: 0, late: 0, excused: 0 };
  const marked = new Map(perStudent.map((r) => [r.studentId, r]));
  const inClass = new Set(current.map((s) => s.id));
  const studentsOut = [
    ...current.map((s) => ({
      student: { _id: s.id, name: s.name ?? '', rollNumber: s.rollNumber },
      inClass: true,
      ...withRate(marked.get(s.id) ?? none),
    })),
    // Students who have left the class keep their marks in its statistics.
    ...perStudent
      .filter((r) => !inClass.has(r.studentId))
      .map((r) => ({
        student: { _id: r.studentId, name: r.name ?? '', rollNumber: r.rollNumber ?? '' },
        inClass: false,
        ...withRate(r),
      })),
  ];
  const totals = perDate.reduce(
    (sum, d) => ({
      total: sum.total + d.total,
      present: sum.present + d.present,
      absent: sum.absent + d.absent,
      late: sum.late + d.late,
      excused: sum.excused + d.excused,
    }),
    none,
  );
  await activity(
    ctx,
    'read',
    'student_attendance',
    klass.id,
    `Viewed the attendance statistics of ${studentsOut.length} student(s) of class ${formatClassName(klass)}`,
  );
  return {
    class: { _id: klass.id, name: klass.name, section: klass.section },
    startDate: query.startDate ?? null,
    endDate: query.endDate ?? null,
    summary: { students: current.length, days: perDate.length, ...withRate(totals) },
    students: studentsOut,
    subjects: perSubject.map(({ subjectId, name, ...t }) => ({
      subject: { _id: subjectId, name: name ?? '' },
      ...withRate(t),
    })),
    dates: perDate.map(({ date, ...t }) => ({ date, ...withRate(t) })),
  };
}

/**
 * `GET /api/attendance/summary`: the attendance screen's four cards for a date (default the school's today), from
 * the same per-day count as the dashboard's trend (`studentsByDay`): present + absent + excused + not marked
 * makes the active students.
 */
export async function attendanceSummary(ctx: TenantContext, query: { date?: string }) {
  const date = query.date ?? (await ctx.today());
  const [[students], [counts]] = await ctx.db.batch([
    studentTotals(ctx, date.slice(0, 7)),
    studentsByDay(ctx, sql`(${date})`),
  ]);
  const day = dayFigures(date, students.active, counts);
  return {
    date,
    totalStudents: day.students,
    markedStudents: day.marked,
    presentToday: day.present,
    lateToday: day.late,
    absentToday: day.absent,
    excusedToday: day.excused,
    notMarkedToday: day.notMarked,
    attendanceRate: day.rate,
  };
}
