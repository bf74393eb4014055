import { t } from '@lingui/core/macro';
import type { BadgeTone } from '~/components/ui/badge';
import { schoolFormat } from '~/lib/school-time';
import type { HomeworkRow, RosterStudent } from './api';

export { ALLOWED_UPLOADS as ALLOWED_FILES, formatSize, uploadProblem as fileProblem } from '~/features/documents';

/** A homework or a hand-in holds at most this many files (the API's `MAX_FILES`). */
export const MAX_FILES = 10;

/** The due instant on the school's clock, in the reader's language ('28 Nov 2026, 5:00 pm'). */
export const formatDue = (dueAt: string, timeZone: string | null | undefined) =>
  schoolFormat(
    { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
    timeZone,
  ).format(new Date(dueAt));

/** A hand-in's time on the school's clock. */
export const formatWhen = (at: string, timeZone: string | null | undefined) =>
  schoolFormat({ day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }, timeZone).format(new Date(at));

export function homeworkStatus(status: HomeworkRow['status']): { label: string; tone: BadgeTone } {
  if (status === 'active') return { label: t`Active`, tone: 'info' };
  if (status === 'completed') return { label: t`Completed`, tone: 'success' };
  return { label: t`Overdue`, tone: 'danger' };
}

/** A student's work as the teacher reads it: handed in (on time or late), returned, or not handed in. */
export function workStatus(student: RosterStudent): { label: string; tone: BadgeTone } {
  if (student.status === 'returned') return { label: t`Returned`, tone: 'success' };
  if (student.status === 'submitted')
    return student.submission?.late ? { label: t`Late`, tone: 'warning' } : { label: t`Handed in`, tone: 'brand' };
  return { label: t`Not handed in`, tone: student.status === 'overdue' ? 'danger' : 'neutral' };
}
