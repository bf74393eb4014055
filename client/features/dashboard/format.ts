import { t } from '@lingui/core/macro';
import type { ClassRef } from '~/lib/answers';
import { classLabel } from '~/lib/class-label';
import { currentLanguage } from '~/lib/i18n';

/** A calendar date (YYYY-MM-DD) read as that day wherever the reader is. */
function calendarDay(date: string) {
  return new Date(`${date.slice(0, 10)}T00:00:00Z`);
}

/** Formatters in the reader's language, made once per language and options. */
const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  options: object,
  make: (language: string) => F,
): F {
  const key = `${kind} ${currentLanguage()} ${JSON.stringify(options)}`;
  let format = formats.get(key) as F | undefined;
  if (!format) {
    format = make(currentLanguage());
    formats.set(key, format);
  }
  return format;
}

export const dateFormat = (options: Intl.DateTimeFormatOptions) =>
  cached('date', options, (language) => new Intl.DateTimeFormat(language, options));
export const numberFormat = (options: Intl.NumberFormatOptions = {}) =>
  cached('number', options, (language) => new Intl.NumberFormat(language, options));

/** On the school's clock, in the reader's language; the device's clock when the zone is missing or unknown. */
export function zoned(options: Intl.DateTimeFormatOptions, timeZone: string | null | undefined) {
  try {
    return dateFormat({ ...options, timeZone: timeZone || undefined });
  } catch {
    return dateFormat(options);
  }
}

const DAY_MONTH: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };
const WEEKDAY_DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', timeZone: 'UTC' };
const MONTH_SHORT: Intl.DateTimeFormatOptions = { month: 'short', timeZone: 'UTC' };

export const formatDate = (date: string) => dateFormat(DAY_MONTH).format(calendarDay(date));
export const formatWeekday = (date: string) => dateFormat(WEEKDAY_DAY).format(calendarDay(date));
export const formatMonth = (month: string) => dateFormat(MONTH_SHORT).format(calendarDay(`${month}-01`));
/** A whole count in the reader's digits and grouping. */
export const formatCount = (value: number) => numberFormat().format(value);

/** An amount with its currency and two decimals, e.g. '₹1,500.00', in the reader's language. */
export function formatAmount(amount: number, currency: string) {
  const options: Intl.NumberFormatOptions = {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  };
  try {
    return numberFormat(options).format(amount);
  } catch {
    // An unknown code still shows the figure, with the code written before it.
    return `${currency} ${numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;
  }
}

export function className(ref: ClassRef | null) {
  if (!ref?.name) return t`Not assigned`;
  return classLabel(ref);
}

const RELATIVE: Intl.RelativeTimeFormatOptions = { numeric: 'auto' };
const relativeFormat = () =>
  cached('relative', RELATIVE, (language) => new Intl.RelativeTimeFormat(language, RELATIVE));
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
    if (Math.abs(value) < size) return relativeFormat().format(Math.round(value), unit);
    value /= size;
  }
  return relativeFormat().format(Math.round(value), 'year');
}

/** The dashboard's line under its title, by the hour on the school's clock. */
export function greeting(hour: number, name: string) {
  if (hour < 12) return t`Good morning, ${name}. Here is your school today.`;
  if (hour < 17) return t`Good afternoon, ${name}. Here is your school today.`;
  return t`Good evening, ${name}. Here is your school today.`;
}
