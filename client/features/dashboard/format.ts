import type { ClassRef } from '~/lib/answers';
import { formatClassName } from '../../../worker/lib/class-name';

/** A calendar date (YYYY-MM-DD) read as that day wherever the reader is. */
function calendarDay(date: string) {
  return new Date(`${date.slice(0, 10)}T00:00:00Z`);
}

const dayMonth = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const weekdayDay = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
const monthShort = new Intl.DateTimeFormat(undefined, { month: 'short', timeZone: 'UTC' });

export const formatDate = (date: string) => dayMonth.format(calendarDay(date));
export const formatWeekday = (date: string) => weekdayDay.format(calendarDay(date));
export const formatMonth = (month: string) => monthShort.format(calendarDay(`${month}-01`));

export function className(ref: ClassRef | null) {
  if (!ref?.name) return 'Not assigned';
  return formatClassName(ref);
}

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** '5 minutes ago', 'yesterday', '3 weeks ago'. */
export function timeAgo(iso: string, now = Date.now()) {
  let value = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return relative.format(Math.round(value), 'year');
}

export function greeting(hour: number) {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}
