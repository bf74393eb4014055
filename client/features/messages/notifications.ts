import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '~/lib/api';
import { api } from '~/lib/api';
import type { CallData } from '~/lib/calls';

/** The caller's channels for every kind of message, as the server keeps them (and the form sends them back). */
export type ChannelChoices = CallData<'GET /messages/choices'>;

export const notificationKeys = {
  choices: ['messages', 'choices'] as const,
  pushKey: ['push', 'key'] as const,
};

export const choicesQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: notificationKeys.choices,
    queryFn: ({ signal }) => client.call('GET /messages/choices', undefined, { signal }),
  });

export const pushKeyQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: notificationKeys.pushKey,
    queryFn: ({ signal }) => client.call('GET /push/key', undefined, { signal }),
    staleTime: 60 * 60_000,
  });

export function useSaveChoices(client: ApiClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choices: ChannelChoices) => client.call('PUT /messages/choices', { json: choices }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.choices, saved),
  });
}

/** This browser can take Web Push: a service worker, the Push API and notifications. */
export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  typeof Notification !== 'undefined';

function keyBytes(base64url: string) {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** This phone's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks permission, registers the service worker, subscribes with the server's key, and tells the server. */
export async function turnOnPush(client: ApiClient, publicKey: string): Promise<'on' | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const body = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  await client.call('POST /push/subscriptions', { json: { endpoint: body.endpoint, keys: body.keys } });
  return 'on';
}

/** Tells the server to forget this phone, then drops the browser's subscription. */
export async function turnOffPush(client: ApiClient) {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await client.call('POST /push/subscriptions/remove', { json: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

/** An e-mail's unsubscribe link: what it stops, then stopping it (no account needed). */
export function unsubscribeInfo(token: string) {
  return api.call('GET /unsubscribe', { query: { token } }, { token: null, handleUnauthorized: false });
}

export function unsubscribeByLink(token: string) {
  return api.call('POST /unsubscribe', { query: { token } }, { token: null, handleUnauthorized: false });
}
