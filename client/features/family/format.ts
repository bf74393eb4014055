import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { classLabel } from '~/lib/class-label';
import { currentLanguage, i18n } from '~/lib/i18n';
import type { AttendanceStatus, FeeStatus, ImportantDateType } from './api';
import type { ClassRef } from './session';

/** The badge recipe's semantic tones. */
export type Tone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info';

export const ATTENDANCE_LABELS: Record<AttendanceStatus, MessageDescriptor> = {
  present: msg`Present`,
  absent: msg`Absent`,
  late: msg`Late`,
  excused: msg`Excused`,
};

export const ATTENDANCE_TONES: Record<AttendanceStatus, Tone> = {
  present: 'success',
  absent: 'danger',
  late: 'warning',
  excused: 'info',
};

export const FEE_LABELS: Record<FeeStatus, MessageDescriptor> = {
  paid: msg`Paid`,
  partial: msg`Partly paid`,
  due: msg`Due`,
  overdue: msg`Overdue`,
};

export const FEE_TONES: Record<FeeStatus, Tone> = {
  paid: 'success',
  partial: 'warning',
  due: 'info',
  overdue: 'danger',
};

export const DATE_TYPE_LABELS: Record<ImportantDateType, MessageDescriptor> = {
  holiday: msg`Holiday`,
  exam: msg`Exam`,
  event: msg`Event`,
  meeting: msg`Meeting`,
  deadline: msg`Deadline`,
  other: msg`Other`,
};

/** A student's status other than active, as the office's records name it. */
const STUDENT_STATUS_LABELS: Record<string, MessageDescriptor> = {
  inactive: msg`Inactive`,
};

export function studentStatusLabel(status: string) {
  const label = STUDENT_STATUS_LABELS[status];
  return label ? i18n._(label) : status;
}

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

// i18n-ignore: the timetable's stored day names, shown through weekdayName
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;

/** A calendar date (YYYY-MM-DD) at UTC midnight, so formatting never moves it a day. */
function utcDate(date: string) {
  return new Date(`${date}T00:00:00Z`);
}

/** English keeps the British day-month order the portal has always shown; other languages their own. */
const locale = () => (currentLanguage() === 'en' ? 'en-GB' : currentLanguage());

const formatters = new Map<string, Intl.DateTimeFormat>();
function dateFormat(options: Intl.DateTimeFormatOptions, language = locale()) {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
    formatters.set(key, format);
  }
  return format;
}

/** 'Thursday 26 November'. */
export const longDate = (date: string) =>
  dateFormat({ weekday: 'long', day: 'numeric', month: 'long' }).format(utcDate(date));
/** 'Thu 26 Nov'. */
export const mediumDate = (date: string) =>
  dateFormat({ weekday: 'short', day: 'numeric', month: 'short' }).format(utcDate(date));
/** '26 Nov 2026'. */
export const fullDate = (date: string) =>
  dateFormat({ day: 'numeric', month: 'short', year: 'numeric' }).format(utcDate(date));
/** 'November 2026'. */
export const monthName = (date: string) => dateFormat({ month: 'long', year: 'numeric' }).format(utcDate(date));
/** 'Thursday': the timetable's own name of the day (in English, as the school's timetable stores it). */
export const weekdayOf = (date: string) => dateFormat({ weekday: 'long' }, 'en-GB').format(utcDate(date));

/** A timetable day ('Monday') named in the chosen language, in full and short. */
export function weekdayName(day: string) {
  const index = WEEKDAYS.indexOf(day as (typeof WEEKDAYS)[number]);
  // 2024-01-01 was a Monday.
  const date = utcDate(`2024-01-0${index + 1}`);
  if (index < 0) return { long: day, short: day.slice(0, 3) };
  return {
    long: dateFormat({ weekday: 'long' }).format(date),
    short: dateFormat({ weekday: 'short' }).format(date),
  };
}

/** The parts of a small date tile: 'Thu', '26', 'Nov'. */
export function dateTile(date: string) {
  const d = utcDate(date);
  return {
    weekday: dateFormat({ weekday: 'short' }).format(d),
    day: dateFormat({ day: 'numeric' }).format(d),
    month: dateFormat({ month: 'short' }).format(d),
  };
}

/** Days from `today` to `date`, both YYYY-MM-DD. */
export function daysBetween(today: string, date: string) {
  return Math.round((utcDate(date).getTime() - utcDate(today).getTime()) / 86_400_000);
}

/** 'Today', 'Tomorrow', 'In 5 days'. */
export function relativeDay(today: string, date: string) {
  const days = daysBetween(today, date);
  if (days === 0) return t`Today`;
  if (days === 1) return t`Tomorrow`;
  const count = plural(days, { one: '# day', other: '# days' });
  return t`In ${count}`;
}

/** '09:30' → '9:30 AM'. */
export function formatTime(time: string | null | undefined) {
  if (!time) return '';
  const [h, m] = time.split(':').map(Number);
  if (Number.isNaN(h) || Number.isNaN(m)) return time;
  if (currentLanguage() !== 'en') {
    return dateFormat({ hour: 'numeric', minute: '2-digit' }).format(new Date(Date.UTC(2024, 0, 1, h, m)));
  }
  const suffix = h >= 12 ? 'PM' : 'AM';
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${suffix}`;
}

export function timeRange(start: string | null | undefined, end: string | null | undefined) {
  if (!start) return '';
  return end ? `${formatTime(start)} – ${formatTime(end)}` : formatTime(start);
}

/** '8-A', or 'No class yet'. */
export function className(ref: ClassRef | null | undefined) {
  if (!ref?.name) return t`No class yet`;
  return classLabel(ref);
}

export function firstName(name: string) {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** '88.37%'. */
export function formatRate(rate: number | null) {
  if (rate === null) return '—';
  return new Intl.NumberFormat(currentLanguage(), {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number(rate.toFixed(2)) / 100);
}
