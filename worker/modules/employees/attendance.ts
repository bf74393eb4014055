import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { alias } from 'drizzle-orm/sqlite-core';
import { jsonInserts } from '../../db/bulk';
import { batchOf } from '../../db/database';
import { departments, employeeAttendance, employees, schools, users } from '../../db/schema';
import { named } from '../../db/sql';
import { activity } from '../../lib/activity';
import { csvResponse, toCsv } from '../../lib/csv';
import { AppError, notFound } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';
import { addDays } from '../../lib/time';
import { translate } from '../../lib/translate';
import {
  type AttendanceExportQuery,
  type EmployeeMarkInput,
  FUTURE_DATE,
  MAX_EXPORT_DAYS,
  toEmployee,
} from './schemas';

const marker = alias(users, 'marker_user');
const ea = employeeAttendance;

type Mark = {
  id: string | null;
  status: (typeof ea.$inferSelect)['status'] | null;
  remarks: string | null;
  markedBy: string | null;
  markerName: string | null;
  markedAt: string | null;
};

function toMark(mark: Mark) {
  if (!mark.id || !mark.status) return null;
  return {
    _id: mark.id,
    status: mark.status,
    remarks: mark.remarks,
    markedBy: mark.markedBy ? { _id: mark.markedBy, name: mark.markerName ?? '' } : null,
    markedAt: mark.markedAt,
  };
}

/**
 * `GET /api/employees/attendance?date`: every active employee with their mark for the date (default the school's
 * today) or null, and the day's counts. One statement: employees left-joined to that day's marks.
 */
export async function employeeAttendanceByDate(ctx: TenantContext, query: { date?: string }) {
  const date = query.date ?? (await ctx.today());
  const rows = await ctx.db
    .select({
      employee: employees,
      departmentName: named(departments.name, 'department_name'),
      markId: named(ea.id, 'mark_id'),
      status: named(ea.status, 'mark_status'),
      remarks: named(ea.remarks, 'mark_remarks'),
      markedBy: named(ea.markedBy, 'mark_marked_by'),
      markerName: named(marker.name, 'marker_name'),
      markedAt: named(ea.markedAt, 'mark_marked_at'),
    })
    .from(employees)
    .leftJoin(departments, eq(departments.id, employees.departmentId))
    .leftJoin(ea, and(eq(ea.employeeId, employees.id), eq(ea.schoolId, employees.schoolId), eq(ea.date, date)))
    .leftJoin(marker, eq(marker.id, ea.markedBy))
    .where(ctx.scoped(employees, eq(employees.status, 'active')))
    .orderBy(asc(employees.name), asc(employees.id));
  const list = rows.map((row) => ({
    ...toEmployee(row),
    attendance: toMark({ ...row, id: row.markId }),
  }));
  const countOf = (status: string) => list.filter((e) => e.attendance?.status === status).length;
  const present = countOf('present');
  const late = countOf('late');
  const halfDay = countOf('half-day');
  const marked = list.filter((e) => e.attendance).length;
  return {
    date,
    summary: {
      totalEmployees: list.length,
      present,
      absent: countOf('absent'),
      late,
      halfDay,
      notMarked: list.length - marked,
      // Late counts as attended, a half day as half: the rule of teacher attendance.
      attendancePercentage: marked > 0 ? Math.round(((present + late + halfDay * 0.5) / marked) * 1000) / 10 : 0,
    },
    employees: list,
  };
}

/**
 * `POST /api/employees/attendance`: one or many marks for one date, upserted (the latest mark of a day replaces
 * the earlier one) with the activity row in one batch. No future dates; every employee must be the school's
 * (404) and active (409).
 */
