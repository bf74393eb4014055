import { portalToday } from '~/lib/school-time';
import { formatClassName } from '../../../worker/lib/class-name';
import type { ImportantDate, ImportantDatePriority, ImportantDateType } from './api';

export const TYPE_LABELS: Record<ImportantDateType, string> = {
  holiday: 'Holiday',
  exam: 'Exam',
  event: 'Event',
  meeting: 'Meeting',
  deadline: 'Deadline',
  other: 'Other',
};

export const PRIORITY_LABELS: Record<ImportantDatePriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

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

export { MONTH_NAMES } from '../../../worker/lib/academic-year';

/** A calendar date (YYYY-MM-DD) as a Date at UTC midnight, so formatting never shifts it a day. */
function utcDate(date: string) {
  return new Date(`${date}T00:00:00Z`);
}

const fullDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const shortWeekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
const shortMonth = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

/** 'Monday, October 20, 2025'. */
export function formatFullDate(date: string) {
  return fullDate.format(utcDate(date));
}

/** The parts of a small date tile: 'Mon', '20', 'Oct'. */
export function dateTile(date: string) {
  const d = utcDate(date);
  return { weekday: shortWeekday.format(d), day: String(d.getUTCDate()), month: shortMonth.format(d) };
}

/** '09:30' → '9:30 AM'. */
export function formatTime(time: string) {
  const [h, m] = time.split(':').map(Number);
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** The time range when a start time is set: '9:00 AM – 1:30 PM', or just the start. */
export function formatTimeRange(item: Pick<ImportantDate, 'startTime' | 'endTime'>) {
  if (!item.startTime) return null;
  return item.endTime ? `${formatTime(item.startTime)} – ${formatTime(item.endTime)}` : formatTime(item.startTime);
}

/** 'All Classes' or 'N Class(es)'. */
export function classScope(item: Pick<ImportantDate, 'applyToAllClasses' | 'classes'>) {
  return item.applyToAllClasses ? 'All Classes' : `${item.classes.length} Class(es)`;
}

export function classLabel(c: { name: string; section: string }) {
  return formatClassName(c);
}

/** Today in the school's zone, as YYYY-MM-DD (the device may be anywhere). */
export const localToday = portalToday;
