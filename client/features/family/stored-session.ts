import type { z } from 'zod';
import type { Row } from '~/lib/answers';
import { parentToken, STORAGE_KEYS, storage, studentToken } from '~/lib/storage';
import type { accountRecord, signedInParent, signedInStudent } from '../../../worker/lib/record-shapes';
import type { listChildrenAnswer } from '../../../worker/modules/family/answers';

// Plain storage, apart from the family portal's React parts: the sign-in pages keep a family session with it.
export type FamilyRole = 'student' | 'parent';

export type { ClassRef } from '~/lib/answers';

/** A child as the parent's sign-in, `/api/family/children` and the student's own sign-in all describe them. */
export type ChildSummary = Pick<Row<typeof listChildrenAnswer>, '_id' | 'name' | 'rollNumber' | 'classId'> & {
  status: string;
};

/** The signed-in parent's or student's account (a student's is made from their stored record). */
export type FamilyUser = Pick<z.output<typeof accountRecord>, '_id' | 'name' | 'email' | 'schoolId' | 'school'> & {
  role: string;
};

/** What the student sign-in returns about the student, stored with the account's school beside it. */
export type StudentData = z.output<typeof signedInStudent> & Pick<FamilyUser, 'schoolId' | 'school'>;

/** What the parent sign-in returns: the account with the children. */
export type ParentData = z.output<typeof signedInParent>;

export const sessions = {
  student: { token: studentToken, dataKey: STORAGE_KEYS.studentData, signIn: '/student-login' },
  parent: { token: parentToken, dataKey: STORAGE_KEYS.parentData, signIn: '/parent-login' },
} as const;

type FamilySignInPath = (typeof sessions)[FamilyRole]['signIn'];

export function signInPathFor(role: FamilyRole): FamilySignInPath {
  return sessions[role].signIn;
}

/** The family session this browser holds: one at a time, a parent's or a student's. */
export function currentFamily(): { role: FamilyRole; token: string } | null {
  for (const role of ['parent', 'student'] as const) {
    const token = sessions[role].token.get();
    if (token) return { role, token };
  }
  return null;
}

export function getFamilyToken(): string | null {
  return currentFamily()?.token ?? null;
}

export function clearFamilySession(role?: FamilyRole) {
  for (const each of role ? [role] : (['parent', 'student'] as const)) {
    storage.remove(sessions[each].dataKey);
    sessions[each].token.clear();
  }
}

/** Signing in as one family member signs the other out on this device, so the home shows one person. */
export function storeFamilySession(role: FamilyRole, token: string, data: ParentData | StudentData) {
  clearFamilySession(role === 'parent' ? 'student' : 'parent');
  storage.set(sessions[role].dataKey, JSON.stringify(data));
  sessions[role].token.set(token);
}

/** The token a password change answers replaces the family session's own (the old one is revoked). */
export function replaceFamilyToken(role: FamilyRole, token: string) {
  sessions[role].token.set(token);
}

/** What this device stored at sign-in about the family member signed in as `role`, if it can be read. */
export function storedFamilyData(role: FamilyRole): ParentData | StudentData | null {
  try {
    const data = JSON.parse(storage.get(sessions[role].dataKey) ?? 'null') as ParentData | StudentData | null;
    return data && typeof data.name === 'string' && typeof data.schoolId === 'string' ? data : null;
  } catch {
    return null;
  }
}
