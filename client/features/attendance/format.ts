import type { BadgeTone } from '~/components/ui/badge';
import { portalToday } from '~/lib/school-time';
import { formatClassName } from '../../../worker/lib/class-name';
import type { ClassRef, StudentStatus, TeacherStatus } from './api';

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

const longDate = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const shortDate = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

export const formatLongDate = (date: string) => longDate.format(asLocalDate(date));
export const formatShortDate = (date: string) => shortDate.format(asLocalDate(date));
/** '2026-11' → 'Nov 2026'. */
export const formatMonth = (month: string) => monthFormat.format(asLocalDate(`${month}-01`));

/** A stored instant as the time of day ('09:12'), on the school's clock when given its zone; '' when unreadable. */
export function formatTime(instant: string, timeZone?: string) {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return '';
  if (!timeZone) return timeFormat.format(at);
  try {
    return new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', timeZone }).format(at);
  } catch {
    return timeFormat.format(at);
  }
}

/** The option text of a class: its name, plus ' - section' when it has one. */
export const classLabel = (c: Pick<ClassRef, 'name' | 'section'>) => formatClassName(c);

export const STUDENT_STATUS_LABELS: Record<StudentStatus, string> = {
  present: 'Present',
  absent: 'Absent',
  late: 'Late',
  excused: 'Excused',
};

/** The spec's badge colours: present green, absent red, late yellow, anything else blue. */
export function studentStatusTone(status: string): BadgeTone {
  if (status === 'present') return 'success';
  if (status === 'absent') return 'danger';
  if (status === 'late') return 'warning';
  return 'info';
}

export const studentStatusLabel = (status: string) =>
  STUDENT_STATUS_LABELS[status as StudentStatus] ?? status.charAt(0).toUpperCase() + status.slice(1);

export const TEACHER_STATUS_LABELS: Record<TeacherStatus, string> = {
  present: 'Present',
  absent: 'Absent',
  late: 'Late',
  'half-day': 'Half Day',
};

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

/** One decimal, for statistics. */
export const formatPercent = (value: number) => `${value.toFixed(1)}%`;
/** Two decimals, for the overview's attendance rate. */
export const formatRate = (value: number) => `${value.toFixed(2)}%`;

/** '32 present · 2 absent · 1 late' (excused only when there are any). */
export function countsLine(counts: Record<StudentStatus, number>) {
  const parts = [`${counts.present} present`, `${counts.absent} absent`, `${counts.late} late`];
  if (counts.excused > 0) parts.push(`${counts.excused} excused`);
  return parts.join(' · ');
}
