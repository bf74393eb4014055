import { and, eq, sql } from 'drizzle-orm';
import { attendanceMarks, attendanceRegisters, schedules, weekdays } from '../../db/schema';
import { named } from '../../db/sql';
import type { TenantContext } from '../../lib/tenancy';
import { addDays, dateInZone, timeInZone, weekdayOf } from '../../lib/time';

type Day = (typeof weekdays)[number];

/**
 * The dates of the school's current week, Monday to Friday; at the weekend, the week just ended (the dates
 * the teacher's timetable shows).
 */
export function weekDates(today: string): Record<Day, string> {
  const weekday = weekdayOf(today);
  const monday = addDays(today, weekday === 0 ? -6 : 1 - weekday);
  return Object.fromEntries(weekdays.map((day, i) => [day, addDays(monday, i)])) as Record<Day, string>;
}

/**
 * One statement (for a batch): per slot of the teacher's week, its register on that weekday's date, its number
 * of marks and when it was last saved. Slots without a register are absent. Registers are read through their
 * class-and-date key.
 */
export function weekRegisters(
  ctx: TenantContext,
  teacherId: string,
  term: { academicYear: string; semester: string },
  dates: Record<Day, string>,
) {
  const cases = weekdays.map((day) => sql`when ${day} then ${dates[day]}`);
  const dateOfSlot = sql`(case ${schedules.dayOfWeek} ${sql.join(cases, sql` `)} end)`;
  return ctx.db
    .select({
      scheduleId: named(schedules.id, 'schedule_id'),
      marked: sql<number>`(select count(*) from ${attendanceMarks} m where m.register_id = ${attendanceRegisters.id})`
        .mapWith(Number)
        .as('marked'),
      takenAt: named(attendanceRegisters.markedAt, 'taken_at'),
    })
    .from(schedules)
    .innerJoin(
      attendanceRegisters,
      and(
        eq(attendanceRegisters.schoolId, ctx.schoolId),
        eq(attendanceRegisters.classId, schedules.classId),
        eq(attendanceRegisters.date, dateOfSlot),
        eq(attendanceRegisters.subjectId, schedules.subjectId),
      ),
    )
    .where(
      ctx.scoped(
        schedules,
        eq(schedules.teacherId, teacherId),
        eq(schedules.academicYear, term.academicYear),
        eq(schedules.semester, term.semester),
      ),
    );
}

/** A slot's register in the teacher's week: its date and, once taken, when (the instant and the school's clock). */
export function registerOfSlot(
  date: string,
  mark: { marked: number; takenAt: string | null } | undefined,
  timeZone: string,
) {
  const takenAt = mark && mark.marked > 0 ? mark.takenAt : null;
  const instant = takenAt ? new Date(takenAt) : null;
  return {
    date,
    taken: Boolean(takenAt),
    marked: takenAt ? (mark?.marked ?? 0) : 0,
    takenAt,
    takenDate: instant ? dateInZone(instant, timeZone) : null,
    takenTime: instant ? timeInZone(instant, timeZone) : null,
  };
}
