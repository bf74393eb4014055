import { z } from 'zod';
import { type classes, classNames, sections } from '../../db/schema';
import {
  academicYearField,
  dateField,
  optionalText,
  refId,
  searchField,
  wholeNumber,
  yearFilter,
} from '../../lib/fields';
import { pagingQuery } from '../../lib/paging';
import { refOf } from '../../lib/refs';
import { timetableSlot } from '../schedules/schemas';

const blank = (input: unknown) => input === undefined || input === null || input === '';

/** '8' or 8; the spec's options are 1 to 12. */
const className = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value),
  z.enum(classNames, {
    error: (issue) => (blank(issue.input) ? 'Class name is required' : 'Class name must be 1 to 12'),
  }),
);

const section = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
  z.enum(sections, { error: (issue) => (blank(issue.input) ? 'Section is required' : 'Section must be A to E') }),
);

const capacity = wholeNumber('Capacity', 1, 1000);

const classFields = {
  name: className,
  section,
  teacherId: refId('Teacher'),
  capacity,
  room: optionalText(40, 'Room'),
  academicYear: academicYearField,
};

/** The academic year defaults to the school's current one. */
export const classCreateBody = z.object({ ...classFields, academicYear: academicYearField.optional() });
export type ClassCreateInput = z.infer<typeof classCreateBody>;

export const classUpdateBody = z.object(classFields).partial();
export type ClassUpdateInput = z.infer<typeof classUpdateBody>;

/**
 * `academicYear` absent: the school's current academic year; `academicYear=all`: every year.
 * `search` matches name, section, '8-A', room and the class teacher's name; `name` is the grade.
 */
export const classListQuery = pagingQuery(100, 500).extend({
  search: searchField,
  name: className.optional(),
  academicYear: yearFilter,
  teacherId: refId('Teacher').optional(),
});
export type ClassListQuery = z.infer<typeof classListQuery>;

export const classStatsQuery = z.object({ academicYear: yearFilter });

export const teacherIdBody = z.object({ teacherId: refId('Teacher') });

export const subjectIdsBody = z.object({
  subjectIds: z
    .array(refId('Subject'), { error: 'Subject ids must be a list' })
    .min(1, 'Choose at least one subject')
    .max(100, 'At most 100 subjects at once'),
});

export const timetableBody = z.object({
  schedule: z
    .array(timetableSlot, { error: 'Schedule must be a list of slots' })
    .max(200, 'At most 200 slots in a week'),
});

/** School dates: `to` defaults to the school's today, `from` to 29 days before `to` (30 days in all). */
export const reportQuery = z
  .object({ from: dateField('From'), to: dateField('To') })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must not be after To', path: ['from'] });
export type ReportQuery = z.infer<typeof reportQuery>;

/** The performance report's range, and the term of its results: the one running on `to` (or last begun) unless named. */
export const performanceQuery = z
  .object({ from: dateField('From'), to: dateField('To'), termId: refId('Term').optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must not be after To', path: ['from'] });
export type PerformanceQuery = z.infer<typeof performanceQuery>;

export interface ClassRow {
  klass: typeof classes.$inferSelect;
  teacherName: string | null;
  studentCount: number;
  subjectCount: number;
}

/**
 * `{ _id, name, section, teacherId: {_id,name}|null, capacity, room, academicYear, studentCount, subjectCount,
 * createdAt, updatedAt }`
 */
export function toClass(row: ClassRow) {
  const c = row.klass;
  return {
    _id: c.id,
    name: c.name,
    section: c.section,
    teacherId: refOf(c.teacherId, row.teacherName),
    capacity: c.capacity,
    room: c.room,
    academicYear: c.academicYear,
    studentCount: row.studentCount,
    subjectCount: row.subjectCount,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}
export type Class = ReturnType<typeof toClass>;

/**
 * Attendance report (`GET /api/classes/:id/reports/attendance`):
 * `{ class, from, to, summary: Counts & { students, days }, students: [{ student: {_id,name,rollNumber},
 * inClass, ...Counts }], subjects: [{ subject: {_id,name,code}, ...Counts }] }`
 * where Counts is `{ present, absent, late, excused, total, rate }`: total is the number of marks, and
 * rate = (present + late) / (total - excused) × 100 with one decimal, null when nothing counts.
 *
 * Performance report (`GET /api/classes/:id/reports/performance`; standing comes from attendance over the same
 * range, and `academic` and each student's `academic` hold the term's results: `GET /api/grades/results`): `{ class, from, to, students: [{ student, inClass, attendanceRate, marks,
 * standing: 'good' (≥ 90 %) | 'watch' (≥ 75 %) | 'at risk' (below) | 'no data' }], subjects: [{ _id, name, code,
 * type, credits, teacherId: {_id,name}|null, weeklyPeriods, weeklyMinutes }], summary: { students, good, watch,
 * atRisk, noData, totalCredits, weeklyPeriods, weeklyMinutes } }`; periods count the current year and semester.
 */
export interface Counts {
  present: number;
  absent: number;
  late: number;
  excused: number;
  total: number;
  rate: number | null;
}

export function countsOf(row: { present: number; absent: number; late: number; excused: number; total: number }) {
  const counted = row.total - row.excused;
  const rate = counted > 0 ? Math.round(((row.present + row.late) / counted) * 1000) / 10 : null;
  return {
    present: row.present,
    absent: row.absent,
    late: row.late,
    excused: row.excused,
    total: row.total,
    rate,
  } satisfies Counts;
}

export function standingOf(rate: number | null): 'good' | 'watch' | 'at risk' | 'no data' {
  if (rate === null) return 'no data';
  if (rate >= 90) return 'good';
  if (rate >= 75) return 'watch';
  return 'at risk';
}
