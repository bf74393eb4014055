import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { currentLanguage, i18n } from '~/lib/i18n';
import { schoolFormat } from '~/lib/school-time';
import { formatTime, mediumDate, type Tone } from './format';
import type { TaskPriority, TaskStatus, WorkStatus } from './homework-api';

export const WORK_LABELS: Record<WorkStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  submitted: msg`Handed in`,
  returned: msg`Returned`,
  overdue: msg`Overdue`,
};

export const WORK_TONES: Record<WorkStatus, Tone> = {
  pending: 'info',
  submitted: 'brand',
  returned: 'success',
  overdue: 'danger',
};

export const PRIORITY_LABELS: Record<TaskPriority, MessageDescriptor> = {
  low: msg`Low`,
  medium: msg`Medium`,
  high: msg`High`,
};

export const PRIORITY_TONES: Record<TaskPriority, Tone> = { low: 'neutral', medium: 'warning', high: 'danger' };

export const TASK_STATUS_LABELS: Record<TaskStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  in_progress: msg`In Progress`,
  completed: msg`Completed`,
};

export const label = (descriptor: MessageDescriptor) => i18n._(descriptor);

/** 'Due Thu 26 Nov, 5:00 PM': the due date and time as the teacher set them, on the school's clock. */
export function dueText(row: { dueDate: string; dueTime: string }) {
  const date = mediumDate(row.dueDate);
  const time = formatTime(row.dueTime);
  return t`Due ${date}, ${time}`;
}

/** An instant (a hand-in, a return) on the school's clock: '26 Nov, 4:12 PM'. */
export function instantText(instant: string, timeZone: string | null | undefined) {
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' };
  return schoolFormat(options, timeZone).format(new Date(instant));
}

/** '7.5 / 10'. */
export function marksText(marks: number, maxMarks: number | null) {
  const format = new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 2 });
  return maxMarks == null ? format.format(marks) : `${format.format(marks)} / ${format.format(maxMarks)}`;
}

/** '240 KB'. */
export function sizeText(bytes: number) {
  const format = new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${format.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${format.format(bytes / 1024)} KB`;
  return `${format.format(bytes / (1024 * 1024))} MB`;
}
