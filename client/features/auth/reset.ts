import { t } from '@lingui/core/macro';
import { api } from '~/lib/api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The email's problem before it is sent, or null. */
export function resetEmailProblem(typed: string): string | null {
  if (!typed) return t`Email is required`;
  return EMAIL.test(typed) ? null : t`Enter a valid email address`;
}

/** POST /api/auth/password-reset: the same answer whether or not the email has an account. */
export function askForResetLink(email: string) {
  return api.call('POST /auth/password-reset', { json: { email } }, { token: null, handleUnauthorized: false });
}

/** POST /api/auth/password-reset/confirm: the link's token and the new password; every session of the account ends. */
export function setPasswordWithLink(token: string, password: string) {
  return api.call(
    'POST /auth/password-reset/confirm',
    { json: { token, password } },
    { token: null, handleUnauthorized: false },
  );
}
