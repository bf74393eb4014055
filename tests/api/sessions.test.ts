import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../worker/db/schema';
import { users } from '../../worker/db/schema';
import { issueToken, SESSION_MAX_AGE_SECONDS, TOKEN_TTL_SECONDS } from '../../worker/lib/tokens';
import { createTestApp, createTestSchool, JWT_SECRET, json, PASSWORD, signIn, type TestApp } from '../support/app';
import { addTeacher, createClass, createStudent } from '../support/factories';

let t: TestApp;
let school: Awaited<ReturnType<typeof createTestSchool>>;
type Body = { success: boolean; error?: string; data?: any; token?: string };

const GRADES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
let classes = 0;
/** A new class of the shared school (grade and section pairs are unique per school). */
function nextClass() {
  classes += 1;
  return createClass(t, school.schoolId, {
    name: GRADES[classes % 12],
    section: (['A', 'B', 'C', 'D', 'E'] as const)[Math.floor(classes / 12)],
  });
}

/** Every role with the sign-in screen it uses, a fresh account per test. */
const ROLES: { role: Role; path: string; account: () => Promise<string> }[] = [
  { role: 'school_admin', path: '/api/users/login', account: async () => (await createTestSchool(t)).adminEmail },
  { role: 'teacher', path: '/api/teachers/login', account: async () => (await addTeacher(t, school.schoolId)).email },
  {
    role: 'student',
    path: '/api/students/login',
    account: async () =>
      (
        await createStudent(t, school.schoolId, {
          classId: await nextClass(),
        })
      ).email,
  },
  {
    role: 'parent',
    path: '/api/students/parents/login',
    account: async () =>
      (
        await createStudent(t, school.schoolId, {
          classId: await nextClass(),
        })
      ).parentEmail as string,
  },
];

beforeAll(async () => {
  t = await createTestApp();
  school = await createTestSchool(t, 'Session Academy');
});

const at = (ms: number) => {
  t.clock.now = new Date(ms);
};
const verify = async (token: string) => (await t.request('/api/users/verify', { token })).status;

