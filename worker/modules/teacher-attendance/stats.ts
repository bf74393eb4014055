import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { teacherAttendance, teachers, users } from '../../db/schema';
import { named } from '../../db/sql';
import type { TenantContext } from '../../lib/tenancy';
import { inRange, rangeOf } from './records';
import { percentOf, type StatsQuery } from './schemas';

/**
 * Per active teacher over the range (default the last 30 days). Attendance % is (present + late + half-day × 0.5)
 * / marked days, one decimal, 0 without marks; the summary's totalPresent counts days attended.
 */
export async function teacherAttendanceStats(ctx: TenantContext, query: StatsQuery) {
  const range = await rangeOf(ctx, query);
  const ta = teacherAttendance;
  // The marks are totalled per active teacher first, one index range each in the school-teacher-status index (no
  // table reads), then joined to the teachers: for a year of a large staff, several times faster than mark by mark.
  const active = ctx.db
    .select({ id: teachers.id })
    .from(teachers)
    .where(ctx.scoped(teachers, eq(teachers.isActive, true)));
  const countOf = (status: string, alias: string) => sql<number>`sum(${ta.status} = ${status})`.as(alias);
  const marks = ctx.db
    .select({
      teacherId: ta.teacherId,
      total: sql<number>`count(*)`.as('total_days'),
      present: countOf('present', 'n_present'),
      absent: countOf('absent', 'n_absent'),
      late: countOf('late', 'n_late'),
      halfDay: countOf('half-day', 'n_half_day'),
    })
    .from(ta)
    .where(ctx.scoped(ta, inArray(ta.teacherId, active), inRange(range)))
    .groupBy(ta.teacherId)
    .as('marks');
  const counted = (column: SQL.Aliased<number>) => sql<number>`coalesce(${column}, 0)`.mapWith(Number);
  const rows = await ctx.db
    .select({
      teacherId: teachers.id,
      teacherName: named(users.name, 'teacher_name'),
      teacherEmail: named(users.email, 'teacher_email'),
      totalDays: counted(marks.total),
      present: counted(marks.present),
      absent: counted(marks.absent),
      late: counted(marks.late),
      halfDay: counted(marks.halfDay),
      attendancePercentage: sql<number>`case when coalesce(${marks.total}, 0) = 0 then 0 else round(
          100.0 * (${marks.present} + ${marks.late} + 0.5 * ${marks.halfDay}) / ${marks.total}, 1) end`.mapWith(Number),
    })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .leftJoin(marks, eq(marks.teacherId, teachers.id))
    .where(ctx.scoped(teachers, eq(teachers.isActive, true)))
    .orderBy(asc(users.name), asc(teachers.id));
  const sum = (key: 'totalDays' | 'present' | 'absent' | 'late' | 'halfDay') => rows.reduce((n, r) => n + r[key], 0);
  const all = { totalDays: sum('totalDays'), present: sum('present'), late: sum('late'), halfDay: sum('halfDay') };
  return {
    ...range,
    summary: {
      totalTeachers: rows.length,
      totalPresent: all.present + all.late + all.halfDay,
      totalAbsent: sum('absent'),
      overallAttendancePercentage: percentOf(all),
    },
    teacherStats: rows.map((r) => ({
      teacherId: r.teacherId,
      teacherName: r.teacherName ?? '',
      teacherEmail: r.teacherEmail ?? '',
      totalDays: r.totalDays,
      present: r.present,
      absent: r.absent,
      late: r.late,
      halfDay: r.halfDay,
      attendancePercentage: r.attendancePercentage,
    })),
  };
}
