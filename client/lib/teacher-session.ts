import type { z } from 'zod';
import type { signedInTeacher } from '../../worker/lib/record-shapes';
import { createApiClient } from './api';
import { rememberLanguages } from './i18n';
import type { Language } from './languages';
import { navigateTo } from './navigation';
import { STORAGE_KEYS, storage, teacherToken } from './storage';

/** The teacher as the teacher sign-in returns it; kept apart from the school session. */
type SignedInTeacher = z.output<typeof signedInTeacher>;
type AccountFields = '_id' | 'name' | 'role' | 'schoolId' | 'school' | 'email' | 'phone';

/**
 * The teacher sign-in's record, as stored; a teacher whose record is gone signs in with none and is stored as
 * their account, so only the account's fields are sure.
 */
export type TeacherData = Pick<SignedInTeacher, '_id' | 'name' | 'role' | 'schoolId' | 'school'> &
  Partial<Omit<SignedInTeacher, AccountFields>> & {
    email: string | null;
    phone: string | null;
    /** The teacher's own language, when the sign-in answered the account's (null: the school's). */
    language?: Language | null;
  };

export function getTeacherToken() {
  return teacherToken.get();
}

export function getTeacherData(): TeacherData | null {
  const raw = storage.get(STORAGE_KEYS.teacherData);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as TeacherData;
  } catch {
    return null;
  }
}

export function storeTeacherSession(token: string, teacher: TeacherData) {
  storage.set(STORAGE_KEYS.teacherData, JSON.stringify(teacher));
  rememberLanguages({ own: teacher.language ?? null, school: teacher.school?.language ?? null });
  teacherToken.set(token);
}

/** The token a password change answers replaces the teacher's own (the old one is revoked). */
export function replaceTeacherToken(token: string) {
  teacherToken.set(token);
}

export function clearTeacherSession() {
  storage.remove(STORAGE_KEYS.teacherData);
  teacherToken.clear();
}

/** Calls made as the signed-in teacher; a 401 ends the teacher session and returns to /teacher-login. */
export const teacherApi = createApiClient({
  getToken: getTeacherToken,
  onUnauthorized() {
    clearTeacherSession();
    if (window.location.pathname !== '/teacher-login') navigateTo('/teacher-login');
  },
});
