import { dateInZone } from './time';

/** Months as the settings screen names them; index 0 is January. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * The academic year a calendar date (YYYY-MM-DD) falls in, for a year that starts on the 1st of `startMonth`
 * (1 to 12): "2026-2027" for 2026-11-26 with April, "2025-2026" for 2026-03-31. A year is named by the calendar
 * year it starts in and the next, whatever the month (a January year of 2026 is "2026-2027").
 */
export function academicYearOf(date: string, startMonth: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const first = month >= startMonth ? year : year - 1;
  return `${first}-${first + 1}`;
}

/** The academic year of `now` on the school's own calendar (its time zone decides the day). */
export function currentAcademicYear(now: Date, timeZone: string, startMonth: number): string {
  return academicYearOf(dateInZone(now, timeZone), startMonth);
}

/** The first day (YYYY-MM-DD) of the academic year a date falls in. */
export function academicYearStart(date: string, startMonth: number): string {
  const first = academicYearOf(date, startMonth).slice(0, 4);
  return `${first}-${String(startMonth).padStart(2, '0')}-01`;
}

/**
 * The month a new school's year starts when none is given: April in India, September elsewhere (much of
 * Europe and the Americas). Migration 0006 gave existing schools the same rule; the office can change it.
 */
export function defaultYearStartMonth(timeZone: string): number {
  return timeZone === 'Asia/Kolkata' || timeZone === 'Asia/Calcutta' ? 4 : 9;
}
