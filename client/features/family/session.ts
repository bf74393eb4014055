import { useEffect } from 'react';
import { authFailedMessage, createApiClient } from '~/lib/api';
import { navigateTo } from '~/lib/navigation';
import { REFRESH_MARGIN_MS } from '~/lib/session';
import { tokenExpiry } from '~/lib/storage';
import { toast } from '~/lib/toast';

import {
  clearFamilySession,
  currentFamily,
  type FamilyRole,
  getFamilyToken,
  sessions,
  signInPathFor,
} from './stored-session';

export {
  type ChildSummary,
  type ClassRef,
  clearFamilySession,
  currentFamily,
  type FamilyRole,
  type FamilyUser,
  getFamilyToken,
  type ParentData,
  replaceFamilyToken,
  type StudentData,
  signInPathFor,
  storeFamilySession,
} from './stored-session';

/** A refused family token ends the session and returns to the sign-in it came from. */
export function endFamilySessionAfter401() {
  const session = currentFamily();
  const role = session?.role ?? 'parent';
  // Several calls can fail together; the person is told once.
  if (session) toast.error(authFailedMessage());
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
        const data = await familyApi.call('POST /auth/refresh');
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
