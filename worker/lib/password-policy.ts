/**
 * The rule for a password a person chooses (OWASP ASVS 5.0 V6.2.1 and V6.2.4): at least 8 characters and not
 * one of the 10,000 most common passwords. Shared by the Worker and the screens; neither list is imported
 * here, so the screens load theirs only where a password is chosen.
 */
export const CHOSEN_PASSWORD_MIN = 8;
/** A password the office types and the person must replace at first sign-in keeps the spec's 6 characters. */
export const TEMPORARY_PASSWORD_MIN = 6;
/** How many of the ranked list's most common passwords are refused. */
export const COMMON_PASSWORD_COUNT = 10_000;

export const PASSWORD_TOO_SHORT = `Use at least ${CHOSEN_PASSWORD_MIN} characters.`;
export const PASSWORD_TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';
export const CHOSEN_PASSWORD_HINT = `At least ${CHOSEN_PASSWORD_MIN} characters, and not a common password. A short sentence is easy to remember and hard to guess.`;

/** The message for a chosen password that breaks the rule, or null. The list holds lower-case passwords. */
export function chosenPasswordProblem(password: string, common: ReadonlySet<string>): string | null {
  if (password.length < CHOSEN_PASSWORD_MIN) return PASSWORD_TOO_SHORT;
  if (common.has(password.toLowerCase())) return PASSWORD_TOO_COMMON;
  return null;
}

/** The shortest password the office may type: 6 when the person must replace it, else the chosen rule's 8. */
export const officePasswordMin = (replacedAtFirstSignIn: boolean) =>
  replacedAtFirstSignIn ? TEMPORARY_PASSWORD_MIN : CHOSEN_PASSWORD_MIN;

/** The office forms' hint under a password field, following the 'Ask for a new password' box. */
export const officePasswordHint = (replacedAtFirstSignIn: boolean) =>
  replacedAtFirstSignIn
    ? `At least ${TEMPORARY_PASSWORD_MIN} characters`
    : `At least ${CHOSEN_PASSWORD_MIN} characters, and not a common password: the person keeps it`;
