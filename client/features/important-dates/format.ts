import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { currentLanguage, i18n } from '~/lib/i18n';
import { portalToday } from '~/lib/school-time';
import type { ImportantDate, ImportantDatePriority, ImportantDateType } from './api';

const TYPE_NAMES: Record<ImportantDateType, MessageDescriptor> = {
  holiday: msg`Holiday`,
  exam: msg`Exam`,
  event: msg`Event`,
  meeting: msg`Meeting`,
  deadline: msg`Deadline`,
  other: msg`Other`,
};

const PRIORITY_NAMES: Record<ImportantDatePriority, MessageDescriptor> = {
  low: msg`Low`,
  medium: msg`Medium`,
  high: msg`High`,
  critical: msg`Critical`,
};

export const typeLabel = (type: ImportantDateType) => i18n._(TYPE_NAMES[type]);
export const priorityLabel = (priority: ImportantDatePriority) => i18n._(PRIORITY_NAMES[priority]);

/** The semantic tones of the badge recipe. */
export type Tone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info';

/** Types and priorities map onto the semantic tones, never onto raw colours. */
export const TYPE_TONES: Record<ImportantDateType, Tone> = {
  holiday: 'success',
  exam: 'danger',
  event: 'brand',
  meeting: 'info',
  deadline: 'warning',
  other: 'neutral',
};

export const PRIORITY_TONES: Record<ImportantDatePriority, Tone> = {
  low: 'neutral',
  medium: 'neutral',
  high: 'warning',
  critical: 'danger',
};

/** A calendar date (YYYY-MM-DD) as a Date at UTC midnight, so formatting never shifts it a day. */
function utcDate(date: string) {
  return new Date(`${date}T00:00:00Z`);
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per language and options, made when first needed so a change of language is followed. */
function format(options: Intl.DateTimeFormatOptions) {
  const language = currentLanguage();
  const key = `${language} ${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
    formats.set(key, made);
  }
  return made;
}

/** The twelve months' names in the reader's language, January first. */
export function monthNames() {
  return Array.from({ length: 12 }, (_, i) => format({ month: 'long' }).format(new Date(Date.UTC(2024, i, 1))));
}

/** 'October 2025'. */
export function formatMonth(year: number, month: number) {
  return format({ month: 'long', year: 'numeric' }).format(new Date(Date.UTC(year, month - 1, 1)));
}

/** The seven weekdays from Sunday, each long ('Sunday'), short ('Sun') and narrow ('S'). */
export function weekdayNames() {
  // 2024-01-07 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => {
    const day = new Date(Date.UTC(2024, 0, 7 + i));
    return {
      long: format({ weekday: 'long' }).format(day),
      short: format({ weekday: 'short' }).format(day),
      narrow: format({ weekday: 'narrow' }).format(day),
    };
  });
}

/** 'Monday, October 20, 2025'. */
export function formatFullDate(date: string) {
  return format({ weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(utcDate(date));
}

/** The parts of a small date tile: 'Mon', '20', 'Oct'. */
export function dateTile(date: string) {
  const d = utcDate(date);
  return {
    weekday: format({ weekday: 'short' }).format(d),
    day: format({ day: 'numeric' }).format(d),
    month: format({ month: 'short' }).format(d),
  };
}

/** '09:30' → '9:30 AM' (a plain space before the day period, as the school's printed notices write it). */
export function formatTime(time: string) {
  const [h, m] = time.split(':').map(Number);
  return format({ hour: 'numeric', minute: '2-digit' })
    .format(new Date(Date.UTC(2024, 0, 1, h, m)))
    .replace(/\u202f/g, ' ');
}

/** The time range when a start time is set: '9:00 AM – 1:30 PM', or just the start. */
export function formatTimeRange(item: Pick<ImportantDate, 'startTime' | 'endTime'>) {
  if (!item.startTime) return null;
  return item.endTime ? `${formatTime(item.startTime)} – ${formatTime(item.endTime)}` : formatTime(item.startTime);
}

/** '3 important date(s)'. */
export const dateCount = (count: number) => plural(count, { one: '# important date(s)', other: '# important date(s)' });

/** '30 days'. */
export const dayCount = (count: number) => plural(count, { one: '# days', other: '# days' });

/** 'All Classes' or 'N Class(es)'. */
export function classScope(item: Pick<ImportantDate, 'applyToAllClasses' | 'classes'>) {
  return item.applyToAllClasses
    ? t`All Classes`
    : plural(item.classes.length, { one: '# Class(es)', other: '# Class(es)' });
}

/** 'A, B, C' with the language's own separator. */
export function listOf(items: string[]) {
  return new Intl.ListFormat(currentLanguage(), { type: 'unit', style: 'short' }).format(items);
}

/** A class as the school writes it ('8-A'), kept in its order inside right-to-left text. */
export { classLabel } from '~/lib/class-label';

/** Today in the school's zone, as YYYY-MM-DD (the device may be anywhere). */
export const localToday = portalToday;
