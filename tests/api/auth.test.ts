import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, schools } from '../../worker/db/schema';
import {
  createTestApp,
  createTestSchool,
  JWT_SECRET,
  json,
  PASSWORD,
  roundTrips,
  signIn,
  type TestApp,
  unique,
} from '../support/app';
import { createClass, createStudent } from '../support/factories';

let t: TestApp;
let school: Awaited<ReturnType<typeof createTestSchool>>;

beforeAll(async () => {
  t = await createTestApp();
  school = await createTestSchool(t, 'Riverside High');
});

type Body = {
  success: boolean;
  error?: string;
  details?: { msg: string; path: string }[];
  data?: any;
  message?: string;
};

async function login(email: string, password: string, path = '/api/users/login') {
  const res = await t.request(path, { method: 'POST', json: { email, password } });
  return { res, body: await json<Body>(res) };
}

async function createTeacher(token: string, extra: Record<string, unknown> = {}) {
  const email = `${unique('teacher')}@example.org`.toLowerCase();
  const res = await t.request('/api/auth/create-teacher', {
    method: 'POST',
    token,
    json: { name: 'Tara Teacher', email, password: PASSWORD, phone: '555-0101', ...extra },
  });
  return { res, body: await json<Body>(res), email };
}

describe('school sign-in: POST /api/users/login and GET /api/users/verify', () => {
  it('signs the administrator in and returns the user with the school name and a token', async () => {
    const { res, body } = await login(school.adminEmail.toUpperCase(), PASSWORD);
    expect(res.status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.user).toMatchObject({
      name: 'Ada Admin',
      email: school.adminEmail,
      role: 'school_admin',
      schoolId: school.schoolId,
      school: { name: 'Riverside High' },
    });
    expect(typeof body.data.token).toBe('string');
    expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash/);

    const verify = await t.request('/api/users/verify', { token: body.data.token });
    expect(verify.status).toBe(200);
    expect((await json<Body>(verify)).data.user).toMatchObject({
      email: school.adminEmail,
      school: { name: 'Riverside High' },
    });
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const wrong = await login(school.adminEmail, 'not-the-password');
    const unknown = await login('nobody-here@example.org', 'not-the-password');
    expect(wrong.res.status).toBe(401);
    expect(unknown.res.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, error: 'Invalid credentials', code: 'INVALID_CREDENTIALS' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it("validates the body with the spec's messages", async () => {
    const empty = await login('', '');
    expect(empty.res.status).toBe(400);
    expect(empty.body.error).toBe('Validation failed');
    expect(empty.body.details?.map((d) => d.msg)).toEqual(['Email is required', 'Password is required']);

    const invalid = await login('not-an-email', 'secret1');
    expect(invalid.res.status).toBe(400);
    expect(invalid.body.details).toEqual([{ msg: 'Email is invalid', path: 'email' }]);
  });

  it('answers a malformed JSON body with a clear 400, not a 500', async () => {
    const res = await t.request('/api/users/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email": "a@b.c", "password": ',
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({
      success: false,
      error: 'Malformed JSON in request body',
      code: 'MALFORMED_JSON',
    });
  });

  it('refuses a missing, forged, expired or tampered token', async () => {
    expect((await t.request('/api/users/verify')).status).toBe(401);
    const forged = await new SignJWT({ sch: school.schoolId, role: 'school_admin', ver: 0, auth_time: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(school.adminId)
      .setJti('forged')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-0123456789'));
    const forgedRes = await t.request('/api/users/verify', { token: forged });
    expect(forgedRes.status).toBe(401);
    expect((await json<Body>(forgedRes)).error).toBe('Invalid token');

    const token = await signIn(t, school.adminEmail);
    // Accepted once (its signature checked and remembered), the token's altered copy is still refused.
    expect((await t.request('/api/users/verify', { token })).status).toBe(200);
    const [head, payload, signature] = token.split('.');
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const tampered = `${head}.${btoa(JSON.stringify({ ...claims, role: 'teacher' })).replace(/=+$/, '')}.${signature}`;
    expect((await t.request('/api/users/verify', { token: tampered })).status).toBe(401);

    const realNow = t.clock.now;
    t.clock.now = new Date(realNow.getTime() + 2 * 60 * 60 * 1000 + 1000);
    const expired = await t.request('/api/users/verify', { token });
    t.clock.now = realNow;
    expect(expired.status).toBe(401);
    expect((await json<Body>(expired)).error).toBe('Token expired. Please login again.');
  });

  it('refuses a validly signed token whose school is not the account’s school', async () => {
    const other = await createTestSchool(t);
    const crossed = await new SignJWT({
      sch: other.schoolId,
      role: 'school_admin',
      ver: 0,
      auth_time: Math.floor(Date.now() / 1000),
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(school.adminId)
      .setJti(crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(JWT_SECRET));
    expect((await t.request('/api/settings/school-info', { token: crossed })).status).toBe(401);
  });
});

describe('sessions: refresh, logout, password change', () => {
  it('refresh issues a working token and revokes the old one', async () => {
    const token = await signIn(t, school.adminEmail);
    const res = await t.request('/api/auth/refresh', { method: 'POST', token });
    expect(res.status).toBe(200);
    const body = await json<Body>(res);
    expect(body.data.token).not.toBe(token);
    expect(new Date(body.data.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect((await t.request('/api/users/verify', { token: body.data.token })).status).toBe(200);
    expect((await t.request('/api/users/verify', { token })).status).toBe(401);
  });

  it('refuses to refresh a session older than seven days', async () => {
    const token = await signIn(t, school.adminEmail);
    const realNow = t.clock.now;
    let current = token;
    // Keep refreshing every 90 minutes for eight days; it must stop working after seven.
    let refreshedUntil = realNow;
    for (let step = 1; step <= 8 * 16; step++) {
      t.clock.now = new Date(realNow.getTime() + step * 90 * 60 * 1000);
      const res = await t.request('/api/auth/refresh', { method: 'POST', token: current });
      if (res.status !== 200) {
        expect(res.status).toBe(401);
        expect((await json<Body>(res)).error).toBe('Session expired. Please login again.');
        break;
      }
      current = (await json<Body>(res)).data.token;
      refreshedUntil = t.clock.now;
    }
    t.clock.now = realNow;
    const days = (refreshedUntil.getTime() - realNow.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('logout revokes the token on the server', async () => {
    const token = await signIn(t, school.adminEmail);
    const res = await t.request('/api/auth/logout', { method: 'POST', token });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ success: true, message: 'Logged out successfully' });
    const after = await t.request('/api/users/verify', { token });
    expect(after.status).toBe(401);
    expect((await t.request('/api/auth/profile', { token })).status).toBe(401);
  });

  it('a new password signs out every earlier token and needs the current password', async () => {
    const other = await createTestSchool(t);
    const first = await signIn(t, other.adminEmail);
    const second = await signIn(t, other.adminEmail);
    const refused = await t.request('/api/auth/profile', {
      method: 'PUT',
      token: first,
      json: { currentPassword: 'wrong-one', newPassword: 'brand-new-pass' },
    });
    expect(refused.status).toBe(400);
    expect((await json<Body>(refused)).error).toBe('Current password is incorrect');

    const res = await t.request('/api/auth/profile', {
      method: 'PUT',
      token: first,
      json: { name: 'Ada Lovelace', currentPassword: PASSWORD, newPassword: 'brand-new-pass' },
    });
    expect(res.status).toBe(200);
    const body = await json<Body>(res);
    expect(body.data.user.name).toBe('Ada Lovelace');
    expect((await t.request('/api/users/verify', { token: first })).status).toBe(401);
    expect((await t.request('/api/users/verify', { token: second })).status).toBe(401);
    expect((await t.request('/api/users/verify', { token: body.data.token })).status).toBe(200);
    expect((await login(other.adminEmail, PASSWORD)).res.status).toBe(401);
    expect((await login(other.adminEmail, 'brand-new-pass')).res.status).toBe(200);
  });
});

describe('throttling', () => {
  it('locks an email after five failures within 15 minutes, even for the right password, until the window passes', async () => {
    const target = await createTestSchool(t);
    for (let i = 0; i < 5; i++) {
      expect((await login(target.adminEmail, `wrong-${i}`)).res.status).toBe(401);
    }
    const locked = await login(target.adminEmail, PASSWORD);
    expect(locked.res.status).toBe(429);
    expect(locked.body.error).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(locked.res.headers.get('retry-after'))).toBeGreaterThan(0);

    // Another email is not affected.
    expect((await login(school.adminEmail, PASSWORD)).res.status).toBe(200);

    const realNow = t.clock.now;
    t.clock.now = new Date(realNow.getTime() + 15 * 60 * 1000 + 1000);
    const later = await login(target.adminEmail, PASSWORD);
    t.clock.now = realNow;
    expect(later.res.status).toBe(200);
  });

  it('a success clears the failures', async () => {
    const target = await createTestSchool(t);
    for (let i = 0; i < 4; i++) await login(target.adminEmail, 'wrong');
    expect((await login(target.adminEmail, PASSWORD)).res.status).toBe(200);
    for (let i = 0; i < 4; i++) await login(target.adminEmail, 'wrong');
    expect((await login(target.adminEmail, PASSWORD)).res.status).toBe(200);
  });
});

describe('teacher accounts: POST /api/auth/create-teacher and POST /api/teachers/login', () => {
  it('an administrator creates a teacher who signs in at the teacher sign-in', async () => {
    const admin = await signIn(t, school.adminEmail);
    const { res, body, email } = await createTeacher(admin, {
      primarySubject: 'Mathematics',
      subjects: ['Physics', 'Mathematics'],
    });
    expect(res.status).toBe(201);
    expect(body.message).toBe('Teacher added successfully!');
    expect(body.data.teacher).toMatchObject({
      name: 'Tara Teacher',
      email,
      role: 'teacher',
      department: 'Teaching',
      subjects: [{ name: 'Mathematics' }, { name: 'Physics' }],
      isActive: true,
    });
    expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash/);
    const [logged] = await t.db.select().from(activityLogs).where(eq(activityLogs.entityId, body.data.teacher._id));
    expect(logged).toMatchObject({
      schoolId: school.schoolId,
      action: 'create',
      entity: 'teacher',
      userName: 'Ada Admin',
    });

    const teacherLogin = await login(email, PASSWORD, '/api/teachers/login');
    expect(teacherLogin.res.status).toBe(200);
    const top = teacherLogin.body as unknown as { token: string; teacher: Record<string, unknown> };
    expect(typeof top.token).toBe('string');
    expect(top.teacher).toMatchObject({ email, name: 'Tara Teacher', schoolId: school.schoolId });

    const profile = await t.request('/api/auth/profile', { token: top.token });
    expect((await json<Body>(profile)).data.teacher).toMatchObject({ email });
  });

  it('refuses a duplicate email, a short password, a non-admin and no token', async () => {
    const admin = await signIn(t, school.adminEmail);
    const first = await createTeacher(admin);
    const duplicate = await t.request('/api/auth/create-teacher', {
      method: 'POST',
      token: admin,
      json: { name: 'Again', email: first.email.toUpperCase(), password: PASSWORD, phone: '1' },
    });
    expect(duplicate.status).toBe(409);
    expect((await json<Body>(duplicate)).error).toContain('email already exists');

    const short = await createTeacher(admin, { password: '12345' });
    expect(short.res.status).toBe(400);
    expect(short.body.details?.[0].msg).toBe('Password must be at least 6 characters long');

    const teacherToken = await signIn(t, first.email, PASSWORD, '/api/teachers/login');
    const asTeacher = await createTeacher(teacherToken);
    expect(asTeacher.res.status).toBe(403);
    expect(asTeacher.body.error).toBe('Access denied. Required role: school_admin');

    const anonymous = await t.request('/api/auth/create-teacher', { method: 'POST', json: {} });
    expect(anonymous.status).toBe(401);
  });

  it('the teacher sign-in refuses an administrator with the same message as a wrong password', async () => {
    const { res, body } = await login(school.adminEmail, PASSWORD, '/api/teachers/login');
    expect(res.status).toBe(401);
    expect(body).toEqual({ success: false, error: 'Invalid credentials', code: 'INVALID_CREDENTIALS' });
  });
});

describe('family sign-ins: students and parents', () => {
  it('a student signs in and sees their own class', async () => {
    const classId = await createClass(t, school.schoolId, { name: '7', section: 'B' });
    const student = await createStudent(t, school.schoolId, { classId, name: 'Sam Student' });
    const { res, body } = await login(student.email, PASSWORD, '/api/students/login');
    expect(res.status).toBe(200);
    const top = body as unknown as { token: string; student: Record<string, unknown> };
    expect(top.student).toMatchObject({ name: 'Sam Student', classId: { _id: classId, name: '7', section: 'B' } });
    expect((await login(student.email, PASSWORD, '/api/students/parents/login')).res.status).toBe(401);
  });

  it('a parent of two children signs in once and sees both', async () => {
    const classA = await createClass(t, school.schoolId, { name: '6', section: 'A' });
    const classB = await createClass(t, school.schoolId, { name: '9', section: 'C' });
    const first = await createStudent(t, school.schoolId, { classId: classA, name: 'Anya' });
    await createStudent(t, school.schoolId, { classId: classB, name: 'Ben', parentId: first.parentId });
    const { res, body } = await login(first.parentEmail!, PASSWORD, '/api/students/parents/login');
    expect(res.status).toBe(200);
    const parent = (body as unknown as { parent: { children: { name: string; classId: { name: string } }[] } }).parent;
    expect(parent.children.map((c) => `${c.name} ${c.classId.name}`)).toEqual(['Anya 6', 'Ben 9']);
    expect((await login(first.parentEmail!, PASSWORD, '/api/students/login')).res.status).toBe(401);
  });
});

describe('tenancy and the app frame', () => {
  it("a token of one school reads only that school's data", async () => {
    const a = await createTestSchool(t, 'Alpha Academy');
    const b = await createTestSchool(t, 'Beta Public School');
    const tokenA = await signIn(t, a.adminEmail);
    const tokenB = await signIn(t, b.adminEmail);
    const infoA = await json<Body>(await t.request('/api/settings/school-info', { token: tokenA }));
    const infoB = await json<Body>(await t.request('/api/settings/school-info', { token: tokenB }));
    expect(infoA.data).toMatchObject({ _id: a.schoolId, name: 'Alpha Academy' });
    expect(infoB.data).toMatchObject({ _id: b.schoolId, name: 'Beta Public School' });
  });

  it('answers health, JSON 404s, security headers, Server-Timing and CORS only for configured origins', async () => {
    const health = await t.request('/api/health');
    expect(health.status).toBe(200);
    expect((await json<Body>(health)).data.status).toBe('ok');
    expect(health.headers.get('x-request-id')).toBeTruthy();
    expect(health.headers.get('strict-transport-security')).toContain('max-age=');
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    expect(health.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(roundTrips(health)).toBe(0);

    const missing = await t.request('/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({
      success: false,
      error: 'Route not found: GET /api/no-such-thing',
      code: 'ROUTE_NOT_FOUND',
    });

    const token = await signIn(t, school.adminEmail);
    const verify = await t.request('/api/users/verify', { token });
    expect(roundTrips(verify)).toBe(2);

    const allowed = await t.request('/api/health', { headers: { Origin: 'https://admin.example.org' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://admin.example.org');
    const unknown = await t.request('/api/health', { headers: { Origin: 'https://evil.example.com' } });
    expect(unknown.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a JSON body over 1 MB before reading it', async () => {
    const res = await t.request('/api/users/login', {
      method: 'POST',
      json: { email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(res.status).toBe(413);
    expect((await json<Body>(res)).error).toBe('Request body is too large (limit 1 MB)');
  });
});

describe("the school's time zone travels with the signed-in user", () => {
  it('login, verify, refresh, profile and the teacher sign-in all carry school.timeZone', async () => {
    const own = await createTestSchool(t, 'Zone School');
    await t.db.update(schools).set({ timeZone: 'Asia/Kolkata' }).where(eq(schools.id, own.schoolId));
    const zone = { _id: own.schoolId, name: 'Zone School', timeZone: 'Asia/Kolkata', language: 'en' };

    const { body } = await login(own.adminEmail, PASSWORD);
    expect(body.data.user.school).toEqual(zone);
    const token = body.data.token as string;
    expect((await json<Body>(await t.request('/api/users/verify', { token }))).data.user.school).toEqual(zone);
    expect((await json<Body>(await t.request('/api/auth/profile', { token }))).data.user.school).toEqual(zone);
    const teacher = await createTeacher(token);
    const refreshed = await t.request('/api/auth/refresh', { method: 'POST', token });
    expect((await json<Body>(refreshed)).data.user.school).toEqual(zone);

    const teacherLogin = await login(teacher.email, PASSWORD, '/api/teachers/login');
    expect((teacherLogin.body as unknown as { teacher: { school: unknown } }).teacher.school).toEqual(zone);
    expect(teacherLogin.body.data.user.school).toEqual(zone);
  });
});

describe('one sign-in for every role: POST /api/users/login and /api/auth/login', () => {
  it('answers each role with its user and the record its own portal opens with, in a fixed number of round trips', async () => {
    const admin = await signIn(t, school.adminEmail);
    const teacher = await createTeacher(admin);
    const classId = await createClass(t, school.schoolId, { name: '8', section: 'D' });
    const kid = await createStudent(t, school.schoolId, { classId, name: 'Kiran Kid' });

    for (const path of ['/api/users/login', '/api/auth/login']) {
      const asAdmin = await login(school.adminEmail, PASSWORD, path);
      expect(asAdmin.body.data.user.role).toBe('school_admin');
      expect(Object.keys(asAdmin.body.data).sort()).toEqual(['expiresAt', 'token', 'user']);

      const asTeacher = await login(teacher.email, PASSWORD, path);
      expect(asTeacher.res.status).toBe(200);
      expect(asTeacher.body.data.user.role).toBe('teacher');
      expect(asTeacher.body.data.teacher).toMatchObject({ email: teacher.email, schoolId: school.schoolId });
      expect(asTeacher.body.data.teacher.school.name).toBe('Riverside High');

      const asStudent = await login(kid.email, PASSWORD, path);
      expect(asStudent.body.data.user.role).toBe('student');
      expect(asStudent.body.data.student).toMatchObject({ name: 'Kiran Kid', classId: { _id: classId } });

      const asParent = await login(kid.parentEmail!, PASSWORD, path);
      expect(asParent.body.data.user.role).toBe('parent');
      expect(asParent.body.data.parent.children.map((c: { name: string }) => c.name)).toEqual(['Kiran Kid']);
      expect(roundTrips(asParent.res)).toBe(roundTrips(asTeacher.res));
      expect(JSON.stringify([asAdmin.body, asTeacher.body, asStudent.body, asParent.body])).not.toMatch(
        /argon2|passwordHash/,
      );
    }
  });
});
