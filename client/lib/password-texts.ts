import { t } from '@lingui/core/macro';
import {
  CHOSEN_PASSWORD_MIN,
  chosenPasswordProblem,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_SHORT,
  TEMPORARY_PASSWORD_MIN,
} from '../../worker/lib/password-policy';

/**
 * The password rule's words (worker/lib/password-policy.ts) as the screens show them, in the person's language;
 * the rule itself, and its figures, stay the Worker's.
 */
export const passwordTooShort = () => t`Use at least ${CHOSEN_PASSWORD_MIN} characters.`;
export const passwordTooCommon = () => t`This password is too common. Choose one that is harder to guess.`;
export const chosenPasswordHint = () =>
  t`At least ${CHOSEN_PASSWORD_MIN} characters, and not a common password. A short sentence is easy to remember and hard to guess.`;

/** The office forms' hint under a password field, following the 'Ask for a new password' box. */
export const officePasswordHint = (replacedAtFirstSignIn: boolean) =>
  replacedAtFirstSignIn
    ? t`At least ${TEMPORARY_PASSWORD_MIN} characters`
    : t`At least ${CHOSEN_PASSWORD_MIN} characters, and not a common password: the person keeps it`;

/** What is wrong with a password a person chooses, in their language, or null. */
export function choosePasswordProblem(password: string, common: ReadonlySet<string>): string | null {
  const problem = chosenPasswordProblem(password, common);
  if (problem === PASSWORD_TOO_SHORT) return passwordTooShort();
  if (problem === PASSWORD_TOO_COMMON) return passwordTooCommon();
  return problem;
}
