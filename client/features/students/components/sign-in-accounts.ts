import { portalTimeZone, schoolFormat } from '~/lib/school-time';
import type { SignInAccount, SignInState, Student } from '../api';
import { RELATION_LABELS } from '../format';

export const ACCOUNT_LABELS: Record<SignInAccount, string> = { student: 'Student', ...RELATION_LABELS };

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
  return schoolFormat({ dateStyle: 'medium', timeStyle: 'short' }, timeZone).format(new Date(iso));
}
