import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { ApiError } from '~/lib/api';
import { navigateTo } from '~/lib/navigation';
import { familyChildrenQuery, familyProfileQuery } from './api';
import {
  type ChildSummary,
  clearFamilySession,
  currentFamily,
  type FamilyRole,
  type FamilyUser,
  type ParentData,
  type StudentData,
  signInPathFor,
  storedFamilyData,
} from './stored-session';

export interface FamilyContext {
  role: FamilyRole;
  user: FamilyUser;
  children: ChildSummary[];
}

/** The family as this device stored it at sign-in: a parent with their children, or a student who is their own child. */
export function storedFamily(role: FamilyRole): FamilyContext | null {
  const data = storedFamilyData(role);
  if (!data) return null;
  if (role === 'parent') {
    const parent = data as ParentData;
    return { role, user: parent, children: Array.isArray(parent.children) ? parent.children : [] };
  }
  const student = data as StudentData;
  const user = { ...student, role: 'student' };
  return { role, user, children: [student] };
}

/** The family as the server last answered it, when both answers are in the cache. */
function cachedFamily(queryClient: QueryClient, role: FamilyRole): FamilyContext | null {
  const profile = queryClient.getQueryData(familyProfileQuery(role).queryKey);
  const children = queryClient.getQueryData(familyChildrenQuery(role).queryKey);
  if (profile?.user?.role !== role || children === undefined) return null;
  return { role, user: profile.user, children: Array.isArray(children) ? children : [] };
}

async function loadFamily(queryClient: QueryClient, role: FamilyRole): Promise<FamilyContext> {
  const [profile, children] = await Promise.all([
    queryClient.ensureQueryData(familyProfileQuery(role)),
    queryClient.ensureQueryData(familyChildrenQuery(role)),
  ]);
  // i18n-ignore: a 403 is never shown, it signs out (and this module is part of the first screen's frame)
  if (profile?.user?.role !== role) throw new ApiError('This account is not a family account', 403);
  return { role, user: profile.user, children: Array.isArray(children) ? children : [] };
}

const refused = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

function signOutRefused(queryClient: QueryClient, role: FamilyRole) {
  clearFamilySession(role);
  queryClient.removeQueries({ queryKey: ['family'] });
}

/**
 * Checks the family token alongside a portal drawn from the device: true once the server's answers are cached,
 * false when it could not be reached (the page's own calls then fail). A refusal signs out to the right sign-in.
 */
function checkFamily(queryClient: QueryClient, role: FamilyRole): Promise<boolean> {
  return loadFamily(queryClient, role).then(
    () => true,
    (error: unknown) => {
      if (refused(error)) {
        signOutRefused(queryClient, role);
        navigateTo(signInPathFor(role));
      }
      return false;
    },
  );
}

/**
 * For the family routes' `beforeLoad`. A page load draws the portal at once from what this device stored at sign-in
 * and checks the token alongside (`checking`); without it, it waits for the check. No token, or a refused one, goes
 * to the right sign-in.
 */
export async function requireFamily(
  queryClient: QueryClient,
): Promise<{ family: FamilyContext; checking: Promise<boolean> | null }> {
  const session = currentFamily();
  if (!session) throw redirect({ to: '/parent-login', replace: true });
  const { role } = session;
  const known = cachedFamily(queryClient, role);
  if (known) return { family: known, checking: null };
  const stored = storedFamily(role);
  if (stored) return { family: stored, checking: checkFamily(queryClient, role) };
  try {
    return { family: await loadFamily(queryClient, role), checking: null };
  } catch (error) {
    if (refused(error)) {
      signOutRefused(queryClient, role);
      throw redirect({ to: signInPathFor(role), replace: true });
    }
    throw error;
  }
}
