/**
 * Temporary passwords (from a student import or issued again by the office) let their holder do one thing:
 * choose their own password. They lapse after 14 days, and the office can issue new ones.
 */
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NEW_PASSWORD_FIRST } from '../../worker/lib/auth';
import { TEMPORARY_PASSWORD_EXPIRED } from '../../worker/modules/auth/service';
import { createTestApp, json, PASSWORD, signIn, type TestApp } from '../support/app';
import { caller, classroom, expectError, schoolWithAdmin } from '../support/classroom';
import { enrolment } from '../support/students';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  t.clock.now = new Date();
});

const DAY = 24 * 60 * 60 * 1000;

async function login(email: string, password: string, path = '/api/users/login') {
  const res = await t.request(path, { method: 'POST', json: { email, password } });
  return { status: res.status, body: await json<any>(res) };
}

/** A class of one enrolled student (with a father) and the admin's caller. */
async function enrolled() {
  const w = await classroom(t);
  const res = await w.admin.post('/api/students', enrolment(w.classId, { name: 'Asha Rao' }));
  expect(res.status).toBe(201);
  const student = res.body.data;
  return {
    ...w,
    studentId: student._id as string,
    email: student.email as string,
    fatherEmail: student.parentInfo.fatherEmail as string,
  };
}

async function issue(w: { admin: ReturnType<typeof caller> }, studentId: string, accounts: string[]) {
  return w.admin.post(`/api/students/${studentId}/temporary-passwords`, { accounts });
}

async function hashOf(email: string) {
  const [row] = await t.db.all<{ hash: string; version: number }>(
    sql`select password_hash as hash, token_version as version from users where email = ${email}`,
  );
  return row;
}

describe('a temporary password', () => {
  it('signs in only to choose a new password, which then opens everything', async () => {
    const w = await enrolled();
    const issued = await issue(w, w.studentId, ['student', 'father']);
    const [student, father] = issued.body.data.credentials;

    const studentIn = await login(w.email, student.temporaryPassword, '/api/students/login');
    expect(studentIn.status).toBe(200);
    expect(studentIn.body.mustChangePassword).toBe(true);
    expect(studentIn.body.data.user.mustChangePassword).toBe(true);
    const fatherIn = await login(w.fatherEmail, father.temporaryPassword, '/api/students/parents/login');
    expect(fatherIn.body.mustChangePassword).toBe(true);
    const parent = caller(t, fatherIn.body.token);

    // Everything but the person's own account is refused, reads and writes alike.
    expectError(await parent.get('/api/family/children'), 403, NEW_PASSWORD_FIRST);
    expectError(await caller(t, studentIn.body.token).get('/api/family/children'), 403, NEW_PASSWORD_FIRST);
    const profile = await parent.get('/api/auth/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.data.user.mustChangePassword).toBe(true);
    expect((await parent.get('/api/users/verify')).status).toBe(200);

    // The new password must differ from the temporary one; a wrong current password changes nothing.
    const same = await parent.put('/api/auth/profile', {
      currentPassword: father.temporaryPassword,
      newPassword: father.temporaryPassword,
    });
    expect(same.status).toBe(400);
    expect(same.body.details).toEqual([
      { msg: 'Choose a password different from the current one', path: 'newPassword' },
    ]);
    expectError(
      await parent.put('/api/auth/profile', { currentPassword: 'not-it', newPassword: 'my-own-password' }),
      400,
      'Current password is incorrect',
    );

    const changed = await parent.put('/api/auth/profile', {
      currentPassword: father.temporaryPassword,
      newPassword: 'my-own-password',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.user.mustChangePassword).toBe(false);
    const after = caller(t, changed.body.data.token);
    const children = await after.get('/api/family/children');
    expect(children.status).toBe(200);
    expect(children.body.data.map((c: { name: string }) => c.name)).toEqual(['Asha Rao']);
    // The token of the temporary sign-in is gone, and so is the temporary password.
    expect((await parent.get('/api/auth/profile')).status).toBe(401);
    expect((await login(w.fatherEmail, father.temporaryPassword, '/api/students/parents/login')).status).toBe(401);
    const again = await login(w.fatherEmail, 'my-own-password', '/api/students/parents/login');
    expect(again.status).toBe(200);
    expect(again.body.mustChangePassword).toBe(false);
  });

  it('lapses after 14 days: the answer says so, and a new one from the office works', async () => {
    const w = await enrolled();
    const issuedAt = new Date();
    t.clock.now = issuedAt;
    const [first] = (await issue(w, w.studentId, ['student'])).body.data.credentials;

    t.clock.now = new Date(issuedAt.getTime() + 13 * DAY);
    expect((await login(w.email, first.temporaryPassword)).status).toBe(200);
    t.clock.now = new Date(issuedAt.getTime() + 14 * DAY + 60_000);
    const lapsed = await login(w.email, first.temporaryPassword);
    expect(lapsed).toEqual({ status: 401, body: expect.objectContaining({ error: TEMPORARY_PASSWORD_EXPIRED }) });
    // A wrong password still gets the usual answer: the lapse is told only to whoever holds the password.
    expect((await login(w.email, 'wrong-password')).body.error).toBe('Invalid credentials');

    const admin = caller(t, await signIn(t, w.adminEmail));
    const renewed = await admin.post(`/api/students/${w.studentId}/temporary-passwords`, { accounts: ['student'] });
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.expiresAt).toBe(new Date(t.clock.now.getTime() + 14 * DAY).toISOString());
    const fresh = await login(w.email, renewed.body.data.credentials[0].temporaryPassword);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.user.mustChangePassword).toBe(true);
  });

  it('a chosen password never lapses', async () => {
    const w = await enrolled();
    t.clock.now = new Date(Date.now() + 400 * DAY);
    expect((await login(w.email, 'student-pw-1', '/api/students/login')).status).toBe(200);
  });
});

