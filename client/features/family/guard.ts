import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { ApiError } from '~/lib/api';
import { familyChildrenQuery, familyProfileQuery } from './api';
import {
  type ChildSummary,
  clearFamilySession,
  currentFamily,
  type FamilyRole,
  type FamilyUser,
  signInPathFor,
} from './session';

export interface FamilyContext {
  role: FamilyRole;
  user: FamilyUser;
  children: ChildSummary[];
}

/**
 * For the family routes' `beforeLoad`: checks the stored parent or student token with the server once
 * (then from the cache) and loads the children. No token, or a refused one, goes to the right sign-in.
 */
export async function requireFamily(queryClient: QueryClient): Promise<{ family: FamilyContext }> {
  const session = currentFamily();
  if (!session) throw redirect({ to: '/parent-login', replace: true });
  const { role } = session;
  try {
    const [profile, children] = await Promise.all([
      queryClient.ensureQueryData(familyProfileQuery(role)),
      queryClient.ensureQueryData(familyChildrenQuery(role)),
    ]);
    if (profile?.user?.role !== role) throw new ApiError('This account is not a family account', 403);
    return { family: { role, user: profile.user, children: Array.isArray(children) ? children : [] } };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      clearFamilySession(role);
      queryClient.removeQueries({ queryKey: ['family'] });
      throw redirect({ to: signInPathFor(role), replace: true });
    }
    throw error;
  }
}
