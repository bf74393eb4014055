/**
 * A restore gives back the school's data, never the access the school has since taken away: deactivations and
 * new passwords survive it, every session issued before it ends, and the activity log keeps who did what.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeHasher } from '../../scripts/lib/node-hasher';
import { activityLogs, backups, users } from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { DECOY_HASH, NO_PASSWORD, verifyPassword } from '../../worker/lib/password';
import { encodeSnapshot } from '../../worker/modules/settings/backup';
import {
  createTestApp,
  createTestSchool,
  json,
  PASSWORD,
  roundTrips,
  signIn,
  type TestApp,
  unique,
} from '../support/app';
import { createClass, createStudent, hashOfPassword } from '../support/factories';
import { schoolDigest } from '../support/faults';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const DAMAGED = 'The backup file is damaged and cannot be restored';

async function adminOf() {
  const school = await createTestSchool(t);
  return { ...school, token: await signIn(t, school.adminEmail) };
}

async function teacherOf(adminToken: string, password = PASSWORD) {
  const email = `${unique('t')}@example.org`.toLowerCase();
  const res = await t.request('/api/auth/create-teacher', {
    method: 'POST',
    token: adminToken,
    json: { name: 'Tom Teacher', email, password, phone: '1' },
  });
  expect(res.status).toBe(201);
  const teacherId = (await json<any>(res)).data.teacher._id as string;
  return { email, teacherId, token: await signIn(t, email, password, '/api/teachers/login') };
}

async function backupOf(token: string) {
  const res = await t.request('/api/settings/backup', { method: 'POST', token, json: {} });
  expect(res.status).toBe(201);
  return (await json<any>(res)).data._id as string;
}

function restore(token: string, backupId: string) {
  return t.request(`/api/settings/backup/${backupId}/restore`, { method: 'POST', token });
}

async function restored(token: string, backupId: string) {
  const res = await restore(token, backupId);
  expect(res.status).toBe(200);
  return (await json<any>(res)).data as { token: string; expiresAt: string };
}

const login = (email: string, password = PASSWORD, path = '/api/users/login') =>
  t.request(path, { method: 'POST', json: { email, password } }).then((res) => res.status);

const profile = (token: string) => t.request('/api/auth/profile', { token }).then((res) => res.status);

describe('a restore keeps what the school has taken away since the backup', () => {
  it('a teacher deactivated after the backup stays deactivated, and their old token stays refused', async () => {
    const admin = await adminOf();
    const teacher = await teacherOf(admin.token);
    const backupId = await backupOf(admin.token);
    const off = await t.request(`/api/teachers/${teacher.teacherId}`, { method: 'DELETE', token: admin.token });
    expect(off.status).toBe(200);

    const fresh = await restored(admin.token, backupId);
    expect(await login(teacher.email, PASSWORD, '/api/teachers/login')).toBe(401);
    expect(await profile(teacher.token)).toBe(401);
    const list = await json<any>(await t.request('/api/teachers?isActive=true', { token: fresh.token }));
    expect(list.data).toEqual([]);
  });

  it('a password changed after the backup stays changed: the old one does not sign in, the new one does', async () => {
    const admin = await adminOf();
    const teacher = await teacherOf(admin.token);
    const backupId = await backupOf(admin.token);
    const changed = await t.request('/api/auth/profile', {
      method: 'PUT',
      token: teacher.token,
      json: { currentPassword: PASSWORD, newPassword: 'a-brand-new-pw-2' },
    });
    expect(changed.status).toBe(200);

    await restored(admin.token, backupId);
    expect(await login(teacher.email, PASSWORD, '/api/teachers/login')).toBe(401);
    expect(await login(teacher.email, 'a-brand-new-pw-2', '/api/teachers/login')).toBe(200);
  });

  it('ends every session issued before it; the answer carries a working token for the admin who restored', async () => {
    const admin = await adminOf();
    const teacher = await teacherOf(admin.token);
    const classId = await createClass(t, admin.schoolId);
    const student = await createStudent(t, admin.schoolId, { classId });
    const studentToken = await signIn(t, student.email, PASSWORD, '/api/students/login');
    const secondAdminToken = await signIn(t, admin.adminEmail);
    const backupId = await backupOf(admin.token);
    const published = t.publisher.events.length;

    const res = await restore(admin.token, backupId);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    // The session check, the backup's row, and one batch that reads and writes everything else.
    expect(roundTrips(res)).toBe(3);
    const body = await json<any>(res);
    expect(body.message).toBe('Backup restored successfully');
    expect(body.data).toMatchObject({ _id: backupId, token: expect.any(String), expiresAt: expect.any(String) });

    for (const old of [admin.token, secondAdminToken, teacher.token, studentToken])
      expect(await profile(old)).toBe(401);
    expect((await t.request('/api/settings/backup', { token: body.data.token })).status).toBe(200);
    // Every socket closes but the restoring administrator's, which moves to the fresh token.
    const [, adminJti] = /"jti":"([^"]+)"/.exec(Buffer.from(admin.token.split('.')[1], 'base64url').toString()) ?? [];
    const [, freshJti] =
      /"jti":"([^"]+)"/.exec(Buffer.from(body.data.token.split('.')[1], 'base64url').toString()) ?? [];
    expect(t.publisher.events.slice(published)).toEqual([
      { schoolId: admin.schoolId, event: { type: 'sessions_ended', data: { all: true, exceptJtis: [adminJti] } } },
      {
        schoolId: admin.schoolId,
        event: {
          type: 'session_renewed',
          data: { userId: admin.adminId, fromJti: adminJti, toJti: freshJti, expiresAt: expect.any(Number) },
        },
      },
    ]);
    // Everyone else signs in again as before.
    expect(await login(teacher.email, PASSWORD, '/api/teachers/login')).toBe(200);
    expect(await login(student.email, PASSWORD, '/api/students/login')).toBe(200);
  });

  it('an account only in the backup comes back without a usable password, until the office issues one', async () => {
    const admin = await adminOf();
    const classId = await createClass(t, admin.schoolId);
    const student = await createStudent(t, admin.schoolId, { classId });
    const backupId = await backupOf(admin.token);
    const gone = await t.request(`/api/students/${student.studentId}`, { method: 'DELETE', token: admin.token });
    expect(gone.status).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.email, student.email))).toEqual([]);

    const fresh = await restored(admin.token, backupId);
    expect(await login(student.email, PASSWORD, '/api/students/login')).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.email, student.email));
    expect(row).toMatchObject({ isActive: true, passwordChangeRequired: true });

    const issued = await t.request(`/api/students/${student.studentId}/temporary-passwords`, {
      method: 'POST',
      token: fresh.token,
      json: { accounts: ['student'] },
    });
    expect(issued.status).toBe(200);
    const [credential] = (await json<any>(issued)).data.credentials;
    expect(await login(student.email, credential.temporaryPassword, '/api/students/login')).toBe(200);
  });

  it('checking a password of an account with none never passes and costs one argon2id check like any other', async () => {
    const checked: string[] = [];
    const counting = {
      ...nodeHasher,
      verify: (phc: string, pw: string) => {
        checked.push(phc);
        return nodeHasher.verify(phc, pw);
      },
    };
    expect(await verifyPassword(counting, NO_PASSWORD, PASSWORD)).toBe(false);
    expect(await verifyPassword(counting, NO_PASSWORD, NO_PASSWORD)).toBe(false);
    expect(checked).toEqual([DECOY_HASH, DECOY_HASH]);
  });

  it('removes accounts made after the backup, but keeps the admin who restores; the log keeps who did what', async () => {
    const admin = await adminOf();
    await teacherOf(admin.token);
    const backupId = await backupOf(admin.token);
    const later = await teacherOf(admin.token);
    // A second administrator, added after the backup, restores it.
    const restorerEmail = `${unique('admin2')}@example.org`.toLowerCase();
    const restorerId = newId();
    await t.db.insert(users).values({
      id: restorerId,
      schoolId: admin.schoolId,
      role: 'school_admin',
      name: 'Rhea Restorer',
      email: restorerEmail,
      passwordHash: await hashOfPassword(),
    });
    const restorer = await signIn(t, restorerEmail);

    const fresh = await restored(restorer, backupId);
    expect((await t.request('/api/settings/backup', { token: fresh.token })).status).toBe(200);
    expect(await login(restorerEmail)).toBe(200);
    expect(await login(later.email, PASSWORD, '/api/teachers/login')).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.email, later.email))).toEqual([]);

    const logs = await t.db.select().from(activityLogs).where(eq(activityLogs.schoolId, admin.schoolId));
    const teacherRows = logs.filter((row) => row.entity === 'teacher');
    expect(teacherRows).toHaveLength(2);
    for (const row of teacherRows) expect(row).toMatchObject({ userId: admin.adminId, userName: 'Ada Admin' });
    const [backupRow] = await t.db.select().from(backups).where(eq(backups.id, backupId));
    expect(backupRow.createdBy).toBe(admin.adminId);
    expect(logs.find((row) => row.action === 'restore')).toMatchObject({ userId: restorerId });
  });
});

describe('a tampered backup is refused before anything changes', () => {
  async function tamperable() {
    const admin = await adminOf();
    const classId = await createClass(t, admin.schoolId);
    await createStudent(t, admin.schoolId, { classId });
    // An optional fee, so the backup holds a structure to assign students to.
    const fees = async (path: string, body: unknown) =>
      (await json<any>(await t.request(`/api/fees${path}`, { method: 'POST', token: admin.token, json: body }))).data;
    const category = await fees('/categories', { name: 'Bus' });
    await fees('/structures', { classId, categoryId: category._id, amount: 10, dueDate: '2099-09-10', optional: true });
    const backupId = await backupOf(admin.token);
    const [row] = await t.db.select().from(backups).where(eq(backups.id, backupId));
    const bytes = await (await t.platform.files!.get(row.storageKey))!.arrayBuffer();
    const text = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
    // A change after the backup, so a restore that went through would show.
    await createStudent(t, admin.schoolId, { classId });
    return {
      ...admin,
      backupId,
      snapshot: () => JSON.parse(text),
      store: async (snapshot: unknown) =>
        t.platform.files!.put(row.storageKey, await encodeSnapshot(snapshot as never)),
    };
  }

  it("refuses ids that point at another school's rows or at rows absent from the backup, and repeated ids", async () => {
    const w = await tamperable();
    const other = await adminOf();
    const theirClass = await createClass(t, other.schoolId);
    const theirs = await createStudent(t, other.schoolId, { classId: theirClass });
    const [theirUser] = await t.db.select().from(users).where(eq(users.email, theirs.email));
    const before = await schoolDigest(t.db, w.schoolId);
    const theirsBefore = await schoolDigest(t.db, other.schoolId);

    const cases: [string, (s: any) => void][] = [
      ["a student in another school's class", (s) => (s.tables.students[0].classId = theirClass)],
      ['a student in a class the backup does not hold', (s) => (s.tables.students[0].classId = newId())],
      ['a parent link to a student the backup does not hold', (s) => (s.tables.student_parents[0].studentId = newId())],
      ['an account listed twice', (s) => s.tables.users.push({ ...s.tables.users[0] })],
      ['a class listed twice', (s) => s.tables.classes.push({ ...s.tables.classes[0], name: 'Copy' })],
      [
        "another school's student assigned to a fee",
        (s) =>
          s.tables.fee_assignments.push({
            schoolId: s.schoolId,
            structureId: s.tables.fee_structures[0].id,
            studentId: theirs.studentId,
          }),
      ],
      [
        'a fee assignment listed twice',
        (s) => {
          const row = {
            schoolId: s.schoolId,
            structureId: s.tables.fee_structures[0].id,
            studentId: s.tables.students[0].id,
          };
          s.tables.fee_assignments.push(row, { ...row });
        },
      ],
      [
        "an account with the id of another school's account",
        (s) => s.tables.users.push({ ...s.tables.users[0], id: theirUser.id, email: `${unique('x')}@example.org` }),
      ],
    ];
    for (const [name, tamper] of cases) {
      const snapshot = w.snapshot();
      tamper(snapshot);
      await w.store(snapshot);
      const res = await restore(w.token, w.backupId);
      expect(res.status, name).toBe(422);
      expect((await json<any>(res)).error, name).toBe(DAMAGED);
      expect(await schoolDigest(t.db, w.schoolId), name).toBe(before);
    }
    expect(await schoolDigest(t.db, other.schoolId)).toBe(theirsBefore);
    expect(await profile(w.token)).toBe(200);
  });

  it("refuses with 409 an account only in the backup whose email another school's account now has", async () => {
    const w = await tamperable();
    const other = await adminOf();
    const before = await schoolDigest(t.db, w.schoolId);
    const snapshot = w.snapshot();
    const student = snapshot.tables.users.find((u: any) => u.role === 'student');
    const newUserId = newId();
    snapshot.tables.students.find((row: any) => row.userId === student.id).userId = newUserId;
    Object.assign(student, { id: newUserId, email: other.adminEmail });
    await w.store(snapshot);

    const res = await restore(w.token, w.backupId);
    expect(res.status).toBe(409);
    expect((await json<any>(res)).error).toBe(
      'This backup holds an account whose email another account now uses; it cannot be restored',
    );
    expect(await schoolDigest(t.db, w.schoolId)).toBe(before);
    expect(await login(other.adminEmail)).toBe(200);
  });
});
