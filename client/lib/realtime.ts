import PartySocket from 'partysocket';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { RealtimeEvent } from '../../party/events';

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

let socket: PartySocket | null = null;
let connectedKey: string | null = null;
let status: RealtimeStatus = 'idle';
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
 * Opens the school's room with the given token (read again on every reconnect, so a refreshed token is used).
 * Calling it again for the same school and token source keeps the one connection.
 */
export function connectRealtime(schoolId: string, getToken: () => string | null) {
  const key = schoolId;
  if (socket && connectedKey === key) return;
  disconnectRealtime();
  connectedKey = key;
  setStatus('connecting');
  socket = new PartySocket({
    host: window.location.host,
    party: 'school',
    room: schoolId,
    query: () => ({ token: getToken() }),
    ...RECONNECT_OPTIONS,
  });
  socket.addEventListener('open', () => setStatus('open'));
  socket.addEventListener('close', () => {
    // After the last attempt the socket stays closed until reconnectRealtime() is called.
    setStatus(socket && socket.retryCount < RECONNECT_OPTIONS.maxRetries ? 'connecting' : 'disconnected');
  });
  socket.addEventListener('message', (message: MessageEvent) => {
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
  socket?.close();
  socket = null;
  connectedKey = null;
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
export function useRealtimeConnection(schoolId: string | null | undefined, getToken: () => string | null) {
  useEffect(() => {
    if (!schoolId || !getToken()) return;
    connectRealtime(schoolId, getToken);
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
  }, [schoolId, getToken]);
}
