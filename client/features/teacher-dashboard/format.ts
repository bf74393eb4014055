import type { SchoolClock } from '~/lib/school-time';
import { formatClassName } from '../../../worker/lib/class-name';
import { WEEKDAYS, type Weekday } from './api';

/** Today's weekday in the school's zone when it is a school day, else null (a weekend). */
export function todayWeekday(clock: SchoolClock): Weekday | null {
  const index = clock.weekday - 1;
  return index >= 0 && index < WEEKDAYS.length ? WEEKDAYS[index] : null;
}

/** The date of `day` in the school's current week (Monday to Friday); UTC arithmetic keeps whole days. */
export function dateOfWeekday(day: Weekday, clock: SchoolClock) {
  const offset = WEEKDAYS.indexOf(day) - (clock.weekday === 0 ? 6 : clock.weekday - 1);
  const [y, m, d] = clock.date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}

/** '09:00' → '9:00 AM' in the reader's locale. */
export function formatTime(hhmm: string) {
  const [h, m] = hhmm.split(':').map(Number);
  return new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(new Date(2000, 0, 1, h, m));
}

/** '2026-11-26' → 'Thursday, November 26, 2026' in the reader's locale. */
export function formatLongDate(date: string) {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** '2026-11-26' → '26 Nov' in the reader's locale. */
export function formatDayMonth(date: string) {
  return new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** 'Taken 9:12 AM', or 'Taken 9:12 AM on 27 Nov' when the register was saved on a later day. */
export function takenLabel(register: { date: string; takenDate: string | null; takenTime: string | null }) {
  if (!register.takenTime) return 'Taken';
  const time = formatTime(register.takenTime);
  return register.takenDate && register.takenDate !== register.date
    ? `Taken ${time} on ${formatDayMonth(register.takenDate)}`
    : `Taken ${time}`;
}

export const classLabel = (c: { name: string; section: string }) => formatClassName(c);

/** Where the class register opens for one period: the class, subject and date. */
export function registerLink(
  period: { classId: { _id: string } | null; subjectId: { _id: string } | null },
  date: string,
) {
  return { classId: period.classId?._id ?? '', subjectId: period.subjectId?._id ?? '', date };
}