describe.each(ROLES)('sessions of a $role', ({ role, path, account }) => {
  it('a token stops working when its lifetime ends', async () => {
    const start = Date.now();
    at(start);
    const token = await signIn(t, await account(), PASSWORD, path);
    expect(await verify(token)).toBe(200);
    at(start + (TOKEN_TTL_SECONDS - 60) * 1000);
    expect(await verify(token)).toBe(200);
    at(start + (TOKEN_TTL_SECONDS + 1) * 1000);
    const expired = await t.request('/api/users/verify', { token });
    expect(expired.status).toBe(401);
    expect((await json<Body>(expired)).error).toBe('Token expired. Please login again.');
    expect((await t.request('/api/auth/refresh', { method: 'POST', token })).status).toBe(401);
    at(Date.now());
  });

  it('refresh renews a live token and revokes it, but not past the session lifetime', async () => {
    at(Date.now());
    const email = await account();
    const token = await signIn(t, email, PASSWORD, path);
    const renewed = await t.request('/api/auth/refresh', { method: 'POST', token });
    expect(renewed.status).toBe(200);
    expect(await verify((await json<Body>(renewed)).data.token)).toBe(200);
    expect(await verify(token)).toBe(401);

    // A token still within its two hours, of a session that began more than seven days ago.
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    const now = Math.floor(Date.now() / 1000);
    const { token: old } = await issueToken(
      JWT_SECRET,
      {
        userId: row.id,
        schoolId: row.schoolId,
        role,
        tokenVersion: row.tokenVersion,
        authTime: now - SESSION_MAX_AGE_SECONDS - 60,
      },
      new Date(),
    );
    expect(await verify(old)).toBe(200);
    const refused = await t.request('/api/auth/refresh', { method: 'POST', token: old });
    expect(refused.status).toBe(401);
    expect((await json<Body>(refused)).error).toBe('Session expired. Please login again.');
  });

  it('logout revokes the token at once, and only that token', async () => {
    at(Date.now());
    const email = await account();
    const token = await signIn(t, email, PASSWORD, path);
    const other = await signIn(t, email, PASSWORD, path);
    expect((await t.request('/api/auth/logout', { method: 'POST', token })).status).toBe(200);
    expect(await verify(token)).toBe(401);
    expect((await t.request('/api/auth/profile', { token })).status).toBe(401);
    expect((await t.request('/api/auth/refresh', { method: 'POST', token })).status).toBe(401);
    expect(await verify(other)).toBe(200);
  });

  it('a new password signs out every session of the person, and the old password stops working', async () => {
    at(Date.now());
    const email = await account();
    const here = await signIn(t, email, PASSWORD, path);
    const elsewhere = await signIn(t, email, PASSWORD, path);
    const res = await t.request('/api/auth/profile', {
      method: 'PUT',
      token: here,
      json: { currentPassword: PASSWORD, newPassword: 'a-brand-new-secret' },
    });
    expect(res.status).toBe(200);
    const fresh = (await json<Body>(res)).data.token as string;
    expect(await verify(elsewhere)).toBe(401);
    expect(await verify(here)).toBe(401);
    expect(await verify(fresh)).toBe(200);
    const oldPassword = await t.request(path, { method: 'POST', json: { email, password: PASSWORD } });
    expect(oldPassword.status).toBe(401);
    expect(await verify(await signIn(t, email, 'a-brand-new-secret', path))).toBe(200);
  });

  it('guesses at the current password through a session count against the sign-in limit', async () => {
    at(Date.now());
    const email = await account();
    const token = await signIn(t, email, PASSWORD, path);
    const change = (currentPassword: string) =>
      t.request('/api/auth/profile', {
        method: 'PUT',
        token,
        json: { currentPassword, newPassword: 'a-guessed-secret' },
      });
    for (let i = 0; i < 5; i++) expect((await change(`guess-${i}`)).status).toBe(400);
    // Locked: even the right password is refused for now, by the change and by the sign-in.
    const locked = await change(PASSWORD);
    expect(locked.status).toBe(429);
    expect((await json<Body>(locked)).error).toMatch(
      /^Too many failed sign-in attempts\. Please try again in 15 minutes\.$/,
    );
    expect((await t.request(path, { method: 'POST', json: { email, password: PASSWORD } })).status).toBe(429);
    expect(await verify(token)).toBe(200);
    at(Date.now() + 16 * 60 * 1000);
    const later = await signIn(t, email, PASSWORD, path);
    expect(
      (
        await t.request('/api/auth/profile', {
          method: 'PUT',
          token: later,
          json: { currentPassword: PASSWORD, newPassword: 'a-brand-new-secret' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('an administrator acting on a teacher account', () => {
  it('a password reset signs the teacher out everywhere; deactivation too', async () => {
    at(Date.now());
    const admin = await signIn(t, school.adminEmail);
    const teacher = await addTeacher(t, school.schoolId);
    const first = await signIn(t, teacher.email, PASSWORD, '/api/teachers/login');
    const second = await signIn(t, teacher.email, PASSWORD, '/api/teachers/login');
    const reset = await t.request(`/api/teachers/${teacher.teacherId}`, {
      method: 'PUT',
      token: admin,
      json: { password: 'reset-by-the-office' },
    });
    expect(reset.status).toBe(200);
    expect(await verify(first)).toBe(401);
    expect(await verify(second)).toBe(401);
    expect(await verify(admin)).toBe(200);

    const after = await signIn(t, teacher.email, 'reset-by-the-office', '/api/teachers/login');
    const off = await t.request(`/api/teachers/${teacher.teacherId}`, {
      method: 'PUT',
      token: admin,
      json: { isActive: false },
    });
    expect(off.status).toBe(200);
    expect(await verify(after)).toBe(401);
  });
});
