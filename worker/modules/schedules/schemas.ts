import { z } from 'zod';
import { type schedules, weekdays } from '../../db/schema';
import { academicYearField, HHMM, optionalText, refId, semesterFilter, timeField, yearFilter } from '../../lib/fields';
import { pagingQuery } from '../../lib/paging';
import { type ClassRef, classRefOf, type Ref, refOf } from '../../lib/refs';

export const dayField = z.enum(weekdays, {
  error: (issue) =>
    issue.input === undefined || issue.input === '' ? 'Day is required' : 'Day must be Monday to Friday',
});

export const END_AFTER_START = 'End time must be after start time';

const slotFields = {
  teacherId: refId('Teacher'),
  classId: refId('Class'),
  subjectId: refId('Subject'),
  dayOfWeek: dayField,
  startTime: timeField('Start time'),
  endTime: timeField('End time'),
  room: optionalText(40, 'Room'),
  notes: optionalText(500, 'Notes'),
};

/** Only compared once both times are well formed, so a bad time answers one message, not two. */
const endAfterStart = <T extends { startTime?: string; endTime?: string }>(slot: T) =>
  !slot.startTime ||
  !slot.endTime ||
  !HHMM.test(slot.startTime) ||
  !HHMM.test(slot.endTime) ||
  slot.endTime > slot.startTime;

export const scheduleCreateBody = z
  .object({
    ...slotFields,
    academicYear: academicYearField.optional(),
    semester: z.string().trim().min(1, 'Semester is required').max(40, 'Semester is too long').optional(),
  })
  .refine(endAfterStart, { message: END_AFTER_START, path: ['endTime'] });
export type ScheduleCreateInput = z.infer<typeof scheduleCreateBody>;

/** Partial; the merged slot is checked again in the service (end after start, teaching, clashes). */
export const scheduleUpdateBody = z
  .object({
    ...slotFields,
    academicYear: academicYearField,
    semester: z.string().trim().min(1, 'Semester is required').max(40, 'Semester is too long'),
  })
  .partial()
  .refine(endAfterStart, { message: END_AFTER_START, path: ['endTime'] });
export type ScheduleUpdateInput = z.infer<typeof scheduleUpdateBody>;

/** One slot of `PUT /api/classes/:id/schedule`; the class is the path's. */
export const timetableSlot = z
  .object({ ...slotFields, classId: refId('Class').optional() })
  .refine(endAfterStart, { message: END_AFTER_START, path: ['endTime'] });
export type TimetableSlot = z.infer<typeof timetableSlot>;

export const scheduleListQuery = pagingQuery(100, 1000).extend({
  teacherId: refId('Teacher').optional(),
  classId: refId('Class').optional(),
  subjectId: refId('Subject').optional(),
  dayOfWeek: dayField.optional(),
  academicYear: yearFilter,
  semester: semesterFilter,
});
export type ScheduleListQuery = z.infer<typeof scheduleListQuery>;

/** Filters of the week views (`/weekly`, `/teacher/:id`, `/class/:id`): not paged, a week is bounded. */
export const weekQuery = z.object({
  teacherId: refId('Teacher').optional(),
  classId: refId('Class').optional(),
  dayOfWeek: dayField.optional(),
  academicYear: yearFilter,
  semester: semesterFilter,
});
export type WeekQuery = z.infer<typeof weekQuery>;

export interface ScheduleRow {
  schedule: typeof schedules.$inferSelect;
  teacherName: string | null;
  className: string | null;
  classSection: string | null;
  subjectName: string | null;
  subjectCode: string | null;
}

/** A timetable slot: `{ _id, teacherId: {_id,name}, classId: {_id,name,section}, subjectId: {_id,name,code}, … }`. */
export function toSchedule(row: ScheduleRow) {
  const s = row.schedule;
  const subject = refOf(s.subjectId, row.subjectName);
  return {
    _id: s.id,
    teacherId: refOf(s.teacherId, row.teacherName) as Ref,
    classId: classRefOf(s.classId, row.className, row.classSection) as ClassRef,
    subjectId: subject ? { ...subject, code: row.subjectCode } : null,
    dayOfWeek: s.dayOfWeek,
    startTime: s.startTime,
    endTime: s.endTime,
    room: s.room,
    academicYear: s.academicYear,
    semester: s.semester,
    notes: s.notes,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}
export type Schedule = ReturnType<typeof toSchedule>;
