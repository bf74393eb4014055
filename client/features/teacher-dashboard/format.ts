import { WEEKDAYS, type Weekday } from './api';

export function localToday() {
  const now = new Date();
  return toIsoDate(now);
}

function toIsoDate(date: Date) {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Today's weekday when it is a school day, else null (a weekend). */
export function todayWeekday(now = new Date()): Weekday | null {
  const index = now.getDay() - 1;
  return index >= 0 && index < WEEKDAYS.length ? WEEKDAYS[index] : null;
}

/** The date of `day` in the current week (Monday to Friday). */
export function dateOfWeekday(day: Weekday, now = new Date()) {
  const offset = WEEKDAYS.indexOf(day) - (now.getDay() === 0 ? 6 : now.getDay() - 1);
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  return toIsoDate(date);
}

/** 'HH:MM' now, in the device's clock. */
export function nowTime(now = new Date()) {
  return `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
}

/** '09:00' → '9:00 AM' in the reader's locale. */
export function formatTime(hhmm: string) {
  const [h, m] = hhmm.split(':').map(Number);
  return new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(new Date(2000, 0, 1, h, m));
}

export function formatLongDate(date = new Date()) {
  return new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    date,
  );
}

export const classLabel = (c: { name: string; section: string }) => `${c.name}-${c.section}`;

/** Where the class register opens for one period: the class, subject and date. */
export function registerLink(
  period: { classId: { _id: string } | null; subjectId: { _id: string } | null },
  date: string,
) {
  return { classId: period.classId?._id ?? '', subjectId: period.subjectId?._id ?? '', date };
}
