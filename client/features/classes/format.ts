import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { classLabel } from '~/lib/class-label';
import { currentLanguage } from '~/lib/i18n';
import {
  type ClassRef,
  type Classroom,
  type ScheduleSlot,
  type Student,
  type Subject,
  type SubjectType,
  WEEKDAYS,
  type Weekday,
} from './api';

/**
 * '8-A', the way the school names a class everywhere; in a right-to-left language kept apart from the words
 * around it (Unicode isolates), so it reads '8-A' rather than being reordered with them.
 */
export { classLabel };

export type CapacityTone = 'success' | 'warning' | 'danger';

/** Green normally, yellow from 80 % of capacity, red at capacity or over. */
export function capacityTone(count: number, capacity: number): CapacityTone {
  if (capacity <= 0) return count > 0 ? 'danger' : 'success';
  const fill = count / capacity;
  if (fill >= 1) return 'danger';
  if (fill >= 0.8) return 'warning';
  return 'success';
}

export const CAPACITY_STATUS: Record<CapacityTone, MessageDescriptor> = {
  success: msg`places free`,
  warning: msg`nearly full`,
  danger: msg`full`,
};

export const TYPE_LABELS: Record<SubjectType, MessageDescriptor> = {
  core: msg`Core`,
  elective: msg`Elective`,
  practical: msg`Practical`,
};

/** Formatters in the reader's language, one per language and options. */
const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(options: object, make: (language: string) => F) {
  const key = `${currentLanguage()} ${JSON.stringify(options)}`;
  let format = formats.get(key) as F | undefined;
  if (!format) {
    format = make(currentLanguage());
    formats.set(key, format);
  }
  return format;
}

const NUMBER: Intl.NumberFormatOptions = {};
/** A count in the reader's digits ('12', '١٢'). */
export const formatCount = (value: number) =>
  cached(NUMBER, (language) => new Intl.NumberFormat(language, NUMBER)).format(value);

const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'long', timeZone: 'UTC' };
/** 'Monday' in the reader's language; the timetable stores English day names. 1 January 2024 was a Monday. */
export const weekdayName = (day: Weekday) =>
  cached(WEEKDAY, (language) => new Intl.DateTimeFormat(language, WEEKDAY)).format(
    new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day))),
  );

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' };
/** A period's 'HH:MM' (24-hour) as the reader writes it: '15:30', '١٥:٣٠'. */
export function formatTime(time: string) {
  const [hours, minutes] = time.split(':').map(Number);
  if (!Number.isInteger(hours) || !Number.isInteger(minutes)) return time;
  return cached(TIME, (language) => new Intl.DateTimeFormat(language, TIME)).format(
    new Date(Date.UTC(2024, 0, 1, hours, minutes)),
  );
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** Roll numbers are digits in the demo school but free text in general; compare them as people read them. */
export const byRoll = (a: Student, b: Student) =>
  (a.rollNumber ?? '').localeCompare(b.rollNumber ?? '', undefined, { numeric: true }) || byName(a, b);

export const byClass = (a: ClassRef, b: ClassRef) =>
  Number(a.name) - Number(b.name) || a.section.localeCompare(b.section);

/** Monday first, then by start time, then by class: the order a timetable is read in. */
export const bySlot = (a: ScheduleSlot, b: ScheduleSlot) =>
  WEEKDAYS.indexOf(a.dayOfWeek) - WEEKDAYS.indexOf(b.dayOfWeek) ||
  a.startTime.localeCompare(b.startTime) ||
  byClass(a.classId, b.classId);

export const bySubject = (a: Subject, b: Subject) =>
  (a.classId && b.classId ? byClass(a.classId, b.classId) : a.classId ? -1 : b.classId ? 1 : 0) || byName(a, b);

export interface ScreenFilters {
  search: string;
  /** '' for all grades, else '1' to '12'. */
  grade: string;
}

const has = (text: string | null | undefined, term: string) => Boolean(text?.toLowerCase().includes(term));

function gradeOf(c: ClassRef | null, grade: string) {
  return !grade || c?.name === grade;
}

/** A term finds a class by its name ('8-A', 'Class 8'), room, class teacher or any of its students. */
export function filterClasses(classes: Classroom[], students: Student[], filters: ScreenFilters) {
  const term = filters.search.trim().toLowerCase();
  const byGrade = classes.filter((c) => gradeOf(c, filters.grade));
  if (!term) return byGrade;
  const withStudent = new Set(
    students.filter((s) => s.classId && (has(s.name, term) || has(s.rollNumber, term))).map((s) => s.classId?._id),
  );
  return byGrade.filter(
    (c) =>
      has(classLabel(c), term) ||
      has(`class ${c.name}`, term) ||
      has(c.room, term) ||
      has(c.teacherId?.name, term) ||
      withStudent.has(c._id),
  );
}

export function filterSlots(slots: ScheduleSlot[], filters: ScreenFilters) {
  const term = filters.search.trim().toLowerCase();
  return slots.filter(
    (s) =>
      gradeOf(s.classId, filters.grade) &&
      (!term ||
        has(classLabel(s.classId), term) ||
        has(s.teacherId.name, term) ||
        has(s.subjectId?.name, term) ||
        has(s.subjectId?.code, term) ||
        has(s.room, term)),
  );
}

export function filterSubjects(subjects: Subject[], filters: ScreenFilters) {
  const term = filters.search.trim().toLowerCase();
  return subjects.filter(
    (s) =>
      gradeOf(s.classId, filters.grade) &&
      (!term ||
        has(s.name, term) ||
        has(s.code, term) ||
        has(s.teacherId?.name, term) ||
        (s.classId !== null && has(classLabel(s.classId), term))),
  );
}

export const isFiltering = (filters: ScreenFilters) => filters.search.trim() !== '' || filters.grade !== '';

/** The page of rows to show, from 1. */
export function pageOf<T>(rows: T[], page: number, size: number) {
  const last = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(page, 1), last);
  return { rows: rows.slice((current - 1) * size, current * size), page: current };
}
