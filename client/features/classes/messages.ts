import { t } from '@lingui/core/macro';
import { ApiError } from '~/lib/api';
import { toast } from '~/lib/toast';

export const requiredFields = () => t`Please fill in all required fields`;
export const authIssue = () =>
  t`Authentication issue detected. Please log out and log in again to refresh your session.`;
const scheduleLoadFailed = () => t`Failed to load schedule data. Basic functionality still available.`;
const scheduleAccessDenied = () =>
  t`Schedule access denied. Please check your school permissions or contact administrator.`;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : '');

/** A stale session shows up as the server naming the role it wanted. */
export const isRoleProblem = (error: unknown) => error instanceof ApiError && error.code === 'WRONG_ROLE';

/**
 * The spec's failure text as the toast's title and the server's reason (a clash, a full class, students
 * still in a class) under it, so the user learns what to change.
 */
export function failureToast(title: string, error: unknown) {
  if (isRoleProblem(error)) return toast.error(authIssue());
  const reason = messageOf(error);
  return toast.error(title, reason && reason !== title ? { description: reason } : undefined);
}

/** Why the timetable could not be loaded, in the spec's words. */
export function scheduleLoadMessage(error: unknown) {
  if (isRoleProblem(error)) return authIssue();
  const forbidden = error instanceof ApiError && error.status === 403;
  return forbidden ? scheduleAccessDenied() : scheduleLoadFailed();
}

/**
 * 'Class deleted successfully. 2 schedule(s) removed.' → the title and what else went, as its own line; the
 * server words its message in the reader's language, so its first sentence is the title whatever the words.
 */
export function deletedToast(serverMessage: string | undefined) {
  const title = t`Class deleted successfully`;
  const rest = serverMessage?.replace(/^[^.।]*[.।]?/, '').trim() ?? '';
  return toast.success(title, rest ? { description: rest } : undefined);
}
