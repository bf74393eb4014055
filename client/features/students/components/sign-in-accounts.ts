import { msg } from '@lingui/core/macro';
import { currentLanguage, i18n } from '~/lib/i18n';
import { portalTimeZone } from '~/lib/school-time';
import type { SignInAccount, SignInState, Student } from '../api';
import { relationLabel } from '../format';

const STUDENT = msg`Student`;

/** 'Student', or the parent's relation ('Father'). */
export const accountLabel = (account: SignInAccount) =>
  account === 'student' ? i18n._(STUDENT) : relationLabel(account);

/** The accounts that can sign in for this student: their own, then each linked parent or guardian. */
export function signInAccounts(student: Student) {
  const accounts: { account: SignInAccount; name: string; email: string; signIn?: SignInState }[] = [];
  if (student.email) {
    accounts.push({ account: 'student', name: student.name, email: student.email, signIn: student.signIn });
  }
  for (const p of student.parents) {
    accounts.push({ account: p.relation, name: p.name, email: p.email, signIn: p.signIn });
  }
  return accounts;
}

/** An instant as the school's wall clock reads it, e.g. 'Dec 10, 2026, 9:30 AM'. */
export function formatSchoolInstant(iso: string, timeZone = portalTimeZone()) {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(currentLanguage(), { ...options, timeZone: timeZone || undefined });
  } catch {
    format = new Intl.DateTimeFormat(currentLanguage(), options);
  }
  return format.format(new Date(iso));
}
