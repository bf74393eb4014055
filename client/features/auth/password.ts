import { api } from '~/lib/api';
import type { SessionUser } from '~/lib/session';
import { chosenPasswordProblem } from '../../../worker/lib/password-policy';

export interface NewPasswordInput {
  current: string;
  next: string;
  confirm: string;
}
export type NewPasswordErrors = Partial<Record<keyof NewPasswordInput, string>>;

/**
 * The first problem of each field, or null when the new password may be sent. `common` is the list of the most
 * common passwords (the Worker's rule, `worker/lib/password-policy.ts`).
 */
export function validateNewPassword(input: NewPasswordInput, common: ReadonlySet<string>): NewPasswordErrors | null {
  const errors: NewPasswordErrors = {};
  const problem = input.next ? chosenPasswordProblem(input.next, common) : null;
  if (!input.current) errors.current = 'Current password is required';
  if (!input.next) errors.next = 'New password is required';
  else if (problem) errors.next = problem;
  else if (input.next === input.current) errors.next = 'Choose a password different from the current one';
  if (!errors.next && input.confirm !== input.next) errors.confirm = 'Passwords do not match';
  return Object.keys(errors).length > 0 ? errors : null;
}

export interface PasswordChanged {
  user: SessionUser & { mustChangePassword?: boolean };
  /** The session's new token: a new password ends every other session, this one included. */
  token: string;
  expiresAt?: string;
}

/**
 * PUT /api/auth/profile with the given portal's token. A 401 here is an answer to show (the session may have
 * ended), not the school session's to clear.
 */
export function changePassword(token: string | null, input: Pick<NewPasswordInput, 'current' | 'next'>) {
  return api.request<PasswordChanged>('/auth/profile', {
    method: 'PUT',
    body: { currentPassword: input.current, newPassword: input.next },
    token,
    handleUnauthorized: false,
  });
}
