import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { BadgeTone } from '~/components/ui/badge';
import { currentLanguage, i18n } from '~/lib/i18n';
import { portalToday } from '~/lib/school-time';
import type { StudentStatus, TeacherStatus } from './api';

/** Calendar arithmetic in UTC, so no device zone or daylight-saving change can move a day. */
const iso = (date: Date) => date.toISOString().slice(0, 10);

/** Today in the school's zone, as the API counts it (the device may be anywhere). */
export const schoolToday = portalToday;

/** `YYYY-MM-DD` moved by whole days. */
export function addDays(date: string, days: number) {
  const [y, m, d] = date.split('-').map(Number);
  return iso(new Date(Date.UTC(y, m - 1, d + days)));
}

/** The first day of the month `months` before the date's month. */
export function monthsBefore(date: string, months: number) {
  const [y, m] = date.split('-').map(Number);
  return iso(new Date(Date.UTC(y, m - 1 - months, 1)));
}

const asLocalDate = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y, m - 1, d);
};

/** One formatter per language and options: made when first asked in the language then shown. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(options: Intl.DateTimeFormatOptions) {
  const key = `${currentLanguage()}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(currentLanguage(), options);
    dateFormats.set(key, format);
  }
  return format;
}

export const formatLongDate = (date: string) =>
  dateFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(asLocalDate(date));
export const formatShortDate = (date: string) =>
  dateFormat({ weekday: 'short', day: 'numeric', month: 'short' }).format(asLocalDate(date));
/** '2026-11' → 'Nov 2026'. */
export const formatMonth = (month: string) =>
  dateFormat({ month: 'short', year: 'numeric' }).format(asLocalDate(`${month}-01`));

/** A stored instant as the time of day ('09:12'), on the school's clock when given its zone; '' when unreadable. */
export function formatTime(instant: string, timeZone?: string) {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return '';
  if (!timeZone) return dateFormat({ hour: '2-digit', minute: '2-digit' }).format(at);
  try {
    return dateFormat({ hour: '2-digit', minute: '2-digit', timeZone }).format(at);
  } catch {
    return dateFormat({ hour: '2-digit', minute: '2-digit' }).format(at);
  }
}

/** A count in the chosen language's digits and grouping. */
export const formatCount = (value: number) => new Intl.NumberFormat(currentLanguage()).format(value);

/** The option text of a class: its name, plus '-section' when it has one, kept in order in right-to-left text. */
export { classLabel } from '~/lib/class-label';

export const STUDENT_STATUS_LABELS: Record<StudentStatus, MessageDescriptor> = {
  present: msg`Present`,
  absent: msg`Absent`,
  late: msg`Late`,
  excused: msg`Excused`,
};

/** The spec's badge colours: present green, absent red, late yellow, anything else blue. */
export function studentStatusTone(status: string): BadgeTone {
  if (status === 'present') return 'success';
  if (status === 'absent') return 'danger';
  if (status === 'late') return 'warning';
  return 'info';
}

export function studentStatusLabel(status: string) {
  const label = STUDENT_STATUS_LABELS[status as StudentStatus];
  return label ? i18n._(label) : status.charAt(0).toUpperCase() + status.slice(1);
}

export const TEACHER_STATUS_LABELS: Record<TeacherStatus, MessageDescriptor> = {
  present: msg`Present`,
  absent: msg`Absent`,
  late: msg`Late`,
  'half-day': msg`Half Day`,
};

export const teacherStatusLabel = (status: TeacherStatus) => i18n._(TEACHER_STATUS_LABELS[status]);

export const TEACHER_STATUS_TONES: Record<TeacherStatus, BadgeTone> = {
  present: 'success',
  absent: 'danger',
  late: 'warning',
  'half-day': 'info',
};

/** Attendance %: 90 or above green, 75 or above yellow, otherwise red. */
export function percentTone(percent: number): 'success' | 'warning' | 'danger' {
  if (percent >= 90) return 'success';
  if (percent >= 75) return 'warning';
  return 'danger';
}

const percentFormat = (digits: number) =>
  new Intl.NumberFormat(currentLanguage(), {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });

/** One decimal, for statistics ('95.0%'). */
export const formatPercent = (value: number) => percentFormat(1).format(Number(value.toFixed(1)) / 100);
/** Whole, for a chart's axis ('90%'). */
export const formatWholePercent = (value: number) => percentFormat(0).format(value / 100);
/** Two decimals, for the overview's attendance rate ('88.37%'). */
export const formatRate = (value: number) => percentFormat(2).format(Number(value.toFixed(2)) / 100);

/** '32 present · 2 absent · 1 late' (excused only when there are any). */
export function countsLine(counts: Record<StudentStatus, number>) {
  const { present, absent, late, excused } = counts;
  const parts = [t`${present} present`, t`${absent} absent`, t`${late} late`];
  if (excused > 0) parts.push(t`${excused} excused`);
  return parts.join(' · ');
}
