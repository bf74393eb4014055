import { and, eq, gte, lte, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { teacherAttendance, teachers, users } from '../../db/schema';
import { named } from '../../db/sql';
import { AppError } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';
import { addDays } from '../../lib/time';

export const teacherUser = alias(users, 'teacher_user');
export const markerUser = alias(users, 'marker_user');

/** Teacher attendance with the teacher (name, email) and the person who marked it; columns named apart for D1. */
export function selectRecords(ctx: TenantContext) {
  return ctx.db
    .select({
      id: teacherAttendance.id,
      teacherId: teacherAttendance.teacherId,
      teacherName: named(teacherUser.name, 'teacher_name'),
      teacherEmail: named(teacherUser.email, 'teacher_email'),
      date: teacherAttendance.date,
      status: teacherAttendance.status,
      remarks: teacherAttendance.remarks,
      checkInTime: teacherAttendance.checkInTime,
      checkOutTime: teacherAttendance.checkOutTime,
      markedBy: teacherAttendance.markedBy,
      markerName: named(markerUser.name, 'marker_name'),
      markedAt: teacherAttendance.markedAt,
    })
    .from(teacherAttendance)
    .innerJoin(teachers, eq(teachers.id, teacherAttendance.teacherId))
    .innerJoin(teacherUser, eq(teacherUser.id, teachers.userId))
    .leftJoin(markerUser, eq(markerUser.id, teacherAttendance.markedBy));
}

/** The range asked for; by default the 30 days up to the school's today. */
export async function rangeOf(ctx: TenantContext, query: { startDate?: string; endDate?: string }) {
  const endDate = query.endDate ?? (await ctx.today());
  const startDate = query.startDate ?? addDays(endDate, -29);
  if (startDate > endDate) {
    throw new AppError(400, 'Validation failed', [{ msg: 'Start date must not be after end date', path: 'startDate' }]);
  }
  return { startDate, endDate };
}

export function inRange(range: { startDate: string; endDate: string }): SQL {
  return and(gte(teacherAttendance.date, range.startDate), lte(teacherAttendance.date, range.endDate)) as SQL;
}
