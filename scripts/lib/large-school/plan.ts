/**
 * The shape of the large school, before any row is made: how many of each, the school days, and the
 * weekly plan of subjects. Every count scales with `--scale`; the calendar (200 school days) does not.
 */
import { classNames, sections } from '../../../worker/db/schema';
import { addDays, weekdayOf } from '../../../worker/lib/time';

export const TIME_ZONE = 'Asia/Kolkata';
/** Minutes east of UTC for TIME_ZONE, which has no daylight saving. */
export const ZONE_OFFSET_MINUTES = 330;
export const ACADEMIC_YEAR = '2026-2027';
export const SEMESTER = 'Annual';
export const SCHOOL_DAYS = 200;
export const IMPORTANT_DATES = 100;
export const DOMAIN = 'large.school';
export const SCHOOL_CODE = 'LARGE';

/** A class studies eight subjects, 30 periods a week (six a day); each subject has at most one period a day. */
export const WEEKLY_PLAN: readonly [subject: string, perWeek: number][] = [
  ['Mathematics', 5],
  ['English', 5],
  ['Science', 5],
  ['Hindi', 4],
  ['Social Studies (SST)', 4],
  ['Computer Science', 3],
  ['Physical Education', 2],
  ['Art', 2],
];
/** The subject the manifest names for the budget classes: taught every day. */
export const MANIFEST_SUBJECT = 'Mathematics';

/** At most one class per grade and section in a year: 12 grades × sections A to E. */
export const MAX_CLASSES = classNames.length * sections.length;

export interface Sizes {
  students: number;
  teachers: number;
  classes: number;
}

export function sizesFor(scale: number): Sizes {
  return {
    students: Math.max(60, Math.round(5000 * scale)),
    teachers: Math.max(5, Math.round(250 * scale)),
    classes: Math.min(MAX_CLASSES, Math.max(3, Math.round(MAX_CLASSES * scale))),
  };
}

/**
 * Students per class: the first class has exactly 40, the last exactly 10, the others share the rest
 * evenly with some spread, so pages and registers can be compared between a small and a large class.
 */
export function classSizes(students: number, classes: number, next: () => number): number[] {
  const rest = students - 50;
  const others = classes - 2;
  if (rest < others) throw new Error('Too few students for the classes');
  if (others === 0) return [40, 10];
  const base = Math.floor(rest / others);
  const sizes = Array.from({ length: others }, () => base);
  // Move students between pairs of classes: the total stays, the sizes vary by up to a fifth.
  const spread = Math.max(0, Math.floor(base / 5));
  for (let i = 0; i + 1 < others; i += 2) {
    const shift = Math.floor(next() * (spread + 1));
    sizes[i] += shift;
    sizes[i + 1] -= shift;
  }
  for (let i = 0; i < rest - base * others; i++) sizes[i % others] += 1;
  return [40, ...sizes, 10];
}

/** Grade and section of the i-th of n classes: grades spread over 1 to 12, sections in order within a grade. */
export function classLabels(n: number): { name: (typeof classNames)[number]; section: (typeof sections)[number] }[] {
  const perGrade = new Map<number, number>();
  return Array.from({ length: n }, (_, i) => {
    const grade = Math.floor((i * classNames.length) / n);
    const k = perGrade.get(grade) ?? 0;
    perGrade.set(grade, k + 1);
    return { name: classNames[grade], section: sections[k] };
  });
}

const isWeekend = (date: string) => weekdayOf(date) === 0 || weekdayOf(date) === 6;

export function previousWeekday(date: string): string {
  let d = addDays(date, -1);
  while (isWeekend(d)) d = addDays(d, -1);
  return d;
}

/**
 * The calendar: `free` is the last weekday before today and has no marks; the year's SCHOOL_DAYS school days
 * end on the weekday before it and skip weekends and the holidays given.
 */
export function schoolDays(today: string, holidays: (first: string, last: string) => Set<string>) {
  const free = previousWeekday(today);
  const last = previousWeekday(free);
  // Holidays are drawn over a span a little longer than the school days need, then the days are counted back.
  const roughFirst = addDays(last, -Math.ceil((SCHOOL_DAYS * 7) / 5) - 28);
  const closed = holidays(roughFirst, last);
  const days: string[] = [];
  for (let d = last; days.length < SCHOOL_DAYS; d = addDays(d, -1))
    if (!isWeekend(d) && !closed.has(d)) days.unshift(d);
  return { days, free, closed };
}
