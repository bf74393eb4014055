import { t } from '@lingui/core/macro';
import { currentLanguage } from '~/lib/i18n';
import type { SchoolClock } from '~/lib/school-time';
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

/** '09:00' (the school's clock) → '9:00 AM' in the chosen language. */
export function formatTime(hhmm: string) {
  const [h, m] = hhmm.split(':').map(Number);
  return new Intl.DateTimeFormat(currentLanguage(), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, h, m)),
  );
}

/** 'Monday' → 'Mon' (short) or 'Monday' (long) in the chosen language; 1 January 2024 was a Monday. */
export function weekdayName(day: Weekday, width: 'short' | 'long') {
  return new Intl.DateTimeFormat(currentLanguage(), { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day))),
  );
}

/** '2026-11-26' → 'Thursday, November 26, 2026' in the chosen language. */
export function formatLongDate(date: string) {
  return new Intl.DateTimeFormat(currentLanguage(), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** '2026-11-26' → 'Nov 26' in the chosen language. */
export function formatDayMonth(date: string) {
  return new Intl.DateTimeFormat(currentLanguage(), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** 'Taken 9:12 AM', or 'Taken 9:12 AM on 27 Nov' when the register was saved on a later day. */
export function takenLabel(register: { date: string; takenDate: string | null; takenTime: string | null }) {
  if (!register.takenTime) return t`Taken`;
  const time = formatTime(register.takenTime);
  if (!register.takenDate || register.takenDate === register.date) return t`Taken ${time}`;
  const day = formatDayMonth(register.takenDate);
  return t`Taken ${time} on ${day}`;
}

import { isolate } from '~/lib/i18n';

export { classLabel } from '~/lib/class-label';
export { isolate };

/** Where the class register opens for one period: the class, subject and date. */
export function registerLink(
  period: { classId: { _id: string } | null; subjectId: { _id: string } | null },
  date: string,
) {
  return { classId: period.classId?._id ?? '', subjectId: period.subjectId?._id ?? '', date };
}
