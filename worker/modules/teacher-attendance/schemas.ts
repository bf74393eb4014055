import { z } from 'zod';
import { staffAttendanceStatuses } from '../../db/schema';
import { dateField, HHMM, optionalText, refId, requiredDate } from '../../lib/fields';
import { pagingQuery } from '../../lib/paging';

export const FUTURE_DATE = 'Attendance cannot be marked for a future date';
export const MARKED = 'Attendance marked successfully';
export const NOT_YOUR_ATTENDANCE = 'Access denied. You can only view your own attendance.';
export const MAX_BULK = 1000;

const status = z.enum(staffAttendanceStatuses, {
  error: (issue) =>
    issue.input === undefined || issue.input === ''
      ? 'Status is required'
      : 'Status must be present, absent, late or half-day',
});
const remarks = optionalText(500, 'Remarks');
/** HH:MM in the school's zone; blank clears it. */
const time = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: `${label} must be HH:MM (24-hour)` })
      .trim()
      .regex(HHMM, `${label} must be HH:MM (24-hour)`)
      .nullable()
      .optional(),
  );

const times = { checkInTime: time('Check-in time'), checkOutTime: time('Check-out time') };
const timesOrdered = (t: { checkInTime?: string | null; checkOutTime?: string | null }) =>
  !t.checkInTime || !t.checkOutTime || t.checkInTime < t.checkOutTime;
const timesIssue = { message: 'Check-out time must be after check-in time', path: ['checkOutTime'] };

const markFields = { teacherId: refId('Teacher'), status, remarks, ...times };

export const markBody = z.object({ ...markFields, date: requiredDate('Date') }).refine(timesOrdered, timesIssue);
export type MarkInput = z.infer<typeof markBody>;

/** `POST /api/teachers/:id/attendance`: the teacher comes from the path. */
export const teacherMarkBody = z
  .object({ status, remarks, ...times, date: requiredDate('Date') })
  .refine(timesOrdered, timesIssue);
export type TeacherMarkInput = z.infer<typeof teacherMarkBody>;

export const bulkBody = z.object({
  date: requiredDate('Date'),
  records: z
    .array(z.object(markFields).refine(timesOrdered, timesIssue), { error: 'Records must be a list' })
    .min(1, 'Records must list at least one teacher')
    .max(MAX_BULK, `At most ${MAX_BULK} teachers at once`),
});
export type BulkInput = z.infer<typeof bulkBody>;

export const updateBody = z
  .object({ status: status.optional(), remarks, ...times })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: 'Give a status, remarks or times to change',
    path: ['status'],
  })
  .refine(timesOrdered, timesIssue);
export type UpdateInput = z.infer<typeof updateBody>;

export const dateQuery = z.object({ date: dateField('Date') });

const range = { startDate: dateField('Start date'), endDate: dateField('End date') };
const rangeOrdered = (q: { startDate?: string; endDate?: string }) =>
  !q.startDate || !q.endDate || q.startDate <= q.endDate;
const rangeIssue = { message: 'Start date must not be after end date', path: ['startDate'] };

/** `teacherId=own` (or a teacher's own id) is what a signed-in teacher may ask for. */
export const rangeQuery = pagingQuery(200, 1000)
  .extend({ ...range, teacherId: z.union([z.literal('own'), refId('Teacher')]).optional() })
  .refine(rangeOrdered, rangeIssue);
export type RangeQuery = z.infer<typeof rangeQuery>;

export const teacherRangeQuery = pagingQuery(200, 1000).extend(range).refine(rangeOrdered, rangeIssue);
export type TeacherRangeQuery = z.infer<typeof teacherRangeQuery>;

export const statsQuery = z.object(range).refine(rangeOrdered, rangeIssue);
export type StatsQuery = z.infer<typeof statsQuery>;

export interface TeacherRecordRow {
  id: string;
  teacherId: string;
  teacherName: string | null;
  teacherEmail: string | null;
  date: string;
  status: (typeof staffAttendanceStatuses)[number];
  remarks: string | null;
  checkInTime: string | null;
  checkOutTime: string | null;
  markedBy: string | null;
  markerName: string | null;
  markedAt: string;
}

export function toTeacherRecord(row: TeacherRecordRow) {
  return {
    _id: row.id,
    teacherId: { _id: row.teacherId, name: row.teacherName ?? '', email: row.teacherEmail ?? '' },
    date: row.date,
    status: row.status,
    remarks: row.remarks,
    checkInTime: row.checkInTime,
    checkOutTime: row.checkOutTime,
    markedBy: row.markedBy && row.markerName != null ? { _id: row.markedBy, name: row.markerName } : null,
    markedAt: row.markedAt,
  };
}
export type TeacherRecord = ReturnType<typeof toTeacherRecord>;

/** Percent with one decimal: a half day counts half, a late arrival counts as attended. 0 with no marks. */
export function percentOf(t: { totalDays: number; present: number; late: number; halfDay: number }): number {
  return t.totalDays > 0 ? Math.round(((t.present + t.late + t.halfDay * 0.5) / t.totalDays) * 1000) / 10 : 0;
}
