import { type SQL, sql } from 'drizzle-orm';
import { attendanceDayTotals, attendanceRegisters, classes } from '../../db/schema';
import type { TenantContext } from '../../lib/tenancy';

/**
 * Active students counted per day by how they attended, summed from the per-class totals the marks' triggers keep
 * (migration 0009; one row per class and day, days without marks have none). Present: attended (present or late)
 * at least one marked period; late: present and late at least once; absent: absent in every marked period;
 * excused: attended none and excused for at least one. A student marked in two classes' registers on one day (moved
 * class that day) counts in each, by that class's marks.
 */
export function studentsByDay(ctx: TenantContext, dates: SQL, classIds?: SQL) {
  const t = attendanceDayTotals;
  return ctx.db
    .select({
      date: t.date,
      marked: sql<number>`sum(${t.marked})`.mapWith(Number).as('n_marked'),
      present: sql<number>`sum(${t.present})`.mapWith(Number).as('n_present'),
      late: sql<number>`sum(${t.late})`.mapWith(Number).as('n_late'),
      absent: sql<number>`sum(${t.absent})`.mapWith(Number).as('n_absent'),
      excused: sql<number>`sum(${t.excused})`.mapWith(Number).as('n_excused'),
    })
    .from(t)
    .where(ctx.scoped(t, sql`${t.date} in ${dates}`, classIds ? sql`${t.classId} in ${classIds}` : undefined))
    .groupBy(t.date)
    .having(sql`sum(${t.marked}) > 0`)
    .orderBy(t.date);
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

/** The keys of the school's classes of a year, as a list (one index range of the school's classes). */
export function yearClasses(ctx: Pick<TenantContext, 'schoolId'>, academicYear: string) {
  return sql`(select ${classes.id} from ${classes}
    where ${classes.schoolId} = ${ctx.schoolId} and ${classes.academicYear} = ${academicYear})`;
}

/**
 * The last `days` school days up to `until` on which a class of the year took a register, newest first: one
 * index seek per class and day (each class's latest register date before the day found), so the year's other
 * classes, and other years' registers, are never read.
 */
export function lastSchoolDays(ctx: TenantContext, academicYear: string, until: string | SQL, days: number) {
  const r = attendanceRegisters;
  const before = (bound: SQL) => sql`(select max(latest) from (select (select max(r2.date) from ${r} r2
      where r2.school_id = c.school_id and r2.class_id = c.id and ${bound}) as latest
    from ${classes} c where c.school_id = ${ctx.schoolId} and c.academic_year = ${academicYear}))`;
  return sql`(with recursive d(day, n) as (
      select ${before(sql`r2.date <= ${until}`)}, 1
      union all
      select ${before(sql`r2.date < d.day`)}, n + 1 from d where d.day is not null and n < ${days}
    ) select day from d where day is not null)`;
}

/**
 * A year's attendance in one statement, from the per-class totals of its classes: the school days with marks,
 * and the students counted on them by how they attended (as `studentsByDay` counts a day), added up.
 */
export function yearAttendance(ctx: TenantContext, academicYear: string) {
  const t = attendanceDayTotals;
  return ctx.db
    .select({
      days: sql<number>`count(distinct ${t.date})`.mapWith(Number).as('n_days'),
      marked: sql<number>`coalesce(sum(${t.marked}), 0)`.mapWith(Number).as('n_marked'),
      present: sql<number>`coalesce(sum(${t.present}), 0)`.mapWith(Number).as('n_present'),
      late: sql<number>`coalesce(sum(${t.late}), 0)`.mapWith(Number).as('n_late'),
      absent: sql<number>`coalesce(sum(${t.absent}), 0)`.mapWith(Number).as('n_absent'),
      excused: sql<number>`coalesce(sum(${t.excused}), 0)`.mapWith(Number).as('n_excused'),
    })
    .from(t)
    .where(ctx.scoped(t, sql`${t.classId} in ${yearClasses(ctx, academicYear)}`, sql`${t.marked} > 0`));
}

/** A year's attendance as the dashboard answers it: the rate is present over present and absent, as a day's. */
export function yearAttendanceOut(row: Omit<DayCounts, 'date'> & { days: number }) {
  const counted = row.present + row.absent;
  return { ...row, rate: counted > 0 ? Math.round((row.present / counted) * 10000) / 100 : 0 };
}
