import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openLibsql } from '../../scripts/lib/libsql-db';
import { departments, schools, users } from '../../worker/db/schema';
import { academicYearOf } from '../../worker/lib/academic-year';
import { dateInZone } from '../../worker/lib/time';
import { createSchool } from '../../worker/modules/platform/service';
import { createTestApp, json, PLATFORM_TOKEN } from '../support/app';

const exec = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'school-create-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function createSchoolCli(args: string[], env: Record<string, string>) {
  return exec('npx', ['tsx', 'scripts/school-create.ts', ...args], {
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
}

describe('npm run school:create', () => {
  it('creates a school, its first administrator and its departments in a libSQL database', async () => {
    const url = `file:${join(dir, 'portal.db')}`;
    const { stdout } = await createSchoolCli(
      [
        '--name',
        'Hillside School',
        '--admin-email',
        'Head@Hillside.example',
        '--admin-password',
        'hill-pass',
        '--time-zone',
        'Europe/Dublin',
        '--language',
        'hi',
      ],
      { LIBSQL_URL: url },
    );
    expect(stdout).toContain('Created Hillside School');
    expect(stdout).toContain('head@hillside.example and chooses a new password at first sign-in');

    const { db, client } = await openLibsql(url);
    const [school] = await db.select().from(schools).where(eq(schools.name, 'Hillside School'));
    expect(school.timeZone).toBe('Europe/Dublin');
    expect(school.language).toBe('hi');
    // The year today falls in, in Dublin, for a September year.
    expect(school.yearStartMonth).toBe(9);
    expect(school.academicYear).toBe(academicYearOf(dateInZone(new Date(), 'Europe/Dublin'), 9));
    expect(stdout).toContain(`academic year ${school.academicYear}`);
    expect(school.semester).toBe('Annual');
    const [admin] = await db.select().from(users).where(eq(users.email, 'head@hillside.example'));
    expect(admin.role).toBe('school_admin');
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    // The operator typed this password: the administrator replaces it before anything else.
    expect(admin.passwordChangeRequired).toBe(true);
    const depts = await db.select().from(departments).where(eq(departments.schoolId, school.id));
    expect(depts.map((d) => d.name).sort()).toEqual([
      'Administration',
      'Finance',
      'HR',
      'IT',
      'Library',
      'Maintenance',
      'Transport',
    ]);
    client.close();
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const url = `file:${join(dir, 'bad.db')}`;
    const failure = await createSchoolCli(['--name', 'X', '--admin-email', 'not-an-email', '--admin-password', '1'], {
      LIBSQL_URL: url,
    }).catch((error: { code: number; stderr: string }) => error);
    expect((failure as { code: number }).code).toBe(2);
    expect((failure as { stderr: string }).stderr).toContain('adminEmail: Email is invalid');
    expect(existsSync(join(dir, 'bad.db'))).toBe(false);
  });
});

describe('POST /api/platform/schools', () => {
  it('opens only with the platform token, then the new administrator signs in', async () => {
    const t = await createTestApp();
    const body = { name: 'Lakeside Primary', adminEmail: 'lake@example.org', adminPassword: 'lake-pass' };
    expect((await t.request('/api/platform/schools', { method: 'POST', json: body })).status).toBe(401);
    expect((await t.request('/api/platform/schools', { method: 'POST', json: body, token: 'wrong' })).status).toBe(401);
    const res = await t.request('/api/platform/schools', { method: 'POST', json: body, token: PLATFORM_TOKEN });
    expect(res.status).toBe(201);
    expect((await json<any>(res)).data.school).toMatchObject({ name: 'Lakeside Primary', language: 'en' });
    const again = await t.request('/api/platform/schools', { method: 'POST', json: body, token: PLATFORM_TOKEN });
    expect(again.status).toBe(409);
    expect((await json<any>(again)).error).toContain('email already exists');
    const login = await t.request('/api/users/login', {
      method: 'POST',
      json: { email: 'lake@example.org', password: 'lake-pass' },
    });
    const signedIn = await json<any>(login);
    expect(signedIn.data.user.school.name).toBe('Lakeside Primary');
    expect(signedIn.data.user.mustChangePassword).toBe(false);

    // Asked for, the new administrator must replace the password the operator chose.
    const asked = await t.request('/api/platform/schools', {
      method: 'POST',
      json: {
        name: 'Riverside',
        adminEmail: 'river@example.org',
        adminPassword: 'river-pass',
        requirePasswordChange: true,
      },
      token: PLATFORM_TOKEN,
    });
    expect(asked.status).toBe(201);
    const river = await t.request('/api/users/login', {
      method: 'POST',
      json: { email: 'river@example.org', password: 'river-pass' },
    });
    expect((await json<any>(river)).data.user.mustChangePassword).toBe(true);

    // A school may start in another of the portal's languages, and in none it does not speak.
    const create = (language: string, n: number) =>
      t.request('/api/platform/schools', {
        method: 'POST',
        json: { name: `Tongue ${n}`, adminEmail: `tongue${n}@example.org`, adminPassword: 'tongue-pass', language },
        token: PLATFORM_TOKEN,
      });
    expect((await json<any>(await create('ar', 1))).data.school.language).toBe('ar');
    const refused = await create('fr', 2);
    expect(refused.status).toBe(400);
    expect((await json<any>(refused)).details).toEqual([
      expect.objectContaining({ path: 'language', msg: 'Language must be one of en, hi, ar' }),
    ]);
  });

  it('starts the school in the year today falls in, in its own zone, by the month its year starts', async () => {
    const t = await createTestApp();
    // 00:30 on 1 April 2027 in India, still 31 March in UTC and in New York.
    t.clock.now = new Date('2027-03-31T19:00:00Z');
    const create = async (body: Record<string, unknown>) => {
      const res = await t.request('/api/platform/schools', { method: 'POST', json: body, token: PLATFORM_TOKEN });
      expect(res.status).toBe(201);
      return (await json<any>(res)).data.school;
    };
    const base = (n: number) => ({
      name: `Year School ${n}`,
      adminEmail: `year${n}@example.org`,
      adminPassword: 'year-pass',
    });
    expect(await create({ ...base(1), timeZone: 'Asia/Kolkata' })).toMatchObject({
      academicYear: '2027-2028',
      yearStartMonth: 4,
    });
    expect(await create({ ...base(2), timeZone: 'America/New_York' })).toMatchObject({
      academicYear: '2026-2027',
      yearStartMonth: 9,
    });
    expect(await create({ ...base(3), timeZone: 'America/New_York', yearStartMonth: 1 })).toMatchObject({
      academicYear: '2027-2028',
      yearStartMonth: 1,
    });
    const [stored] = await t.db.select().from(schools).where(eq(schools.name, 'Year School 1'));
    expect(stored).toMatchObject({ academicYear: '2027-2028', yearStartMonth: 4 });

    const refused = await t.request('/api/platform/schools', {
      method: 'POST',
      json: { ...base(4), yearStartMonth: 13 },
      token: PLATFORM_TOKEN,
    });
    expect(refused.status).toBe(400);
    expect((await json<any>(refused)).details[0]).toMatchObject({
      msg: 'Year start month must be a month number from 1 to 12',
    });
  });

  it('gives schools of the same name codes of their initials and six random characters, all different', async () => {
    const t = await createTestApp();
    // The password hash is beside the point here: a stand-in keeps 200 schools fast.
    const hasher = { hash: async () => 'not-a-real-hash', verify: async () => false };
    const codes: string[] = [];
    for (let i = 0; i < 200; i++) {
      const made = await createSchool(t.db, hasher, {
        name: 'Hillside School',
        adminName: 'Head',
        adminEmail: `head${i}@hillside-codes.example`,
        adminPassword: 'hill-pass',
      });
      codes.push(made.school.code);
    }
    for (const code of codes) expect(code).toMatch(/^HS-[A-HJ-NP-Z2-9]{6}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('is closed (404) when no platform token is configured', async () => {
    const t = await createTestApp({ platformToken: undefined });
    const res = await t.request('/api/platform/schools', { method: 'POST', json: {}, token: 'anything' });
    expect(res.status).toBe(404);
  });
});
