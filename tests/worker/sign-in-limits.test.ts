import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

/** The Worker entry, running in this isolate. */
const worker = (exports as unknown as { default: Fetcher }).default;

function signIn(address: string, email: string, password: string) {
  return worker.fetch('http://portal.test/api/users/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': address },
    body: JSON.stringify({ email, password }),
  });
}

describe('sign-in limits on D1', () => {
  it('refuses the guessing address for an email while another address signs in, and a wrong current password counts', async () => {
    const email = 'limits@workerd.example';
    const create = await worker.fetch('http://portal.test/api/platform/schools', {
      method: 'POST',
      headers: { Authorization: `Bearer ${env.PLATFORM_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Limits School', adminEmail: email, adminPassword: 'limits-pass' }),
    });
    expect(create.status).toBe(201);

    for (let i = 0; i < 5; i++) expect((await signIn('192.0.2.10', email, `wrong-${i}`)).status).toBe(401);
    const locked = await signIn('192.0.2.10', email, 'limits-pass');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);

    const owner = await signIn('2001:db8::1', email, 'limits-pass');
    expect(owner.status).toBe(200);
    const { token } = ((await owner.json()) as { data: { token: string } }).data;
    const change = (currentPassword: string) =>
      worker.fetch('http://portal.test/api/auth/profile', {
        method: 'PUT',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'CF-Connecting-IP': '2001:db8::1',
        },
        body: JSON.stringify({ phone: '555-0100', currentPassword, newPassword: 'limits-pass-2' }),
      });
    for (let i = 0; i < 5; i++) expect((await change(`guess-${i}`)).status).toBe(400);
    expect((await change('limits-pass')).status).toBe(429);
    expect((await signIn('198.51.100.7', email, 'limits-pass')).status).toBe(200);
  });
});
