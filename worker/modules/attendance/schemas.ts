import { z } from 'zod';
import { studentAttendanceStatuses } from '../../db/schema';
import { dateField, optionalText, refId, requiredDate } from '../../lib/fields';
import { pagingQuery } from '../../lib/paging';
import { type ClassRef, classRefOf, type Ref, refOf } from '../../lib/refs';

export const FUTURE_DATE = 'Attendance cannot be marked for a future date';
export const NOT_YOUR_SUBJECT = 'You can only mark attendance for classes and subjects you teach';
export const SUBJECT_NOT_IN_CLASS = 'This subject is not taught in this class';
export const MARKED = 'Attendance marked successfully';

/** The largest register accepted in one call; far above any class capacity. */
export const MAX_REGISTER = 1000;

const status = z.enum(studentAttendanceStatuses, {
  error: (issue) =>
    issue.input === undefined || issue.input === ''
      ? 'Status is required'
      : 'Status must be present, absent, late or excused',
});
const remarks = optionalText(500, 'Remarks');

export const markBody = z.object({
  studentId: refId('Student'),
  classId: refId('Class'),
  subjectId: refId('Subject'),
  date: requiredDate('Date'),
  status,
  remarks,
});
export type MarkInput = z.infer<typeof markBody>;

/** `POST /api/students/:id/attendance`: the class defaults to the student's current class. */
export const studentMarkBody = markBody.omit({ studentId: true }).extend({ classId: refId('Class').optional() });
export type StudentMarkInput = z.infer<typeof studentMarkBody>;

export const registerBody = z.object({
  classId: refId('Class'),
  subjectId: refId('Subject'),
  date: requiredDate('Date'),
  records: z
    .array(z.object({ studentId: refId('Student'), status, remarks }), { error: 'Records must be a list' })
    .min(1, 'Records must list at least one student')
    .max(MAX_REGISTER, `A register holds at most ${MAX_REGISTER} students`)
    .superRefine((records, check) => {
      const seen = new Set<string>();
      records.forEach((record, index) => {
        if (seen.has(record.studentId)) {
          check.addIssue({
            code: 'custom',
            message: 'A student appears more than once in this register',
            path: [index, 'studentId'],
          });
        }
        seen.add(record.studentId);
      });
    }),
});
export type RegisterInput = z.infer<typeof registerBody>;

export const updateBody = z
  .object({ status: status.optional(), remarks })
  .refine((body) => body.status !== undefined || body.remarks !== undefined, {
    message: 'Give a status or remarks to change',
    path: ['status'],
  });
export type UpdateInput = z.infer<typeof updateBody>;

const range = {
  startDate: dateField('Start date'),
  endDate: dateField('End date'),
};
const rangeOrdered = (q: { startDate?: string; endDate?: string }) =>
  !q.startDate || !q.endDate || q.startDate <= q.endDate;
const rangeIssue = { message: 'Start date must not be after end date', path: ['startDate'] };

export const listQuery = pagingQuery(100, 500)
  .extend({
    classId: refId('Class').optional(),
    studentId: refId('Student').optional(),
    subjectId: refId('Subject').optional(),
    date: dateField('Date'),
    ...range,
    status: status.optional(),
  })
  .refine(rangeOrdered, rangeIssue);
export type ListQuery = z.infer<typeof listQuery>;

export const classDateQuery = z.object({ classId: refId('Class'), date: dateField('Date') });

export const studentQuery = pagingQuery(200, 1000).extend(range).refine(rangeOrdered, rangeIssue);
export type StudentQuery = z.infer<typeof studentQuery>;

export const classStatsQuery = z.object(range).refine(rangeOrdered, rangeIssue);
export type RangeQuery = z.infer<typeof classStatsQuery>;

export const summaryQuery = z.object({ date: dateField('Date') });

export const dayRegistersQuery = z.object({
  date: dateField('Date'),
  status: z.enum(['taken', 'not-taken'], { error: 'Status must be taken or not-taken' }).optional(),
});

export const registerQuery = z.object({
  classId: refId('Class'),
  subjectId: refId('Subject'),
  date: dateField('Date'),
});

/** A record as joined by `selectRecords`: flat, every column under a name of its own. */
export interface RecordRow {
  id: string;
  date: string;
  status: (typeof studentAttendanceStatuses)[number];
  remarks: string | null;
  markedAt: string;
  classId: string;
  className: string | null;
  classSection: string | null;
  studentId: string;
  studentName: string | null;
  rollNumber: string | null;
  subjectId: string;
  subjectName: string | null;
  teacherId: string | null;
  teacherName: string | null;
}

export interface AttendanceRecord {
  _id: string;
  classId: ClassRef;
  studentId: { _id: string; name: string; rollNumber: string };
  subjectId: Ref;
  teacherId: Ref;
  status: RecordRow['status'];
  remarks: string | null;
  markedAt: string;
  date: string;
}

export function toRecord(row: RecordRow): AttendanceRecord {
  return {
    _id: row.id,
    classId: classRefOf(row.classId, row.className, row.classSection),
    studentId: { _id: row.studentId, name: row.studentName ?? '', rollNumber: row.rollNumber ?? '' },
    subjectId: refOf(row.subjectId, row.subjectName),
    teacherId: refOf(row.teacherId, row.teacherName),
    status: row.status,
    remarks: row.remarks,
    markedAt: row.markedAt,
    date: row.date,
  };
}

export interface Tally {
  total: number;
  present: number;
  absent: number;
  late: number;
  excused: number;
}

/**
 * Attendance rate in percent, two decimals: late counts as attended (the student came), and excused marks
 * are left out of the base, as in the class reports; 0 when nothing counts.
 */
export function rateOf(t: Tally): number {
  const counted = t.total - t.excused;
  return counted > 0 ? Math.round(((t.present + t.late) / counted) * 10000) / 100 : 0;
}

export function withRate(t: Tally) {
  return {
    total: t.total,
    present: t.present,
    absent: t.absent,
    late: t.late,
    excused: t.excused,
    attendanceRate: rateOf(t),
  };
}
