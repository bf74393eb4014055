/**
 * A school keeps its own copy: an administrator downloads a backup as a signed file and restores from it. The
 * upload goes through the same checks and merge as a stored backup, and a foreign, damaged or altered file is
 * refused with the same messages, changing nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { signedFile } from '../../worker/modules/settings/backup-file';
import { createTestApp, createTestSchool, JWT_SECRET, json, PASSWORD, signIn, type TestApp } from '../support/app';
import { createClass, createStudent } from '../support/factories';
import { schoolDigest } from '../support/faults';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const DAMAGED = 'The backup file is damaged and cannot be restored';
const FOREIGN = 'This backup belongs to another school and cannot be restored here';

async function schoolWithBackup() {
  const school = await createTestSchool(t);
  const token = await signIn(t, school.adminEmail);
  const classId = await createClass(t, school.schoolId);
  const student = await createStudent(t, school.schoolId, { classId });
  const res = await t.request('/api/settings/backup', { method: 'POST', token, json: {} });
  const backupId = (await json<any>(res)).data._id as string;
  return { ...school, token, classId, student, backupId };
}

const download = (token: string, backupId: string) => t.request(`/api/settings/backup/${backupId}/download`, { token });

const upload = (token: string, bytes: Uint8Array | ArrayBuffer, type = 'application/gzip') =>
  t.request('/api/settings/backup/restore-upload', {
    method: 'POST',
    token,
    headers: { 'Content-Type': type },
    body: bytes as BodyInit,
  });

const gunzip = async (bytes: ArrayBuffer) =>
  JSON.parse(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text());

describe('downloading a backup', () => {
  it('gives the administrator a gzip file, never cached, without password hashes, logged as an export', async () => {
    const s = await schoolWithBackup();
    const res = await download(s.token, s.backupId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="school-backup-[\d-]+\.json\.gz"/);
    const file = await gunzip(await res.arrayBuffer());
    expect(file.schoolId).toBe(s.schoolId);
    expect(file.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(file.tables.students.length).toBe(1);
    expect(JSON.stringify(file)).not.toContain('$argon2');
    expect(file.tables.users.every((u: any) => !('passwordHash' in u))).toBe(true);
    const logs = await t.db.select().from(activityLogs);
    expect(logs.find((l) => l.entityId === s.backupId && l.action === 'export')).toMatchObject({
      summary: expect.stringContaining('Downloaded the backup'),
    });
  });

  it('is for administrators of the school only: another role answers 403, another school 404', async () => {
    const s = await schoolWithBackup();
    const teacherEmail = `t-${newId()}@example.org`;
    await t.request('/api/auth/create-teacher', {
      method: 'POST',
      token: s.token,
      json: { name: 'Tam Teacher', email: teacherEmail, password: PASSWORD, phone: '1', requirePasswordChange: false },
    });
    const teacher = await signIn(t, teacherEmail, PASSWORD, '/api/teachers/login');
    expect((await download(teacher, s.backupId)).status).toBe(403);
    expect((await t.request(`/api/settings/backup/${s.backupId}/download`)).status).toBe(401);
    const other = await schoolWithBackup();
    const res = await download(other.token, s.backupId);
    expect(res.status).toBe(404);
    expect((await json<any>(res)).error).toBe('Backup not found');
  });
});

describe('restoring from an uploaded file', () => {
  it("restores the school's data from its own file and answers a fresh token", async () => {
    const s = await schoolWithBackup();
    const bytes = await (await download(s.token, s.backupId)).arrayBuffer();
    await createStudent(t, s.schoolId, { classId: s.classId });
    const res = await upload(s.token, bytes);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const body = await json<any>(res);
    expect(body.message).toBe('Backup restored successfully');
    const list = await t.request('/api/students', { token: body.data.token }).then(json<any>);
    expect(list.data.map((x: any) => x._id)).toEqual([s.student.studentId]);
    // Sessions end as with a stored restore: the old token is refused.
    expect((await t.request('/api/auth/profile', { token: s.token })).status).toBe(401);
    // The same file as a multipart upload.
    const form = new FormData();
    form.set('file', new Blob([bytes], { type: 'application/gzip' }), 'backup.json.gz');
    const multipart = await t.request('/api/settings/backup/restore-upload', {
      method: 'POST',
      token: body.data.token,
      body: form,
    });
    expect(multipart.status).toBe(200);
  });

  it('refuses a file of another school, a damaged one and an altered one, and changes nothing', async () => {
    const s = await schoolWithBackup();
    const other = await schoolWithBackup();
    const theirs = await (await download(other.token, other.backupId)).arrayBuffer();
    const mine = await (await download(s.token, s.backupId)).arrayBuffer();
    await createStudent(t, s.schoolId, { classId: s.classId });
    const before = await schoolDigest(t.db, s.schoolId);
    const theirsBefore = await schoolDigest(t.db, other.schoolId);

    const foreign = await upload(s.token, theirs);
    expect({ status: foreign.status, error: (await json<any>(foreign)).error }).toEqual({
      status: 422,
      error: FOREIGN,
    });

    const altered = await gunzip(mine);
    altered.tables.users.find((u: any) => u.role === 'student').role = 'school_admin';
    const gzip = async (value: unknown) =>
      new Uint8Array(
        await new Response(
          new Blob([JSON.stringify(value)]).stream().pipeThrough(new CompressionStream('gzip')),
        ).arrayBuffer(),
      );
    const unsigned = { ...altered };
    delete unsigned.signature;
    // A signed file whose rows point at another school's class: the stored restore's checks refuse it too.
    const pointing = await gunzip(mine);
    delete pointing.signature;
    pointing.tables.students[0].classId = other.classId;
    const cases: [string, Uint8Array | ArrayBuffer][] = [
      ['a file whose role was changed by hand', await gzip(altered)],
      ['a file without its signature', await gzip(unsigned)],
      ['bytes that are not gzip', new TextEncoder().encode('not a backup')],
      ['a truncated file', mine.slice(0, 40)],
      ["a signed file pointing at another school's class", await signedFile(pointing, JWT_SECRET)],
    ];
    for (const [name, bytes] of cases) {
      const res = await upload(s.token, bytes);
      expect({ name, status: res.status, error: (await json<any>(res)).error }).toEqual({
        name,
        status: 422,
        error: DAMAGED,
      });
    }
    expect(await schoolDigest(t.db, s.schoolId)).toBe(before);
    expect(await schoolDigest(t.db, other.schoolId)).toBe(theirsBefore);
    expect((await t.request('/api/auth/profile', { token: s.token })).status).toBe(200);
  });

  it('admits administrators only and refuses a JSON body', async () => {
    const s = await schoolWithBackup();
    const bytes = await (await download(s.token, s.backupId)).arrayBuffer();
    const student = await signIn(t, s.student.email, PASSWORD, '/api/students/login');
    const before = await schoolDigest(t.db, s.schoolId);
    const res = await t.request('/api/settings/backup/restore-upload', { method: 'POST', json: {}, token: s.token });
    expect(res.status).toBe(415);
    expect((await upload('', bytes)).status).toBe(401);
    expect((await upload(student, bytes)).status).toBe(403);
    expect(await schoolDigest(t.db, s.schoolId)).toBe(before);
  });
});
