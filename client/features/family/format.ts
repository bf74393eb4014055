import { formatClassName } from '../../../worker/lib/class-name';
import type { AttendanceStatus, FeeStatus, ImportantDateType } from './api';
import type { ClassRef } from './session';

/** The badge recipe's semantic tones. */
export type Tone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info';

export const ATTENDANCE_LABELS: Record<AttendanceStatus, string> = {
  present: 'Present',
  absent: 'Absent',
  late: 'Late',
  excused: 'Excused',
};

export const ATTENDANCE_TONES: Record<AttendanceStatus, Tone> = {
  present: 'success',
  absent: 'danger',
  late: 'warning',
  excused: 'info',
};

export const FEE_LABELS: Record<FeeStatus, string> = {
  paid: 'Paid',
  partial: 'Partly paid',
  due: 'Due',
  overdue: 'Overdue',
};

export const FEE_TONES: Record<FeeStatus, Tone> = {
  paid: 'success',
  partial: 'warning',
  due: 'info',
  overdue: 'danger',
};

export const DATE_TYPE_LABELS: Record<ImportantDateType, string> = {
  holiday: 'Holiday',
  exam: 'Exam',
  event: 'Event',
  meeting: 'Meeting',
  deadline: 'Deadline',
  other: 'Other',
};

export const DATE_TYPE_TONES: Record<ImportantDateType, Tone> = {
  holiday: 'success',
  exam: 'danger',
  event: 'brand',
  meeting: 'info',
  deadline: 'warning',
  other: 'neutral',
};

/** The spec's attendance colours: 90 % or more green, 75 % or more yellow, else red. */
export function rateTone(rate: number | null): Tone {
  if (rate === null) return 'neutral';
  if (rate >= 90) return 'success';
  if (rate >= 75) return 'warning';
  return 'danger';
}

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;

/** A calendar date (YYYY-MM-DD) at UTC midnight, so formatting never moves it a day. */
function utcDate(date: string) {
  return new Date(`${date}T00:00:00Z`);
}

const formats = {
  long: new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }),
  medium: new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }),
  full: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  weekday: new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }),
  shortWeekday: new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' }),
  month: new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' }),
  monthYear: new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

/** 'Thursday 26 November'. */
export const longDate = (date: string) => formats.long.format(utcDate(date));
/** 'Thu 26 Nov'. */
export const mediumDate = (date: string) => formats.medium.format(utcDate(date));
/** '26 Nov 2026'. */
export const fullDate = (date: string) => formats.full.format(utcDate(date));
/** 'November 2026'. */
export const monthName = (date: string) => formats.monthYear.format(utcDate(date));
/** 'Thursday'. */
export const weekdayOf = (date: string) => formats.weekday.format(utcDate(date));

/** The parts of a small date tile: 'Thu', '26', 'Nov'. */
export function dateTile(date: string) {
  const d = utcDate(date);
  return { weekday: formats.shortWeekday.format(d), day: String(d.getUTCDate()), month: formats.month.format(d) };
}

/** Days from `today` to `date`, both YYYY-MM-DD. */
export function daysBetween(today: string, date: string) {
  return Math.round((utcDate(date).getTime() - utcDate(today).getTime()) / 86_400_000);
}

/** 'Today', 'Tomorrow', 'In 5 days'. */
export function relativeDay(today: string, date: string) {
  const days = daysBetween(today, date);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  return `In ${days} days`;
}

/** '09:30' → '9:30 AM'. */
export function formatTime(time: string | null | undefined) {
  if (!time) return '';
  const [h, m] = time.split(':').map(Number);
  if (Number.isNaN(h) || Number.isNaN(m)) return time;
  const suffix = h >= 12 ? 'PM' : 'AM';
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${suffix}`;
}

export function timeRange(start: string | null | undefined, end: string | null | undefined) {
  if (!start) return '';
  return end ? `${formatTime(start)} – ${formatTime(end)}` : formatTime(start);
}

/** '8-A', or 'No class yet'. */
export function className(ref: ClassRef | null | undefined) {
  if (!ref?.name) return 'No class yet';
  return formatClassName(ref);
}

export function firstName(name: string) {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** '88.37%'. */
export function formatRate(rate: number | null) {
  return rate === null ? '—' : `${rate.toFixed(2)}%`;
}
