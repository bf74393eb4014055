/**
 * The browser's API client (no browser needed): a 401 that answers a token already replaced (by a new
 * password, or by the fresh one a restore hands back) must not sign out the session that replaced it.
 */
import { afterEach, expect, it, vi } from 'vitest';

// Loaded by path: the client is type-checked with the DOM library (client/tsconfig.json), this suite without it.
const CLIENT_API = '../../client/lib/api';
type ApiClient = { get: (path: string) => Promise<unknown> };
const { createApiClient } = (await import(/* @vite-ignore */ CLIENT_API)) as {
  createApiClient: (config: { getToken: () => string | null; onUnauthorized: () => void }) => ApiClient;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const refused = () =>
  new Response(JSON.stringify({ success: false, error: 'Invalid token' }), {
    status: 401,
    headers: { 'Content-Type': 'application/json' },
  });

it('ends the session on a 401 for the current token only, not for one replaced while the call was out', async () => {
  let current = 'old-token';
  let ended = 0;
  const client = createApiClient({ getToken: () => current, onUnauthorized: () => ended++ });

  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer old-token');
    current = 'fresh-token';
    return refused();
  });
  await expect(client.get('/settings/backup')).rejects.toMatchObject({ status: 401 });
  expect(ended).toBe(0);

  vi.stubGlobal('fetch', async () => refused());
  await expect(client.get('/settings/backup')).rejects.toMatchObject({ status: 401 });
  expect(ended).toBe(1);
});

it('answers a body cut off mid-read (a page being left) as unreachable, which keeps a session drawn from the device', async () => {
  let ended = 0;
  const client = createApiClient({ getToken: () => 'token', onUnauthorized: () => ended++ });
  vi.stubGlobal('fetch', async () => {
    const body = new ReadableStream({
      start(controller) {
        controller.error(new TypeError('network error'));
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  await expect(client.get('/users/verify')).rejects.toMatchObject({ status: 0 });
  expect(ended).toBe(0);
});
