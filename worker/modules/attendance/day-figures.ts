import { eq, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { attendanceMarks, attendanceRegisters, statusCodes, students } from '../../db/schema';
import type { TenantContext } from '../../lib/tenancy';

/**
 * Active students counted per day by how they attended, from the day's marks (one statement; days without marks
 * have no row). Present: attended (present or late) at least one marked period; late: present and late at least
 * once; absent: absent in every marked period; excused: attended none and excused for at least one.
 */
export function studentsByDay(ctx: TenantContext, dates: SQL) {
  const { db } = ctx;
  // Codes order absent < excused < late < present, so a student's highest code of the day says which group.
  const perStudent = db
    .select({
      date: attendanceRegisters.date,
      number: attendanceMarks.studentNumber,
      best: sql<number>`max(${attendanceMarks.status})`.as('best'),
      wasLate: sql<number>`max(${attendanceMarks.status} = ${statusCodes.late})`.as('was_late'),
    })
    .from(attendanceRegisters)
    .innerJoin(attendanceMarks, eq(attendanceMarks.registerId, attendanceRegisters.id))
    .where(ctx.scoped(attendanceRegisters, sql`${attendanceRegisters.date} in ${dates}`))
    .groupBy(attendanceRegisters.date, attendanceMarks.studentNumber)
    .as('per_student');
  // The few students who are not active are left out, rather than every student of the days looked up.
  const notActive = db
    .select({ number: students.number })
    .from(students)
    .where(ctx.scoped(students, ne(students.status, 'active')));
  return db
    .select({
      date: perStudent.date,
      marked: sql<number>`count(*)`.mapWith(Number).as('n_marked'),
      present: sql<number>`sum(${perStudent.best} >= ${statusCodes.late})`.mapWith(Number).as('n_present'),
      late: sql<number>`sum(${perStudent.wasLate})`.mapWith(Number).as('n_late'),
      absent: sql<number>`sum(${perStudent.best} = ${statusCodes.absent})`.mapWith(Number).as('n_absent'),
      excused: sql<number>`sum(${perStudent.best} = ${statusCodes.excused})`.mapWith(Number).as('n_excused'),
    })
    .from(perStudent)
    .where(notInArray(perStudent.number, notActive))
    .groupBy(perStudent.date)
    .orderBy(perStudent.date);
}

export interface DayCounts {
  date: string;
  marked: number;
  present: number;
  late: number;
  absent: number;
  excused: number;
}

/**
 * One day's figures: present + absent + excused + not marked = active students. The rate is present over
 * present and absent (excused students are left out), in percent with two decimals.
 */
export function dayFigures(date: string, active: number, counts: DayCounts | undefined) {
  const c = counts ?? { date, marked: 0, present: 0, late: 0, absent: 0, excused: 0 };
  const counted = c.present + c.absent;
  return {
    date,
    students: active,
    marked: c.marked,
    present: c.present,
    late: c.late,
    absent: c.absent,
    excused: c.excused,
    notMarked: Math.max(0, active - c.marked),
    rate: counted > 0 ? Math.round((c.present / counted) * 10000) / 100 : 0,
  };
}
