import type PartySocket from 'partysocket';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { CLOSE_RECONNECT, CLOSE_SESSION_ENDED } from '../../party/close-codes';
import type { RealtimeEvent } from '../../party/events';
import type { ApiClient, ApiError } from './api';

export type { RealtimeEvent };
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'disconnected';

/** The spec's reconnection rules: 1 s growing to 5 s, 3 attempts, 20 s to connect. */
export const RECONNECT_OPTIONS = {
  minReconnectionDelay: 1000,
  maxReconnectionDelay: 5000,
  reconnectionDelayGrowFactor: 1.3,
  maxRetries: 3,
  connectionTimeout: 20_000,
} as const;

/** What the live connection needs of a portal's API client: its 401 signs the person out as usual. */
export type RealtimeClient = Pick<ApiClient, 'call' | 'currentToken'>;

let socket: PartySocket | null = null;
/** Counts connections asked for: a socket whose code arrives after a newer request (or a close) is not opened. */
let requested = 0;
let pending = false;
let connectedKey: string | null = null;
let connectedClient: RealtimeClient | null = null;
let status: RealtimeStatus = 'idle';
/** When this device last came back after the room ended its session; a second end soon after stays off. */
let lastRecovery = 0;
const RECOVERY_INTERVAL_MS = 10_000;
const statusListeners = new Set<() => void>();
const eventListeners = new Set<(event: RealtimeEvent) => void>();

function setStatus(next: RealtimeStatus) {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

function isEvent(value: unknown): value is RealtimeEvent {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/**
 * The room ended the session of this socket (sign-out, new password, deactivation, expiry). The session check
 * decides: still valid (this device was given a new token) → connect again; refused → the API client's 401
 * signs the person out. Never a loop: ended again within seconds of coming back, the connection stays off.
 */
async function afterSessionEnded(current: PartySocket, client: RealtimeClient) {
  setStatus('disconnected');
  const token = client.currentToken();
  try {
    await client.call('GET /users/verify', {}, { token, handleUnauthorized: false });
  } catch (error) {
    if ((error as ApiError).status !== 401) return;
    // A new token may have arrived meanwhile (a password change answers one); else the 401 signs out.
    if (client.currentToken() === token) {
      await client.call('GET /users/verify').catch(() => undefined);
      return;
    }
  }
  if (socket !== current || Date.now() - lastRecovery < RECOVERY_INTERVAL_MS) return;
  lastRecovery = Date.now();
  reconnectRealtime();
}

/**
 * Opens the school's room. Every (re)connect first asks the API for a single-use ticket, through the portal's
 * own client; the session token never goes into the URL. Calling it again for the same school and client
 * keeps the one connection.
 */
export function connectRealtime(schoolId: string, client: RealtimeClient) {
  if ((socket || pending) && connectedKey === schoolId && connectedClient === client) return;
  disconnectRealtime();
  connectedKey = schoolId;
  connectedClient = client;
  setStatus('connecting');
  // The socket's code is not needed to draw a screen: it arrives after the screen's own.
  const request = ++requested;
  pending = true;
  void import('partysocket').then(({ default: PartySocketClass }) => {
    if (request !== requested) return;
    pending = false;
    openSocket(PartySocketClass, schoolId, client);
  });
}

function openSocket(PartySocketClass: typeof PartySocket, schoolId: string, client: RealtimeClient) {
  const current = new PartySocketClass({
    host: window.location.host,
    party: 'school',
    room: schoolId,
    query: async () => ({ ticket: (await client.call('POST /realtime/ticket')).ticket }),
    // The room's own closes are handled below, not by the retry schedule.
    shouldReconnectOnClose: (event: CloseEvent) => event.code !== CLOSE_SESSION_ENDED && event.code !== CLOSE_RECONNECT,
    ...RECONNECT_OPTIONS,
  });
  socket = current;
  current.addEventListener('open', () => setStatus('open'));
  current.addEventListener('close', (event: CloseEvent) => {
    if (socket !== current) return;
    if (event.code === CLOSE_RECONNECT) {
      // The person's classes changed: back at once, admitted with the new ones.
      reconnectRealtime();
      return;
    }
    if (event.code === CLOSE_SESSION_ENDED) {
      void afterSessionEnded(current, client);
      return;
    }
    // After the last attempt the socket stays closed until reconnectRealtime() is called.
    setStatus(current.retryCount < RECONNECT_OPTIONS.maxRetries ? 'connecting' : 'disconnected');
  });
  current.addEventListener('message', (message: MessageEvent) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(message.data));
    } catch {
      return;
    }
    if (!isEvent(parsed) || !('data' in parsed)) return;
    for (const listener of eventListeners) listener(parsed);
  });
}

/** Closes the connection (on sign-out). */
export function disconnectRealtime() {
  requested += 1;
  pending = false;
  const closing = socket;
  socket = null;
  closing?.close();
  connectedKey = null;
  connectedClient = null;
  setStatus('idle');
}

/** Tries again after the attempts ran out, e.g. when the user clicks the indicator or the tab comes back. */
export function reconnectRealtime() {
  if (!socket) return;
  setStatus('connecting');
  socket.reconnect();
}

export function getRealtimeStatus(): RealtimeStatus {
  return status;
}

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    getRealtimeStatus,
    getRealtimeStatus,
  );
}

/** Runs the handler for every event the room sends to this person; the latest handler is always used. */
export function useRealtimeEvent(handler: (event: RealtimeEvent) => void) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = (event: RealtimeEvent) => latest.current(event);
    eventListeners.add(listener);
    return () => {
      eventListeners.delete(listener);
    };
  }, []);
}

/** Keeps the connection open while a signed-in person with a token is on screen. */
export function useRealtimeConnection(schoolId: string | null | undefined, client: RealtimeClient) {
  useEffect(() => {
    if (!schoolId || !client.currentToken()) return;
    connectRealtime(schoolId, client);
    const retry = () => {
      if (getRealtimeStatus() === 'disconnected') reconnectRealtime();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') retry();
    };
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', onVisible);
      disconnectRealtime();
    };
  }, [schoolId, client]);
}