describe('POST /api/students/:id/temporary-passwords', () => {
  it('issues a password per chosen account, signs each out everywhere and keeps it out of logs and caches', async () => {
    const w = await enrolled();
    const studentToken = await signIn(t, w.email, 'student-pw-1', '/api/students/login');
    const fatherToken = await signIn(t, w.fatherEmail, 'father-pw-1', '/api/students/parents/login');
    const before = await hashOf(w.email);

    const res = await t.request(`/api/students/${w.studentId}/temporary-passwords`, {
      method: 'POST',
      token: w.token,
      json: { accounts: ['student', 'father'] },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = await json<any>(res);
    expect(body.message).toBe('Temporary passwords issued');
    const credentials = body.data.credentials;
    expect(credentials.map((c: any) => [c.account, c.role, c.name, c.email])).toEqual([
      ['student', 'student', 'Asha Rao', w.email],
      ['father', 'parent', 'Ravi Rao', w.fatherEmail],
    ]);
    for (const c of credentials) expect(c.temporaryPassword).toMatch(/^[A-HJ-NP-Za-km-z2-9]{14}$/);
    expect(credentials[0].temporaryPassword).not.toBe(credentials[1].temporaryPassword);

    // Both are signed out; the old passwords are gone; the new ones are stored only as temporary hashes.
    expect((await caller(t, studentToken).get('/api/auth/profile')).status).toBe(401);
    expect((await caller(t, fatherToken).get('/api/auth/profile')).status).toBe(401);
    expect((await login(w.email, 'student-pw-1', '/api/students/login')).status).toBe(401);
    expect((await login(w.fatherEmail, 'father-pw-1', '/api/students/parents/login')).status).toBe(401);
    const after = await hashOf(w.email);
    expect(after.hash).toMatch(/^\$hmac-sha256\$t=\d+\$/);
    expect(after.version).toBe(before.version + 1);
    for (const c of credentials) {
      expect(after.hash).not.toContain(c.temporaryPassword);
      expect(t.logs.some((line) => line.includes(c.temporaryPassword))).toBe(false);
    }
    const [log] = await t.db.all<{ summary: string; action: string }>(
      sql`select summary, action from activity_logs where school_id = ${w.schoolId} and entity_id = ${w.studentId}
          and summary like 'Issued%'`,
    );
    expect(log).toEqual({
      action: 'update',
      summary: 'Issued temporary passwords for Asha Rao (student), Ravi Rao (father)',
    });
    expect(JSON.stringify(log)).not.toContain(credentials[0].temporaryPassword);
  });

  it('lets a locked-out account in at once with its new password', async () => {
    const w = await enrolled();
    for (let i = 0; i < 5; i++) await login(w.email, 'guess-again');
    expect((await login(w.email, 'student-pw-1')).status).toBe(429);
    const [c] = (await issue(w, w.studentId, ['student'])).body.data.credentials;
    expect((await login(w.email, c.temporaryPassword)).status).toBe(200);
  });

  it('refuses an account that is not linked, bad bodies, and another school’s student, changing nothing', async () => {
    const w = await enrolled();
    const before = await hashOf(w.email);
    const notLinked = await issue(w, w.studentId, ['student', 'mother']);
    expect(notLinked.status).toBe(400);
    expect(notLinked.body.details).toEqual([{ msg: 'No mother account is linked to Asha Rao', path: 'accounts' }]);
    for (const [accounts, msg] of [
      [[], 'Choose at least one account'],
      [['teacher'], 'Choose student, father, mother or guardian'],
      [['student', 'student'], 'Choose each account once'],
    ] as const) {
      const res = await issue(w, w.studentId, [...accounts]);
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { msg: string }) => d.msg)).toContain(msg);
    }
    const other = await schoolWithAdmin(t);
    expectError(await issue(other, w.studentId, ['student']), 404, 'Student not found');
    expect(await hashOf(w.email)).toEqual(before);
    expect((await login(w.email, 'student-pw-1')).status).toBe(200);
  });

  it('is for the school office only', async () => {
    const w = await enrolled();
    const teacher = caller(t, await signIn(t, w.teacher.email, PASSWORD, '/api/teachers/login'));
    const student = caller(t, await signIn(t, w.email, 'student-pw-1', '/api/students/login'));
    expect((await issue({ admin: teacher }, w.studentId, ['student'])).status).toBe(403);
    expect((await issue({ admin: student }, w.studentId, ['student'])).status).toBe(403);
  });

  it('costs the same round trips for one account or all', async () => {
    const w = await classroom(t);
    const kid = enrolment(w.classId);
    const res = await w.admin.post(
      '/api/students',
      enrolment(w.classId, {
        parentInfo: {
          ...kid.parentInfo,
          motherName: 'Mira Rao',
          motherEmail: kid.parentInfo.fatherEmail.replace('father', 'mother'),
          motherPassword: 'mother-pw-1',
        },
      }),
    );
    expect(res.status).toBe(201);
    const studentId = res.body.data._id;
    const one = await issue(w, studentId, ['student']);
    const three = await issue(w, studentId, ['student', 'father', 'mother']);
    expect(three.body.data.credentials).toHaveLength(3);
    expect(three.trips).toBe(one.trips);
  });
});

