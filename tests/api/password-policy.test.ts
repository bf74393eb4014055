import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from '../../worker/lib/common-passwords';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from '../../worker/lib/password-policy';
import { createTestApp, createTestSchool, json, PLATFORM_TOKEN, signIn, type TestApp, unique } from '../support/app';
import { addTeacher, createClass } from '../support/factories';
import { enrolment } from '../support/students';

let t: TestApp;
let admin: string;
let schoolId: string;

beforeAll(async () => {
  t = await createTestApp();
  const school = await createTestSchool(t);
  schoolId = school.schoolId;
  admin = await signIn(t, school.adminEmail);
});

type Details = { msg: string; path: string }[];
const email = (prefix: string) => `${unique(prefix)}@example.org`.toLowerCase();
const send = (method: string, path: string, body: unknown, token = admin) =>
  t.request(path, { method, token, json: body });

async function refused(res: Response, message: string, path: string) {
  expect(res.status).toBe(400);
  expect(((await json(res)).details as Details).filter((d) => d.path === path)).toEqual([{ msg: message, path }]);
}

describe('the list', () => {
  it('holds the 10,000 most common passwords, lower case', () => {
    expect(COMMON_PASSWORDS.size).toBe(10_000);
    expect(COMMON_PASSWORDS.has('123456')).toBe(true);
    expect(COMMON_PASSWORDS.has('password1')).toBe(true);
  });
});

describe('passwords the office types and the person keeps (requirePasswordChange false or absent)', () => {
  it('enrolment: the student and each new parent need a chosen password', async () => {
    const classId = await createClass(t, schoolId);
    await refused(
      await send('POST', '/api/students', enrolment(classId, { password: 'Password1' })),
      PASSWORD_TOO_COMMON,
      'password',
    );
    const shortParent = enrolment(classId, { requirePasswordChange: false });
    (shortParent.parentInfo as Record<string, string>).fatherPassword = 'fath3r7';
    await refused(await send('POST', '/api/students', shortParent), PASSWORD_TOO_SHORT, 'parentInfo.fatherPassword');
    expect((await send('POST', '/api/students', enrolment(classId))).status).toBe(201);
  });

  it('a new teacher, on both forms', async () => {
    for (const path of ['/api/teachers', '/api/auth/create-teacher']) {
      const base = { name: 'Nina Rao', email: email('nina'), phone: '555-0120' };
      await refused(await send('POST', path, { ...base, password: 'sunshine1' }), PASSWORD_TOO_COMMON, 'password');
      await refused(
        await send('POST', path, { ...base, password: 'abc1234', requirePasswordChange: false }),
        PASSWORD_TOO_SHORT,
        'password',
      );
      expect((await send('POST', path, { ...base, password: 'orchard-lamp-42' })).status).toBe(201);
    }
  });

  it("a teacher's new password from the office", async () => {
    const { teacherId } = await addTeacher(t, schoolId);
    await refused(
      await send('PUT', `/api/teachers/${teacherId}`, { password: 'qwertyuiop' }),
      PASSWORD_TOO_COMMON,
      'password',
    );
    await refused(
      await send('PUT', `/api/teachers/${teacherId}`, { password: 'lamp-12' }),
      PASSWORD_TOO_SHORT,
      'password',
    );
    expect((await send('PUT', `/api/teachers/${teacherId}`, { password: 'k3y-lamp' })).status).toBe(200);
  });
});

describe('passwords the person must replace at first sign-in keep the 6-character rule', () => {
  it('enrolment, new teacher and teacher reset accept a short one; still not shorter than 6', async () => {
    const classId = await createClass(t, schoolId, { name: '8', section: 'E' });
    const kept = { requirePasswordChange: true };
    const family = enrolment(classId, { ...kept, password: 'abc123' });
    (family.parentInfo as Record<string, string>).fatherPassword = 'dad123';
    expect((await send('POST', '/api/students', family)).status).toBe(201);
    const teacher = { name: 'Ravi Das', email: email('ravi'), phone: '555-0121', password: 'tmp123', ...kept };
    expect((await send('POST', '/api/teachers', teacher)).status).toBe(201);
    const { teacherId } = await addTeacher(t, schoolId);
    expect((await send('PUT', `/api/teachers/${teacherId}`, { password: 'tmp456', ...kept })).status).toBe(200);
    const tooShort = await send('PUT', `/api/teachers/${teacherId}`, { password: 'tmp45', ...kept });
    await refused(tooShort, 'Password must be at least 6 characters long', 'password');
  });
});

describe("a new school's administrator", () => {
  it('the platform endpoint refuses a short or common password, asked to replace it or not', async () => {
    for (const requirePasswordChange of [true, false]) {
      const body = { name: unique('School'), adminEmail: email('head'), requirePasswordChange };
      const send = (adminPassword: string) =>
        t.request('/api/platform/schools', { method: 'POST', token: PLATFORM_TOKEN, json: { ...body, adminPassword } });
      await refused(await send('letmein1'), PASSWORD_TOO_COMMON, 'adminPassword');
      await refused(await send('head-12'), PASSWORD_TOO_SHORT, 'adminPassword');
      expect((await send('harbour-kite-5')).status).toBe(201);
    }
  });

  it('school:create refuses a common password before it opens any database', async () => {
    const failure = await promisify(execFile)(
      'npx',
      [
        'tsx',
        'scripts/school-create.ts',
        '--name',
        'X',
        '--admin-email',
        'x@example.org',
        '--admin-password',
        'football1',
      ],
      { env: { ...process.env, LIBSQL_URL: 'file:/nonexistent/never.db' }, timeout: 60_000 },
    ).catch((error: { code: number; stderr: string }) => error);
    expect((failure as { code: number }).code).toBe(2);
    expect((failure as { stderr: string }).stderr).toContain(`adminPassword: ${PASSWORD_TOO_COMMON}`);
  });
});
