import type { QueryClient } from '@tanstack/react-query';
import { storeFamilySession } from '~/features/family/session';
import { establishSession } from '~/lib/session';
import { storeTeacherSession } from '~/lib/teacher-session';
import type { SignedIn } from './api';

export type PortalPath = '/dashboard' | '/teacher-dashboard' | '/family';

/**
 * Keeps a new session where the person's own portal looks for it, and says where that portal is. Whatever an
 * earlier session of that portal cached belongs to someone else.
 */
export function enterPortal(signedIn: SignedIn, queryClient: QueryClient): PortalPath {
  const { user, token } = signedIn;
  if (user.role === 'teacher') {
    queryClient.removeQueries({ queryKey: ['teacher'] });
    storeTeacherSession(token, signedIn.teacher ?? { ...user, school: user.school ?? null });
    return '/teacher-dashboard';
  }
  if (user.role === 'parent') {
    queryClient.removeQueries({ queryKey: ['family'] });
    storeFamilySession('parent', token, signedIn.parent ?? { ...user, children: [] });
    return '/family';
  }
  if (user.role === 'student' && signedIn.student) {
    queryClient.removeQueries({ queryKey: ['family'] });
    // The family pages read the school's zone from the stored student, as from the stored user.
    storeFamilySession('student', token, { ...signedIn.student, schoolId: user.schoolId, school: user.school });
    return '/family';
  }
  // The office's portal; it shows 'Access Denied' to any other role.
  establishSession(signedIn);
  return '/dashboard';
}