export async function markEmployees(ctx: TenantContext, input: EmployeeMarkInput) {
  const { db } = ctx;
  const ids = input.records.map((r) => r.employeeId);
  const [today, found] = await Promise.all([
    ctx.today(),
    db
      .select({ id: employees.id, name: employees.name, status: employees.status })
      .from(employees)
      .where(ctx.scopedIds(employees, employees.id, ids)),
  ]);
  if (input.date > today) throw new AppError(400, FUTURE_DATE, { code: 'FUTURE_DATE' });
  const byId = new Map(found.map((e) => [e.id, e]));
  if (ids.some((id) => !byId.has(id))) throw notFound('Employee');
  const inactive = found.filter((e) => e.status !== 'active');
  if (inactive.length > 0) {
    throw new AppError(409, `Inactive employees cannot be marked: ${inactive.map((e) => e.name).join(', ')}`);
  }
  const now = ctx.now().toISOString();
  const rows = input.records.map((mark) => ({
    schoolId: ctx.schoolId,
    employeeId: mark.employeeId,
    date: input.date,
    status: mark.status,
    remarks: mark.remarks ?? null,
    markedBy: ctx.session.userId,
    markedAt: now,
    createdAt: now,
    updatedAt: now,
  }));
  const upserts = jsonInserts(db, ea, rows).map((insert) =>
    insert
      .onConflictDoUpdate({
        target: [ea.schoolId, ea.employeeId, ea.date],
        set: {
          status: sql`excluded.status`,
          remarks: sql`excluded.remarks`,
          markedBy: sql`excluded.marked_by`,
          markedAt: sql`excluded.marked_at`,
          updatedAt: now,
        },
      })
      .returning({ id: ea.id, employeeId: ea.employeeId }),
  );
  const summary = `Marked attendance of ${rows.length} employee(s) for ${input.date}`;
  const results = (await db.batch(
    batchOf<BatchItem<'sqlite'>>([...upserts, activity(ctx, 'create', 'employee_attendance', null, summary)]),
  )) as unknown[];
  const written = new Map(
    (results.slice(0, upserts.length) as { id: string; employeeId: string }[][])
      .flat()
      .map((r) => [r.employeeId, r.id]),
  );
  const records = rows.map((row) => ({
    _id: written.get(row.employeeId) ?? '',
    employeeId: { _id: row.employeeId, name: byId.get(row.employeeId)?.name ?? '' },
    date: row.date,
    status: row.status,
    remarks: row.remarks,
    markedBy: { _id: ctx.session.userId, name: ctx.session.name },
    markedAt: now,
  }));
  return { date: input.date, records, successfulCount: records.length };
}

/** `GET /api/employees/attendance/export`: marks over a range (default the last 30 days), as CSV. */
export async function exportEmployeeAttendance(ctx: TenantContext, query: AttendanceExportQuery) {
  const endDate = query.endDate ?? (await ctx.today());
  const startDate = query.startDate ?? addDays(endDate, -29);
  if (startDate > endDate) {
    throw new AppError(400, 'Validation failed', [{ msg: 'Start date must not be after end date', path: 'startDate' }]);
  }
  if (addDays(startDate, MAX_EXPORT_DAYS) <= endDate) {
    throw new AppError(400, 'Validation failed', [
      { msg: `Export at most ${MAX_EXPORT_DAYS} days at once`, path: 'startDate' },
    ]);
  }
  const [rows, [school]] = await ctx.db.batch([
    ctx.db
      .select({
        date: ea.date,
        name: employees.name,
        position: employees.position,
        department: named(departments.name, 'department_name'),
        status: ea.status,
        remarks: ea.remarks,
        markerName: named(marker.name, 'marker_name'),
        markedAt: ea.markedAt,
      })
      .from(ea)
      .innerJoin(employees, eq(employees.id, ea.employeeId))
      .leftJoin(departments, eq(departments.id, employees.departmentId))
      .leftJoin(marker, eq(marker.id, ea.markedBy))
      .where(
        ctx.scoped(
          ea,
          gte(ea.date, startDate),
          lte(ea.date, endDate),
          query.departmentId ? eq(employees.departmentId, query.departmentId) : undefined,
        ),
      )
      .orderBy(asc(ea.date), asc(employees.name), asc(ea.id)),
    // The school's language for the header and statuses, in the same batch.
    ctx.db.select({ language: schools.language }).from(schools).where(eq(schools.id, ctx.schoolId)),
    activity(ctx, 'export', 'employee_attendance', null, `Exported staff attendance ${startDate} to ${endDate}`),
  ]);
  const say = (text: string) => translate(text, school?.language ?? 'en');
  const csv = toCsv(
    ['Date', 'Employee', 'Position', 'Department', 'Status', 'Remarks', 'Marked By', 'Marked At'].map(say),
    rows.map((r) => [r.date, r.name, r.position, r.department, say(r.status), r.remarks, r.markerName, r.markedAt]),
  );
  return csvResponse(`staff-attendance-${startDate}-to-${endDate}.csv`, csv);
}
