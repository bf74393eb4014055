import { t } from '@lingui/core/macro';
import { ApiError, api } from '~/lib/api';
import type { CallData } from '~/lib/calls';
import { choosePasswordProblem } from '~/lib/password-texts';

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
  const problem = input.next ? choosePasswordProblem(input.next, common) : null;
  if (!input.current) errors.current = t`Current password is required`;
  if (!input.next) errors.next = t`New password is required`;
  else if (problem) errors.next = problem;
  else if (input.next === input.current) errors.next = t`Choose a password different from the current one`;
  if (!errors.next && input.confirm !== input.next) errors.confirm = t`Passwords do not match`;
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The account, and the session's new token: a new password ends every other session, this one included. */
export type PasswordChanged = CallData<'PUT /auth/profile'> & { token: string };

/**
 * PUT /api/auth/profile with the given portal's token. A 401 here is an answer to show (the session may have
 * ended), not the school session's to clear.
 */
export async function changePassword(
  token: string | null,
  input: Pick<NewPasswordInput, 'current' | 'next'>,
): Promise<PasswordChanged> {
  const changed = await api.call(
    'PUT /auth/profile',
    { json: { currentPassword: input.current, newPassword: input.next } },
    { token, handleUnauthorized: false },
  );
  // A new password always answers the new session's token (the profile call answers none for other changes).
  if (!changed.token) throw new ApiError(t`The password change answered no session`, 500);
  return { ...changed, token: changed.token };
}
