import { t } from '@lingui/core/macro';
import { useSyncExternalStore } from 'react';
import type { z } from 'zod';
import type { accountRecord } from '../../worker/lib/record-shapes';
import { ApiError, api } from './api';
import { rememberLanguages } from './i18n';
import type { Language } from './languages';
import { STORAGE_KEYS, schoolToken, storage, tokenExpiry } from './storage';
import { toast } from './toast';

export const SCHOOL_ADMIN = 'school_admin';
/** Refresh the token when less than this much of its life is left. */
export const REFRESH_MARGIN_MS = 30 * 60 * 1000;

/** The signed-in account, as every sign-in, the session check and a refresh answer it. */
export type SessionUser = z.output<typeof accountRecord>;

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

const loading = (): SessionState => ({ status: 'loading', user: null, token: null, expiresAt: null });

function storedUser(): SessionUser | null {
  try {
    const user = JSON.parse(storage.get(STORAGE_KEYS.schoolUser) ?? 'null') as SessionUser | null;
    return user && typeof user.role === 'string' && typeof user.name === 'string' ? user : null;
  } catch {
    return null;
  }
}

function keepUser(user: SessionUser | null) {
  if (user) storage.set(STORAGE_KEYS.schoolUser, JSON.stringify(user));
  else storage.remove(STORAGE_KEYS.schoolUser);
}

/**
 * A page load starts from what this device stored at sign-in, so the portal's frame draws at once; the server
 * still checks the token (ensureSession), and a refusal signs out. Without a stored user, or past the token's
 * expiry, the page waits for that check.
 */
function startingState(): SessionState {
  const token = schoolToken.get();
  const user = token ? storedUser() : null;
  const expiresAt = token ? tokenExpiry(token) : null;
  if (!token || !user || expiresAt === null || expiresAt <= Date.now()) return loading();
  return { status: 'authenticated', user, token, expiresAt };
}

// Without a window the sign-in pages are being drawn at build time: signed out.
let state: SessionState = typeof window === 'undefined' ? anonymous() : startingState();
/** Whether the server has vouched for the current token during this visit. */
let checked = false;
const listeners = new Set<() => void>();
let verifying: Promise<SessionState> | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<void> | null = null;
/** Counts the person's language choices, so an answer sent before the latest one cannot undo it. */
let languageChoices = 0;

function setState(next: SessionState) {
  // The screens speak the person's language, else the school's, as the server last said.
  if (next.user) rememberLanguages({ own: next.user.language ?? null, school: next.user.school?.language ?? null });
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
  checked = true;
  keepUser(input.user);
  schoolToken.set(input.token);
  scheduleRefresh();
}

/** The office changed the school (name, time zone): the signed-in user's copy follows, the token stays. */
export function applySchoolChange(school: { _id: string; name: string; timeZone: string; language?: Language }) {
  const user = state.user;
  if (state.status !== 'authenticated' || !user || user.schoolId !== school._id) return;
  setState({ ...state, user: { ...user, school: { ...user.school, ...school } } });
  keepUser(state.user);
}

/**
 * The person's own language (null: the school's), shown at once and kept on their account, so it follows them to
 * every device; if the server refuses, the screens go back to the one before.
 */
export async function chooseLanguage(language: Language | null) {
  const user = state.user;
  if (state.status !== 'authenticated' || !user) return;
  const before = user.language ?? null;
  const withLanguage = (value: Language | null) => {
    if (state.status !== 'authenticated' || !state.user) return;
    setState({ ...state, user: { ...state.user, language: value } });
    keepUser(state.user);
  };
  languageChoices += 1;
  withLanguage(language);
  try {
    await api.call('PUT /auth/profile', { json: { language } });
  } catch (error) {
    withLanguage(before);
    toast.error(t`Your language could not be saved`, { description: (error as Error).message });
  }
}

/** Forgets the session locally (token, user, timers). */
export function endSession(endedBy: SessionState['endedBy'] = 'sign-out') {
  clearTimeout(refreshTimer);
  if (state.status !== 'anonymous' || state.endedBy !== endedBy) setState(anonymous(endedBy));
  keepUser(null);
  schoolToken.clear();
}

/**
 * Checks the stored token with the server once per visit. A session drawn from the device resolves at once and is
 * checked alongside; otherwise this resolves when the answer is known. An invalid token, or a server that cannot
 * be reached, removes it.
 */
export function ensureSession(): Promise<SessionState> {
  if (state.status === 'authenticated' && !checked) {
    void verify();
    return Promise.resolve(state);
  }
  if (state.status !== 'loading') return Promise.resolve(state);
  if (!schoolToken.get()) {
    setState(anonymous());
    return Promise.resolve(state);
  }
  return verify();
}

function verify(): Promise<SessionState> {
  const token = schoolToken.get();
  const drawnFromDevice = state.status === 'authenticated';
  if (verifying) return verifying;
  if (!token) return Promise.resolve(state);
  const choicesBefore = languageChoices;
  verifying = api
    .get<{ user: SessionUser }>('/users/verify', { token, handleUnauthorized: false })
    .then((data) => {
      if (!data?.user) throw new ApiError(t`The server did not confirm who is signed in`, 500);
      // Signed out, or signed in afresh, while the check was on its way: that newer state stands.
      if (schoolToken.get() !== token) return state;
      checked = true;
      // A language chosen while the check was on its way is newer than the answer's.
      const user =
        languageChoices === choicesBefore || !state.user ? data.user : { ...data.user, language: state.user.language };
      setState({ status: 'authenticated', user, token, expiresAt: tokenExpiry(token) });
      keepUser(user);
      scheduleRefresh();
      void refreshIfDue();
      return state;
    })
    .catch((error: unknown) => {
      if (schoolToken.get() !== token) return state;
      // A frame drawn from the device survives an unreachable server (or a page left mid-check): its calls fail
      // on their own, and the next page load checks again. A refused token always signs out.
      const unanswered = !(error instanceof ApiError) || error.status === 0;
      if (drawnFromDevice && unanswered) return state;
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
      await api.call('POST /auth/logout', {}, { handleUnauthorized: false });
    } catch {
      // The local session ends whatever the server says.
    }
  }
  endSession('sign-out');
}

/** A role as people read it: "school admin", "teacher", … */
export function roleLabel(role: string | undefined | null) {
  switch (role) {
    case 'school_admin':
      return t`school admin`;
    case 'teacher':
      return t`teacher`;
    case 'student':
      return t`student`;
    case 'parent':
      return t`parent`;
    default:
      return (role ?? '').replace(/_/g, ' ');
  }
}

// The token can also disappear underneath us: a 401 from any call, or a sign-out in another tab.
schoolToken.subscribe((token) => {
  if (token === null && state.status === 'authenticated') {
    clearTimeout(refreshTimer);
    keepUser(null);
    setState(anonymous('expired'));
  } else if (token !== null && token !== state.token && state.status !== 'loading') {
    // Signed in from another tab: check the new token.
    checked = false;
    setState(loading());
    void ensureSession();
  }
});

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void refreshIfDue();
  });
}
