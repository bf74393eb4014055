import { storeFamilySession } from '~/features/family';
import { rememberLanguages } from '~/lib/i18n';
import { STORAGE_KEYS, schoolToken, storage } from '~/lib/storage';
import { storeTeacherSession } from '~/lib/teacher-session';
import type { SignedIn } from './api';

export type PortalPath = '/dashboard' | '/teacher-dashboard' | '/family';

/** The portal a signed-in person opens: the office's shows 'Access Denied' to any role it does not know. */
export function portalOf({ user, student }: SignedIn): PortalPath {
  if (user.role === 'teacher') return '/teacher-dashboard';
  if (user.role === 'parent' || (user.role === 'student' && student)) return '/family';
  return '/dashboard';
}

/** Stores a new session where its portal reads it on a page load. Plain storage: the sign-in pages use it too. */
export function storeSession(signedIn: SignedIn): PortalPath {
  const { user, token } = signedIn;
  const portal = portalOf(signedIn);
  // The portal then opens in the person's language (or their school's) from its first draw.
  rememberLanguages({ own: user.language ?? null, school: user.school?.language ?? null });
  if (user.role === 'teacher') {
    storeTeacherSession(token, signedIn.teacher ?? { ...user, school: user.school ?? null });
  } else if (user.role === 'parent') {
    storeFamilySession('parent', token, signedIn.parent ?? { ...user, children: [] });
  } else if (portal === '/family' && signedIn.student) {
    // The family pages read the school's zone from the stored student, as from the stored user.
    storeFamilySession('student', token, { ...signedIn.student, schoolId: user.schoolId, school: user.school });
  } else {
    storage.set(STORAGE_KEYS.schoolUser, JSON.stringify(user));
    schoolToken.set(token);
  }
  return portal;
}