describe('passwords the office chooses', () => {
  it('must be replaced at first sign-in when the office asks, for teachers and for a new family', async () => {
    const w = await classroom(t);
    const asked = await w.admin.post('/api/auth/create-teacher', {
      name: 'Meera Pillai',
      email: 'meera.office@example.org',
      password: 'given-by-office',
      phone: '555-0101',
      requirePasswordChange: true,
    });
    expect(asked.status).toBe(201);
    const meera = await login('meera.office@example.org', 'given-by-office', '/api/teachers/login');
    expect(meera.body.mustChangePassword).toBe(true);
    expectError(await caller(t, meera.body.token).get('/api/teachers'), 403, NEW_PASSWORD_FIRST);
    // An office-chosen password is an ordinary (slow) hash: only the flag makes it provisional, and it never lapses.
    expect((await hashOf('meera.office@example.org')).hash).toMatch(/^\$argon2id\$/);
    t.clock.now = new Date(Date.now() + 400 * DAY);
    expect((await login('meera.office@example.org', 'given-by-office', '/api/teachers/login')).status).toBe(200);
    t.clock.now = new Date();

    const kid = enrolment(w.classId, { requirePasswordChange: true });
    const enrolledKid = await w.admin.post('/api/students', kid);
    expect(enrolledKid.status).toBe(201);
    expect((await login(kid.email, kid.password, '/api/students/login')).body.mustChangePassword).toBe(true);
    const father = await login(kid.parentInfo.fatherEmail, 'father-pw-1', '/api/students/parents/login');
    expect(father.body.mustChangePassword).toBe(true);
    // A sibling enrolled later links the same father, whose own password is left as it is.
    const changed = await caller(t, father.body.token).put('/api/auth/profile', {
      currentPassword: 'father-pw-1',
      newPassword: 'father-own-pw',
    });
    expect(changed.status).toBe(200);
    const sibling = enrolment(w.classId, {
      requirePasswordChange: true,
      parentInfo: { fatherName: 'Ravi Rao', fatherEmail: kid.parentInfo.fatherEmail },
    });
    expect((await w.admin.post('/api/students', sibling)).status).toBe(201);
    const again = await login(kid.parentInfo.fatherEmail, 'father-own-pw', '/api/students/parents/login');
    expect(again.body.mustChangePassword).toBe(false);
  });

  it('is left to the holder when the office does not ask, and a reset may ask', async () => {
    const w = await classroom(t);
    const plain = enrolment(w.classId);
    expect((await w.admin.post('/api/students', plain)).status).toBe(201);
    expect((await login(plain.email, plain.password, '/api/students/login')).body.mustChangePassword).toBe(false);

    const teacherEmail = w.teacher.email;
    const reset = await w.admin.put(`/api/teachers/${w.teacher.teacherId}`, {
      password: 'office-reset-1',
      requirePasswordChange: true,
    });
    expect(reset.status).toBe(200);
    expect((await login(teacherEmail, 'office-reset-1', '/api/teachers/login')).body.mustChangePassword).toBe(true);
    const resetAgain = await w.admin.put(`/api/teachers/${w.teacher.teacherId}`, { password: 'office-reset-2' });
    expect(resetAgain.status).toBe(200);
    expect((await login(teacherEmail, 'office-reset-2', '/api/teachers/login')).body.mustChangePassword).toBe(false);
    const bad = await w.admin.put(`/api/teachers/${w.teacher.teacherId}`, {
      password: 'office-reset-3',
      requirePasswordChange: 'yes',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      { msg: 'Require password change must be true or false', path: 'requirePasswordChange' },
    ]);
  });
});

describe('the office sees who has signed in', () => {
  it('the student record tells, per account, the last sign-in and whether it is still provisional', async () => {
    const w = await classroom(t);
    const kid = enrolment(w.classId, { requirePasswordChange: true });
    const made = await w.admin.post('/api/students', kid);
    const read = async () => (await w.admin.get(`/api/students/${made.body.data._id}`)).body.data;
    const before = await read();
    expect(before.signIn).toEqual({ lastAt: null, provisional: true });
    expect(before.parents.map((p: { relation: string; signIn: unknown }) => [p.relation, p.signIn])).toEqual([
      ['father', { lastAt: null, provisional: true }],
    ]);

    const father = await login(kid.parentInfo.fatherEmail, 'father-pw-1', '/api/students/parents/login');
    await caller(t, father.body.token).put('/api/auth/profile', {
      currentPassword: 'father-pw-1',
      newPassword: 'father-own-pw',
    });
    const after = await read();
    expect(after.signIn).toEqual({ lastAt: null, provisional: true });
    expect(after.parents[0].signIn).toEqual({ lastAt: expect.any(String), provisional: false });
    expect(Date.parse(after.parents[0].signIn.lastAt)).toBeGreaterThan(Date.now() - 60_000);
  });
});
