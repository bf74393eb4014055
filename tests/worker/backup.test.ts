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

    const info = await call('/api/settings/school-info', { token: restored.body.data.token });
    expect(info.body.data.name).toBe('Backup Academy');
    const ritaLogin = await call('/api/teachers/login', {
      method: 'POST',
      json: { email: 'rita@backup.example', password: 'rita-pass' },
    });
    expect(ritaLogin.status).toBe(200);
    expect(ritaLogin.body.teacher.subjects).toEqual([{ name: 'Art' }, { name: 'Music' }]);
  });

  it('keeps a teacher deactivated after the backup out, and ends every earlier session', async () => {
    await call('/api/platform/schools', {
      method: 'POST',
      auth: `Bearer ${env.PLATFORM_TOKEN}`,
      json: { name: 'Revoking Academy', adminEmail: 'admin@revoking.example', adminPassword: 'revoke-pass' },
    });
    const login = await call('/api/users/login', {
      method: 'POST',
      json: { email: 'admin@revoking.example', password: 'revoke-pass' },
    });
    const token = login.body.data.token;
    const teacher = await call('/api/auth/create-teacher', {
      method: 'POST',
      token,
      json: { name: 'Omar', email: 'omar@revoking.example', password: 'omar-pass', phone: '1' },
    });
    expect(teacher.status).toBe(201);
    const omar = { email: 'omar@revoking.example', password: 'omar-pass' };
    const omarToken = (await call('/api/teachers/login', { method: 'POST', json: omar })).body.token;
    const backup = await call('/api/settings/backup', { method: 'POST', token, json: {} });
    expect(backup.status).toBe(201);
    const off = await call(`/api/teachers/${teacher.body.data.teacher._id}`, { method: 'DELETE', token });
    expect(off.status).toBe(200);

    const restored = await call(`/api/settings/backup/${backup.body.data._id}/restore`, { method: 'POST', token });
    expect(restored.status).toBe(200);
    expect((await call('/api/teachers/login', { method: 'POST', json: omar })).status).toBe(401);
    expect((await call('/api/auth/profile', { token: omarToken })).status).toBe(401);
    expect((await call('/api/settings/school-info', { token })).status).toBe(401);
    const fresh = restored.body.data.token;
    expect((await call('/api/settings/school-info', { token: fresh })).status).toBe(200);

    // On D1 too, the guards inside the batch refuse an account of another school's id or email.
    const other = await call('/api/platform/schools', {
      method: 'POST',
      auth: `Bearer ${env.PLATFORM_TOKEN}`,
      json: { name: 'Neighbour Academy', adminEmail: 'admin@neighbour.example', adminPassword: 'neighbour-pass' },
    });
    const files = env.FILES!;
    const key = `backups/${login.body.data.user.schoolId}/${backup.body.data._id}.json.gz`;
    const text = await new Response((await files.get(key))!.body.pipeThrough(new DecompressionStream('gzip'))).text();
    const stranger = { id: other.body.data.admin._id, email: 'stranger@revoking.example' };
    const taken = { id: crypto.randomUUID(), email: 'admin@neighbour.example' };
    for (const [account, status] of [
      [stranger, 422],
      [taken, 409],
    ] as const) {
      const snapshot = JSON.parse(text);
      snapshot.tables.users.push({ ...snapshot.tables.users[0], ...account, role: 'teacher' });
      const bytes = new Blob([JSON.stringify(snapshot)]).stream().pipeThrough(new CompressionStream('gzip'));
      await files.put(key, await new Response(bytes).arrayBuffer());
      const refused = await call(`/api/settings/backup/${backup.body.data._id}/restore`, {
        method: 'POST',
        token: fresh,
      });
      expect(refused.status).toBe(status);
    }
    expect((await call('/api/settings/school-info', { token: fresh })).status).toBe(200);
  });
});
