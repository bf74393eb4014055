import { type SQL, sql } from 'drizzle-orm';
import { attendanceDayTotals } from '../../db/schema';
import type { TenantContext } from '../../lib/tenancy';

/**
 * Active students counted per day by how they attended, summed from the per-class totals the marks' triggers keep
 * (migration 0009; one row per class and day, days without marks have none). Present: attended (present or late)
 * at least one marked period; late: present and late at least once; absent: absent in every marked period;
 * excused: attended none and excused for at least one. A student marked in two classes' registers on one day (moved
 * class that day) counts in each, by that class's marks.
 */
export function studentsByDay(ctx: TenantContext, dates: SQL) {
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
    .where(ctx.scoped(t, sql`${t.date} in ${dates}`))
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
