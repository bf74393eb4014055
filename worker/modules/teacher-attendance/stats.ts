import { and, asc, eq, sql } from 'drizzle-orm';
import { teacherAttendance, teachers, users } from '../../db/schema';
import type { TenantContext } from '../../lib/tenancy';
import { named } from '../classes/refs';
import { inRange, rangeOf } from './records';
import { percentOf, type StatsQuery } from './schemas';

/**
 * Per active teacher over the range (default the last 30 days), in one GROUP BY. Attendance % is (present + late
 * + half-day × 0.5) / marked days, one decimal, 0 without marks; the summary's totalPresent counts days attended.
 */
export async function teacherAttendanceStats(ctx: TenantContext, query: StatsQuery) {
  const range = await rangeOf(ctx, query);
  const ta = teacherAttendance;
  // Counting statuses (never null on a mark) rather than ids lets the school-teacher-status index answer alone.
  const countOf = (status: string, alias: string) =>
    sql<number>`coalesce(sum(${ta.status} = ${status}), 0)`.mapWith(Number).as(alias);
  const rows = await ctx.db
    .select({
      teacherId: teachers.id,
      teacherName: named(users.name, 'teacher_name'),
      teacherEmail: named(users.email, 'teacher_email'),
      totalDays: sql<number>`count(${ta.status})`.mapWith(Number).as('total_days'),
      present: countOf('present', 'n_present'),
      absent: countOf('absent', 'n_absent'),
      late: countOf('late', 'n_late'),
      halfDay: countOf('half-day', 'n_half_day'),
      attendancePercentage: sql<number>`case when count(${ta.status}) = 0 then 0 else round(
          100.0 * (coalesce(sum(${ta.status} in ('present', 'late')), 0) + 0.5 * coalesce(sum(${ta.status} = 'half-day'), 0))
          / count(${ta.status}), 1) end`
        .mapWith(Number)
        .as('attendance_percentage'),
    })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .leftJoin(ta, and(eq(ta.teacherId, teachers.id), eq(ta.schoolId, ctx.schoolId), inRange(range)))
    .where(ctx.scoped(teachers, eq(teachers.isActive, true)))
    .groupBy(teachers.id)
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
