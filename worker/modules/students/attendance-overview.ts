import { eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { classes, studentAttendance, students } from '../../db/schema';
import { activity } from '../../lib/activity';
import type { TenantContext } from '../../lib/tenancy';
import { addDays, weekdayOf } from '../../lib/time';

export type DayStatus = 'present' | 'late' | 'absent' | 'excused';

/**
 * Each student's attendance today, this week (from Monday) and this month, in days, for the students screen:
 * a day counts as attended when the student was present or late in at least one marked period; days marked
 * only 'excused' are left out. Students with no marks in the month are absent from the list. One query.
 */
export async function attendanceOverview(ctx: TenantContext, query: { classId?: string }) {
  const { db } = ctx;
  const today = await ctx.today();
  const monthStart = `${today.slice(0, 7)}-01`;
  const weekStart = addDays(today, -((weekdayOf(today) + 6) % 7));
  const from = weekStart < monthStart ? weekStart : monthStart;
  const a = studentAttendance;
  const perDay = db
    .select({
      studentId: a.studentId,
      date: a.date,
      attended: sql<number>`max(${a.status} in ('present', 'late'))`.as('attended'),
      counted: sql<number>`max(${a.status} <> 'excused')`.as('counted'),
      dayStatus: sql<DayStatus>`case
        when max(${a.status} = 'present') then 'present'
        when max(${a.status} = 'late') then 'late'
        when max(${a.status} = 'absent') then 'absent'
        else 'excused' end`.as('day_status'),
    })
    .from(a)
    .innerJoin(students, eq(students.id, a.studentId))
    .where(
      ctx.scoped(
        a,
        gte(a.date, from),
        lte(a.date, today),
        // The class's students as a list: the month's index entries are filtered before any join (twice as fast).
        query.classId
          ? inArray(
              a.studentId,
              db
                .select({ id: students.id })
                .from(students)
                .where(ctx.scoped(students, eq(students.classId, query.classId))),
            )
          : undefined,
      ),
    )
    .groupBy(a.studentId, a.date)
    .as('per_day');
  const count = (condition: ReturnType<typeof sql>) =>
    sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`.mapWith(Number);
  const rows = await db
    .select({
      studentId: perDay.studentId,
      weekMarked: count(sql`${perDay.date} >= ${weekStart} and ${perDay.counted}`).as('week_marked'),
      weekAttended: count(sql`${perDay.date} >= ${weekStart} and ${perDay.attended}`).as('week_attended'),
      monthMarked: count(sql`${perDay.date} >= ${monthStart} and ${perDay.counted}`).as('month_marked'),
      monthAttended: count(sql`${perDay.date} >= ${monthStart} and ${perDay.attended}`).as('month_attended'),
      today: sql<DayStatus | null>`max(case when ${perDay.date} = ${today} then ${perDay.dayStatus} end)`.as(
        'today_status',
      ),
    })
    .from(perDay)
    .groupBy(perDay.studentId);
  await activity(ctx, 'read', 'student_attendance', null, `Listed the attendance of ${rows.length} student(s)`);
  return {
    today,
    weekStart,
    monthStart,
    academicYear: null,
    students: rows.map((r) => ({
      studentId: r.studentId,
      today: r.today ?? null,
      week: { attended: r.weekAttended, marked: r.weekMarked },
      month: { attended: r.monthAttended, marked: r.monthMarked },
      year: null,
    })),
  };
}

/**
 * Another year's overview: each student's days over that whole year in its classes (a class's alone when
 * `classId` is given), counted as a day is above; today, week and month stay empty, as that year has none.
 * One query and its activity line. It reads every mark of the year's registers (of the class when given).
 */
export async function yearAttendanceOverview(ctx: TenantContext, academicYear: string, query: { classId?: string }) {
  const { db } = ctx;
  const today = await ctx.today();
  const a = studentAttendance;
  const perDay = db
    .select({
      studentId: a.studentId,
      date: a.date,
      attended: sql<number>`max(${a.status} in ('present', 'late'))`.as('attended'),
      counted: sql<number>`max(${a.status} <> 'excused')`.as('counted'),
    })
    .from(a)
    .where(
      ctx.scoped(
        a,
        sql`${a.classId} in (select ${classes.id} from ${classes} where ${classes.schoolId} = ${ctx.schoolId}
          and ${classes.academicYear} = ${academicYear})`,
        query.classId ? eq(a.classId, query.classId) : undefined,
      ),
    )
    .groupBy(a.studentId, a.date)
    .as('per_day');
  const rows = await db
    .select({
      studentId: perDay.studentId,
      marked: sql<number>`coalesce(sum(${perDay.counted}), 0)`.mapWith(Number).as('year_marked'),
      attended: sql<number>`coalesce(sum(${perDay.attended}), 0)`.mapWith(Number).as('year_attended'),
    })
    .from(perDay)
    .groupBy(perDay.studentId);
  await activity(
    ctx,
    'read',
    'student_attendance',
    null,
    `Listed the ${academicYear} attendance of ${rows.length} student(s)`,
  );
  const none = { attended: 0, marked: 0 };
  return {
    today,
    weekStart: today,
    monthStart: today,
    academicYear,
    students: rows.map((r) => ({
      studentId: r.studentId,
      today: null,
      week: none,
      month: none,
      year: { attended: r.attended, marked: r.marked },
    })),
  };
}
