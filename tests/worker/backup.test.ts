import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

const worker = (exports as unknown as { default: Fetcher }).default;

async function call(path: string, init: { method?: string; token?: string; json?: unknown; auth?: string } = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.auth) headers.Authorization = init.auth;
  const res = await worker.fetch(`http://portal.test${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('backup and restore on D1 and R2', () => {
  it('restores a school exactly through the Worker entry', async () => {
    await call('/api/platform/schools', {
      method: 'POST',
      auth: `Bearer ${env.PLATFORM_TOKEN}`,
      json: { name: 'Backup Academy', adminEmail: 'admin@backup.example', adminPassword: 'backup-pass' },
    });
    const login = await call('/api/users/login', {
      method: 'POST',
      json: { email: 'admin@backup.example', password: 'backup-pass' },
    });
    const token = login.body.data.token;
    const teacher = await call('/api/auth/create-teacher', {
      method: 'POST',
      token,
      json: {
        name: 'Rita',
        email: 'rita@backup.example',
        password: 'rita-pass',
        phone: '1',
        subjects: ['Art', 'Music'],
      },
    });
    expect(teacher.status).toBe(201);

    const backup = await call('/api/settings/backup', { method: 'POST', token, json: {} });
    expect(backup.status).toBe(201);
    expect(backup.body.data.rowCounts).toMatchObject({ users: 2, teachers: 1, departments: 7 });

    await call('/api/settings/school-info', { method: 'PUT', token, json: { name: 'Renamed Academy' } });
    const restored = await call(`/api/settings/backup/${backup.body.data._id}/restore`, { method: 'POST', token });
    expect(restored.status).toBe(200);

    const info = await call('/api/settings/school-info', { token });
    expect(info.body.data.name).toBe('Backup Academy');
    const ritaLogin = await call('/api/teachers/login', {
      method: 'POST',
      json: { email: 'rita@backup.example', password: 'rita-pass' },
    });
    expect(ritaLogin.status).toBe(200);
    expect(ritaLogin.body.teacher.subjects).toEqual([{ name: 'Art' }, { name: 'Music' }]);
  });
});
