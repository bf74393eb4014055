import { ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { studentAttendance, students } from '../../db/schema';
import type { TenantContext } from '../../lib/tenancy';

/**
 * Active students counted per day by how they attended, from the day's marks (one statement; days without marks
 * have no row). Present: attended (present or late) at least one marked period; late: present and late at least
 * once; absent: absent in every marked period; excused: attended none and excused for at least one.
 */
export function studentsByDay(ctx: TenantContext, dates: SQL) {
  const { db } = ctx;
  // Statuses sort absent < excused < late < present, so a student's highest status of the day says which group.
  const perStudent = db
    .select({
      date: studentAttendance.date,
      studentId: studentAttendance.studentId,
      best: sql<string>`max(${studentAttendance.status})`.as('best'),
      wasLate: sql<number>`max(${studentAttendance.status} = 'late')`.as('was_late'),
    })
    .from(studentAttendance)
    .where(ctx.scoped(studentAttendance, sql`${studentAttendance.date} in ${dates}`))
    .groupBy(studentAttendance.date, studentAttendance.studentId)
    .as('per_student');
  // The few students who are not active are left out, rather than every student of the days looked up.
  const notActive = db
    .select({ id: students.id })
    .from(students)
    .where(ctx.scoped(students, ne(students.status, 'active')));
  return db
    .select({
      date: perStudent.date,
      marked: sql<number>`count(*)`.mapWith(Number).as('n_marked'),
      present: sql<number>`sum(${perStudent.best} in ('late', 'present'))`.mapWith(Number).as('n_present'),
      late: sql<number>`sum(${perStudent.wasLate})`.mapWith(Number).as('n_late'),
      absent: sql<number>`sum(${perStudent.best} = 'absent')`.mapWith(Number).as('n_absent'),
      excused: sql<number>`sum(${perStudent.best} = 'excused')`.mapWith(Number).as('n_excused'),
    })
    .from(perStudent)
    .where(notInArray(perStudent.studentId, notActive))
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
