import { useSyncExternalStore } from 'react';
import { ApiError, api } from './api';
import { schoolToken, tokenExpiry } from './storage';

export const SCHOOL_ADMIN = 'school_admin';
/** Refresh the token when less than this much of its life is left. */
export const REFRESH_MARGIN_MS = 30 * 60 * 1000;

export interface SessionUser {
  _id: string;
  id?: string;
  name: string;
  email: string;
  role: string;
  phone?: string | null;
  schoolId: string;
  school?: { _id: string; name: string; timeZone?: string } | null;
}

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  token: string | null;
  /** Epoch milliseconds, when known. */
  expiresAt: number | null;
  /** Why the last session ended: the user signed out, or the server refused the token. */
  endedBy?: 'sign-out' | 'expired';
}

const anonymous = (endedBy?: SessionState['endedBy']): SessionState => ({
  status: 'anonymous',
  user: null,
  token: null,
  expiresAt: null,
  endedBy,
});

let state: SessionState = { status: 'loading', user: null, token: null, expiresAt: null };
const listeners = new Set<() => void>();
let verifying: Promise<SessionState> | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<void> | null = null;

function setState(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getSession(): SessionState {
  return state;
}

/** The current session; re-renders when it changes. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

function parseExpiry(expiresAt: unknown, token: string): number | null {
  if (typeof expiresAt === 'string') {
    const at = Date.parse(expiresAt);
    if (!Number.isNaN(at)) return at;
  }
  return tokenExpiry(token);
}

function scheduleRefresh() {
  clearTimeout(refreshTimer);
  if (state.status !== 'authenticated' || state.expiresAt === null) return;
  const due = state.expiresAt - REFRESH_MARGIN_MS - Date.now();
  // setTimeout cannot wait longer than ~24.8 days; a long-lived token is simply checked again later.
  refreshTimer = setTimeout(() => void refreshIfDue(), Math.min(Math.max(due, 0), 2 ** 31 - 1));
}

/** Stores a freshly issued token and its user (after sign-in or refresh). */
export function establishSession(input: { user: SessionUser; token: string; expiresAt?: unknown }) {
  // State first, storage second: the storage listener below then sees a token it already knows.
  setState({
    status: 'authenticated',
    user: input.user,
    token: input.token,
    expiresAt: parseExpiry(input.expiresAt, input.token),
  });
  schoolToken.set(input.token);
  scheduleRefresh();
}

/** The office changed the school (name, time zone): the signed-in user's copy follows, the token stays. */
export function applySchoolChange(school: { _id: string; name: string; timeZone: string }) {
  const user = state.user;
  if (state.status !== 'authenticated' || !user || user.schoolId !== school._id) return;
  setState({ ...state, user: { ...user, school: { ...user.school, ...school } } });
}

/** Forgets the session locally (token, user, timers). */
export function endSession(endedBy: SessionState['endedBy'] = 'sign-out') {
  clearTimeout(refreshTimer);
  if (state.status !== 'anonymous' || state.endedBy !== endedBy) setState(anonymous(endedBy));
  schoolToken.clear();
}

/**
 * Checks the stored token with the server once per visit; resolves when the answer is known.
 * An invalid token, or a server that cannot be reached, removes it.
 */
export function ensureSession(): Promise<SessionState> {
  if (state.status !== 'loading') return Promise.resolve(state);
  if (verifying) return verifying;
  const token = schoolToken.get();
  if (!token) {
    setState(anonymous());
    return Promise.resolve(state);
  }
  verifying = api
    .get<{ user: SessionUser }>('/users/verify', { token, handleUnauthorized: false })
    .then((data) => {
      if (!data?.user) throw new ApiError('No user in the session check', 500);
      setState({ status: 'authenticated', user: data.user, token, expiresAt: tokenExpiry(token) });
      scheduleRefresh();
      void refreshIfDue();
      return state;
    })
    .catch(() => {
      endSession('expired');
      return state;
    })
    .finally(() => {
      verifying = null;
    });
  return verifying;
}

/** Trades the token for a fresh one when less than 30 minutes remain. */
export function refreshIfDue(): Promise<void> {
  if (state.status !== 'authenticated' || !state.token) return Promise.resolve();
  if (state.expiresAt === null || state.expiresAt - Date.now() > REFRESH_MARGIN_MS) {
    scheduleRefresh();
    return Promise.resolve();
  }
  if (refreshing) return refreshing;
  refreshing = api
    .post<{ token: string; expiresAt?: string; user?: SessionUser }>('/auth/refresh')
    .then((data) => {
      if (state.status !== 'authenticated' || !data?.token) return;
      establishSession({
        user: data.user ?? (state.user as SessionUser),
        token: data.token,
        expiresAt: data.expiresAt,
      });
    })
    .catch((error: unknown) => {
      // A 401 has already ended the session (through the API client); otherwise try again in a minute.
      if (error instanceof ApiError && error.status === 401) return;
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(() => void refreshIfDue(), 60_000);
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Signs out on the server (best effort) and here. */
export async function signOut() {
  if (state.token) {
    try {
      await api.post('/auth/logout', undefined, { handleUnauthorized: false });
    } catch {
      // The local session ends whatever the server says.
    }
  }
  endSession('sign-out');
}

export function roleLabel(role: string | undefined | null) {
  return (role ?? '').replace(/_/g, ' ');
}

// The token can also disappear underneath us: a 401 from any call, or a sign-out in another tab.
schoolToken.subscribe((token) => {
  if (token === null && state.status === 'authenticated') {
    clearTimeout(refreshTimer);
    setState(anonymous('expired'));
  } else if (token !== null && token !== state.token && state.status !== 'loading') {
    // Signed in from another tab: check the new token.
    setState({ status: 'loading', user: null, token: null, expiresAt: null });
    void ensureSession();
  }
});

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void refreshIfDue();
  });
}
