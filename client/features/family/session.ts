import { useEffect } from 'react';
import { AUTH_FAILED_MESSAGE, createApiClient } from '~/lib/api';
import { navigateTo } from '~/lib/navigation';
import { REFRESH_MARGIN_MS } from '~/lib/session';
import { parentToken, STORAGE_KEYS, storage, studentToken, tokenExpiry } from '~/lib/storage';
import { toast } from '~/lib/toast';

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

const sessions = {
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

/** A refused family token ends the session and returns to the sign-in it came from. */
export function endFamilySessionAfter401() {
  const session = currentFamily();
  const role = session?.role ?? 'parent';
  // Several calls can fail together; the person is told once.
  if (session) toast.error(AUTH_FAILED_MESSAGE);
  clearFamilySession();
  const target = signInPathFor(role);
  if (window.location.pathname !== target) navigateTo(target);
}

/** Calls made as the signed-in parent or student. */
export const familyApi = createApiClient({
  getToken: getFamilyToken,
  onUnauthorized: endFamilySessionAfter401,
});

const RETRY_REFRESH_MS = 60_000;

/**
 * Trades the family token for a fresh one half an hour before it runs out, so a page left open
 * (and its live connection) keeps working; a failed attempt is tried again a minute later.
 */
export function useFamilyTokenRefresh(role: FamilyRole) {
  useEffect(() => {
    const store = sessions[role].token;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = async () => {
      try {
        const data = await familyApi.post<{ token?: string }>('/auth/refresh');
        if (data?.token && store.get()) store.set(data.token);
      } catch {
        if (store.get()) timer = setTimeout(() => void refresh(), RETRY_REFRESH_MS);
      }
    };
    const schedule = () => {
      clearTimeout(timer);
      const token = store.get();
      const expiresAt = token ? tokenExpiry(token) : null;
      if (expiresAt === null) return;
      const due = expiresAt - REFRESH_MARGIN_MS - Date.now();
      timer = setTimeout(() => void refresh(), Math.min(Math.max(due, 0), 2 ** 31 - 1));
    };
    schedule();
    const unsubscribe = store.subscribe(schedule);
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [role]);
}
