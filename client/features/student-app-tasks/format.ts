import { t } from '@lingui/core/macro';
import type { BadgeTone } from '~/components/ui/badge';
import { currentLanguage } from '~/lib/i18n';
import { portalTimeZone, schoolFormat } from '~/lib/school-time';
import type { Homework, RosterStudent, Task } from './api';

/** The select's choice of no filter (an empty value would read as nothing chosen). */
export const ALL = 'all';
/** A select's value as a filter: undefined for every one. */
export const chosen = <T extends string>(value: string) => (value === ALL ? undefined : (value as T));

export type HomeworkStatus = Homework['status'];
/** The spec's hand-in statuses: returned work counts as submitted. */
export type HandInStatus = 'submitted' | 'pending' | 'overdue';
export type TaskStatus = Task['status'];
export type TaskPriority = Task['priority'];

export const homeworkStatusLabel = (status: HomeworkStatus) =>
  ({ active: t`Active`, completed: t`Completed`, overdue: t`Overdue` })[status];
export const HOMEWORK_TONE: Record<HomeworkStatus, BadgeTone> = {
  active: 'info',
  completed: 'success',
  overdue: 'danger',
};
export const homeworkStatusOptions = () => [
  { value: ALL, label: t`All statuses` },
  { value: 'active', label: t`Active` },
  { value: 'completed', label: t`Completed` },
  { value: 'overdue', label: t`Overdue` },
];

export const handInStatus = (student: RosterStudent): HandInStatus =>
  student.status === 'returned' ? 'submitted' : student.status;
export const handInStatusLabel = (status: HandInStatus) =>
  ({ submitted: t`Submitted`, pending: t`Pending`, overdue: t`Overdue` })[status];
export const HAND_IN_TONE: Record<HandInStatus, BadgeTone> = {
  submitted: 'success',
  pending: 'warning',
  overdue: 'danger',
};
export const handInStatusOptions = () => [
  { value: ALL, label: t`All hand-ins` },
  { value: 'submitted', label: t`Submitted` },
  { value: 'pending', label: t`Pending` },
  { value: 'overdue', label: t`Overdue` },
];

export const taskStatusLabel = (status: TaskStatus) =>
  ({ pending: t`Pending`, in_progress: t`In Progress`, completed: t`Completed` })[status];
export const TASK_TONE: Record<TaskStatus, BadgeTone> = {
  pending: 'warning',
  in_progress: 'info',
  completed: 'success',
};
export const taskStatusOptions = () => [
  { value: ALL, label: t`All statuses` },
  { value: 'pending', label: t`Pending` },
  { value: 'in_progress', label: t`In Progress` },
  { value: 'completed', label: t`Completed` },
];
export const priorityLabel = (priority: TaskPriority) => ({ low: t`Low`, medium: t`Medium`, high: t`High` })[priority];
export const PRIORITY_TONE: Record<TaskPriority, BadgeTone> = { high: 'danger', medium: 'warning', low: 'neutral' };

export const count = (value: number) => new Intl.NumberFormat(currentLanguage()).format(value);
/** A rate in percent (45.5 → '45.5%'), or a dash when nothing is due yet. */
export const percent = (value: number | null) =>
  value === null
    ? '—'
    : new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);

// English keeps the school's day-month order ('28 Nov 2026'); other languages take their own.
const dateLocale = () => (currentLanguage() === 'en' ? 'en-GB' : currentLanguage());

/** A calendar date of the school ('2026-11-28') as the reader writes it. */
export function formatDate(date: string) {
  return new Intl.DateTimeFormat(dateLocale(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
}

/** An instant on the school's clock, with the time of day. */
export function formatInstant(iso: string) {
  return schoolFormat({ day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }, portalTimeZone()).format(
    new Date(iso),
  );
}

/** The due time as set on the school's clock ('17:00' → '5:00 pm' in English). */
export function formatDue(homework: Pick<Homework, 'dueAt'>) {
  return schoolFormat(
    { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
    portalTimeZone(),
  ).format(new Date(homework.dueAt));
}
