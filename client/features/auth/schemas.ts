import { t } from '@lingui/core/macro';
// Plain checks rather than a schema library: the sign-in screen is the first download and must stay small.
export const PASSWORD_MIN = 6;

/** The same addresses the API's email validation accepts. */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export interface SignInInput {
  email: string;
  password: string;
}
export type SignInField = keyof SignInInput;
export type SignInErrors = Partial<Record<SignInField, string>>;

/** The first message for each field, in the spec's words, or null when the input is valid. */
export function validateSchoolSignIn(input: SignInInput): SignInErrors | null {
  const errors: SignInErrors = {};
  const email = input.email.trim();
  if (!email) errors.email = t`Email is required`;
  else if (!EMAIL.test(email)) errors.email = t`Email is invalid`;
  if (!input.password) errors.password = t`Password is required`;
  else if (input.password.length < PASSWORD_MIN)
    errors.password = t`Password must be at least ${PASSWORD_MIN} characters`;
  return errors.email || errors.password ? errors : null;
}
