import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { teachers, users } from '../../worker/db/schema';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from '../../worker/lib/password-policy';
import { KEPT_BY_THE_OFFICE } from '../../worker/modules/auth/service';
import { createTestApp, createTestSchool, json, PASSWORD, signIn, type TestApp } from '../support/app';
import { addTeacher, createStudent } from '../support/factories';
import { activityOf } from '../support/students';

let t: TestApp;
let school: Awaited<ReturnType<typeof createTestSchool>>;

beforeAll(async () => {
  t = await createTestApp();
  school = await createTestSchool(t);
});

const PATHS = { student: '/api/students/login', parent: '/api/students/parents/login' } as const;

async function account(role: 'student' | 'parent' | 'teacher' | 'school_admin') {
  if (role === 'school_admin') {
    const own = await createTestSchool(t);
    return { email: own.adminEmail, schoolId: own.schoolId, token: await signIn(t, own.adminEmail) };
  }
  if (role === 'teacher') {
    const { email } = await addTeacher(t, school.schoolId);
    return { email, schoolId: school.schoolId, token: await signIn(t, email, PASSWORD, '/api/teachers/login') };
  }
  const made = await createStudent(t, school.schoolId);
  const email = role === 'student' ? made.email : (made.parentEmail as string);
  return { email, schoolId: school.schoolId, token: await signIn(t, email, PASSWORD, PATHS[role]) };
}

async function userOf(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row;
}

const put = (token: string, body: unknown) => t.request('/api/auth/profile', { method: 'PUT', token, json: body });

describe('students and parents: PUT /api/auth/profile', () => {
  for (const role of ['student', 'parent'] as const) {
    it(`a ${role} cannot change their name or email, and nothing changes`, async () => {
      const me = await account(role);
      const before = await userOf(me.email);
      for (const body of [{ name: 'Renamed Myself' }, { email: 'new@example.org' }, { name: 'X', phone: '555-0100' }]) {
        const res = await put(me.token, body);
        expect(res.status).toBe(403);
        expect((await json(res)).error).toBe(KEPT_BY_THE_OFFICE);
      }
      const after = await userOf(me.email);
      expect(after).toMatchObject({ name: before.name, email: before.email, phone: before.phone });
      expect(await activityOf(t, me.schoolId, before.id)).toEqual([]);
    });

    it(`a ${role} changes their phone and password, each logged without the password`, async () => {
      const me = await account(role);
      const { id } = await userOf(me.email);
      const phone = await put(me.token, { phone: '555-0199' });
      expect(phone.status).toBe(200);
      expect((await userOf(me.email)).phone).toBe('555-0199');
      const password = await put(me.token, { currentPassword: PASSWORD, newPassword: 'a-family-secret-9' });
      expect(password.status).toBe(200);
      const log = await activityOf(t, me.schoolId, id);
      expect(log).toEqual([
        { action: 'update', entity: 'account', summary: 'Changed their phone number' },
        { action: 'update', entity: 'account', summary: 'Changed their password' },
      ]);
      expect(JSON.stringify(log)).not.toContain('a-family-secret-9');
    });
  }
});

describe('staff: PUT /api/auth/profile', () => {
  for (const role of ['teacher', 'school_admin'] as const) {
    it(`a ${role} changes their name and phone in one logged change`, async () => {
      const me = await account(role);
      const { id } = await userOf(me.email);
      const res = await put(me.token, { name: 'Renamed Person', phone: '555-0101' });
      expect(res.status).toBe(200);
      expect(await userOf(me.email)).toMatchObject({ name: 'Renamed Person', phone: '555-0101' });
      expect(await activityOf(t, me.schoolId, id)).toEqual([
        { action: 'update', entity: 'account', summary: 'Changed their name to Renamed Person, phone number' },
      ]);
    });
  }

  it('a refused password change changes and logs nothing', async () => {
    const me = await account('teacher');
    const { id } = await userOf(me.email);
    const res = await put(me.token, {
      name: 'Not Saved',
      currentPassword: 'wrong-one',
      newPassword: 'another-secret-1',
    });
    expect(res.status).toBe(400);
    expect((await userOf(me.email)).name).not.toBe('Not Saved');
    expect(await activityOf(t, me.schoolId, id)).toEqual([]);
  });
});

describe('a new password is one the person chooses', () => {
  it('needs at least 8 characters and is not one of the most common passwords, in any case', async () => {
    const me = await account('student');
    const cases = [
      ['short12', PASSWORD_TOO_SHORT],
      ['password1', PASSWORD_TOO_COMMON],
      ['PassWord1', PASSWORD_TOO_COMMON],
      ['iloveyou2', PASSWORD_TOO_COMMON],
    ] as const;
    for (const [newPassword, message] of cases) {
      const res = await put(me.token, { currentPassword: PASSWORD, newPassword });
      expect(res.status).toBe(400);
      expect((await json(res)).details).toEqual([{ msg: message, path: 'newPassword' }]);
    }
    expect((await put(me.token, { currentPassword: PASSWORD, newPassword: 'lantern-orchard-7' })).status).toBe(200);
  });
});

describe('an account whose record is gone', () => {
  it('still signs in and reads its profile, its teacher record answered as null', async () => {
    const { email, teacherId } = await addTeacher(t, school.schoolId);
    await t.db.delete(teachers).where(eq(teachers.id, teacherId));
    const signedIn = await t.request('/api/users/login', { method: 'POST', json: { email, password: PASSWORD } });
    expect(signedIn.status).toBe(200);
    const body = await json<{ data: { token: string; teacher: unknown; user: { email: string } } }>(signedIn);
    expect(body.data.teacher).toBeNull();
    expect(body.data.user.email).toBe(email);
    const profile = await t.request('/api/auth/profile', { token: body.data.token });
    expect(profile.status).toBe(200);
    expect((await json<{ data: { teacher: unknown } }>(profile)).data.teacher).toBeNull();
  });
});
