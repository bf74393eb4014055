import { parentToken, STORAGE_KEYS, storage, studentToken } from '~/lib/storage';

// Plain storage, apart from the family portal's React parts: the sign-in pages keep a family session with it.
export type FamilyRole = 'student' | 'parent';

export interface ClassRef {
  _id: string;
  name: string | null;
  section: string | null;
}

/** A child as the family sign-ins and `/api/family/children` describe them. */
export interface ChildSummary {
  _id: string;
  name: string;
  rollNumber: string | null;
  admissionNumber?: string | null;
  relation?: string | null;
  status: string;
  classId: ClassRef | null;
}

export interface FamilyUser {
  _id: string;
  name: string;
  email: string;
  phone?: string | null;
  role: string;
  schoolId: string;
  school?: { _id: string; name: string } | null;
}

/** What the student sign-in returns about the student, with the school it belongs to. */
export interface StudentData extends ChildSummary {
  email: string;
  phone?: string | null;
  schoolId?: string;
  school?: { _id: string; name: string } | null;
}

export interface ParentData extends FamilyUser {
  children: ChildSummary[];
}

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
