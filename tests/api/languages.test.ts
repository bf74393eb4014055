import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { backups, schools, users } from '../../worker/db/schema';
import { encodeSnapshot } from '../../worker/modules/settings/backup';
import { createTestApp, createTestSchool, json, PASSWORD, roundTrips, signIn, type TestApp } from '../support/app';
import { addTeacher, createStudent } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

type Role = 'school_admin' | 'teacher' | 'student' | 'parent';
const PATHS = {
  school_admin: '/api/users/login',
  teacher: '/api/teachers/login',
  student: '/api/students/login',
  parent: '/api/students/parents/login',
} as const;

async function adminOf() {
  const school = await createTestSchool(t);
  return { ...school, token: await signIn(t, school.adminEmail) };
}

/** An account of the role in a school of its own, signed in at its role's own sign-in. */
async function account(role: Role) {
  const school = await createTestSchool(t);
  let email = school.adminEmail;
  if (role === 'teacher') email = (await addTeacher(t, school.schoolId)).email;
  if (role === 'student' || role === 'parent') {
    const made = await createStudent(t, school.schoolId);
    email = role === 'student' ? made.email : (made.parentEmail as string);
  }
  return { email, schoolId: school.schoolId, token: await signIn(t, email, PASSWORD, PATHS[role]) };
}

const putSettings = (token: string, body: unknown) =>
  t.request('/api/settings/school-info', { method: 'PUT', token, json: body });
const putProfile = (token: string, body: unknown) =>
  t.request('/api/auth/profile', { method: 'PUT', token, json: body });

describe("the school's language", () => {
  it('is English for a new school; an administrator changes it and settings answer it', async () => {
    const admin = await adminOf();
    const read = async () =>
      (await json<any>(await t.request('/api/settings/school-info', { token: admin.token }))).data;
    expect((await read()).language).toBe('en');

    const res = await putSettings(admin.token, { language: 'hi' });
    expect(res.status).toBe(200);
    expect((await json<any>(res)).data.language).toBe('hi');
    expect((await read()).language).toBe('hi');
    const events = t.publisher.events.filter((e) => e.schoolId === admin.schoolId).map((e) => e.event);
    expect(events).toEqual([{ type: 'school_updated', data: expect.objectContaining({ language: 'hi' }) }]);

    expect((await json<any>(await putSettings(admin.token, { language: 'ar' }))).data.language).toBe('ar');
    expect((await read()).language).toBe('ar');
  });

  it("refuses a language the portal does not speak, and changes nothing; another school's is untouched", async () => {
    const admin = await adminOf();
    const other = await adminOf();
    await putSettings(other.token, { language: 'hi' });

    for (const language of ['fr', '', null, 'EN', 3]) {
      const res = await putSettings(admin.token, { name: 'Never Saved', language });
      expect(res.status).toBe(400);
      const body = await json<any>(res);
      expect(body.details).toEqual([
        expect.objectContaining({ path: 'language', msg: 'Language must be one of en, hi, ar' }),
      ]);
    }
    const [row] = await t.db.select().from(schools).where(eq(schools.id, admin.schoolId));
    expect(row).toMatchObject({ language: 'en', name: admin.name });

    expect((await putSettings(admin.token, { language: 'ar' })).status).toBe(200);
    const [kept] = await t.db.select().from(schools).where(eq(schools.id, other.schoolId));
    expect(kept.language).toBe('hi');
  });

  it('a teacher may not change it', async () => {
    const teacher = await account('teacher');
    expect((await putSettings(teacher.token, { language: 'hi' })).status).toBe(403);
    const [row] = await t.db.select().from(schools).where(eq(schools.id, teacher.schoolId));
    expect(row.language).toBe('en');
  });

  it("travels in a backup and comes back with a restore, as does each person's own", async () => {
    const admin = await adminOf();
    await putSettings(admin.token, { language: 'hi' });
    await putProfile(admin.token, { language: 'ar' });
    const backup = await json<any>(
      await t.request('/api/settings/backup', { method: 'POST', token: admin.token, json: {} }),
    );
    await putSettings(admin.token, { language: 'en' });
    await putProfile(admin.token, { language: null });

    const res = await t.request(`/api/settings/backup/${backup.data._id}/restore`, {
      method: 'POST',
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const [school] = await t.db.select().from(schools).where(eq(schools.id, admin.schoolId));
    const [me] = await t.db.select().from(users).where(eq(users.id, admin.adminId));
    expect([school.language, me.language]).toEqual(['hi', 'ar']);
  });

  it('a backup older than the languages, or one with a language the portal lacks, leaves them as they are', async () => {
    const admin = await adminOf();
    const backup = await json<any>(
      await t.request('/api/settings/backup', { method: 'POST', token: admin.token, json: {} }),
    );
    const [row] = await t.db.select().from(backups).where(eq(backups.id, backup.data._id));
    const bytes = await (await t.platform.files!.get(row.storageKey))!.arrayBuffer();
    const text = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
    const restoreWith = async (change: (snapshot: any) => void) => {
      const snapshot = JSON.parse(text);
      change(snapshot);
      await t.platform.files!.put(row.storageKey, await encodeSnapshot(snapshot));
      const token = await signIn(t, admin.adminEmail);
      await putSettings(token, { language: 'hi' });
      await putProfile(token, { language: 'ar' });
      const res = await t.request(`/api/settings/backup/${row.id}/restore`, { method: 'POST', token });
      expect(res.status).toBe(200);
      const [school] = await t.db.select().from(schools).where(eq(schools.id, admin.schoolId));
      const [me] = await t.db.select().from(users).where(eq(users.id, admin.adminId));
      return [school.language, me.language];
    };

    const older = await restoreWith((snapshot) => {
      delete snapshot.school.language;
      for (const user of snapshot.tables.users) delete user.language;
    });
    expect(older).toEqual(['hi', 'ar']);
    const foreign = await restoreWith((snapshot) => {
      snapshot.school.language = 'fr';
      for (const user of snapshot.tables.users) user.language = 'fr';
    });
    expect(foreign).toEqual(['hi', null]);
  });
});

describe("a person's own language", () => {
  for (const role of ['school_admin', 'teacher', 'student', 'parent'] as const) {
    it(`${role}: is set alone, without a password, then cleared to follow the school`, async () => {
      const who = await account(role);
      const profile = async () => (await json<any>(await t.request('/api/auth/profile', { token: who.token }))).data;
      expect((await profile()).user.language).toBeNull();

      const set = await putProfile(who.token, { language: 'ar' });
      expect(set.status).toBe(200);
      const body = await json<any>(set);
      expect(body.data.user).toMatchObject({ language: 'ar', school: { language: 'en' } });
      expect(body.data.token).toBeUndefined();
      expect((await profile()).user.language).toBe('ar');

      const cleared = await putProfile(who.token, { language: null });
      expect(cleared.status).toBe(200);
      expect((await json<any>(cleared)).data.user.language).toBeNull();
      expect((await profile()).user.language).toBeNull();
      // Leaving it out keeps it.
      await putProfile(who.token, { language: 'hi' });
      expect((await putProfile(who.token, { phone: '555-0100' })).status).toBe(200);
      expect((await profile()).user.language).toBe('hi');
    });
  }

  it('refuses a language the portal does not speak', async () => {
    const who = await account('student');
    const res = await putProfile(who.token, { language: 'fr' });
    expect(res.status).toBe(400);
    expect((await json<any>(res)).details).toEqual([
      expect.objectContaining({
        path: 'language',
        msg: 'Language must be one of en, hi, ar, or null to follow the school',
      }),
    ]);
    const [row] = await t.db.select().from(users).where(eq(users.email, who.email));
    expect(row.language).toBeNull();
  });
});

describe('the answers that describe the signed-in person carry both languages', () => {
  it('every sign-in, verify, profile and refresh, at the same number of round trips', async () => {
    for (const role of ['school_admin', 'teacher', 'student', 'parent'] as const) {
      const who = await account(role);
      await t.db.update(schools).set({ language: 'ar' }).where(eq(schools.id, who.schoolId));
      await t.db.update(users).set({ language: 'hi' }).where(eq(users.email, who.email));
      const both = { language: 'hi', school: expect.objectContaining({ language: 'ar' }) };

      for (const path of new Set(['/api/users/login', '/api/auth/login', PATHS[role]])) {
        const res = await t.request(path, { method: 'POST', json: { email: who.email, password: PASSWORD } });
        expect(res.status).toBe(200);
        const body = await json<any>(res);
        expect(body.data.user).toMatchObject(both);
        if (role === 'parent') expect(body.data.parent).toMatchObject(both);
        if (role === 'teacher') expect(body.data.teacher.school.language).toBe('ar');
      }
      for (const path of ['/api/users/verify', '/api/auth/profile']) {
        const res = await t.request(path, { token: who.token });
        expect((await json<any>(res)).data.user).toMatchObject(both);
      }
      const refreshed = await t.request('/api/auth/refresh', { method: 'POST', token: who.token });
      expect((await json<any>(refreshed)).data.user).toMatchObject(both);
    }
  });

  it('reads the languages in the queries that already ran', async () => {
    const counts: Record<string, number[]> = {};
    for (const role of ['school_admin', 'teacher', 'student', 'parent'] as const) {
      const who = await account(role);
      const login = await t.request(PATHS[role], { method: 'POST', json: { email: who.email, password: PASSWORD } });
      const verify = await t.request('/api/users/verify', { token: who.token });
      const profile = await t.request('/api/auth/profile', { token: who.token });
      const change = await putProfile(who.token, { language: 'hi' });
      counts[role] = [login, verify, profile, change].map(roundTrips);
    }
    // Sign-in, verify, profile and a change of language: the same counts as before languages were read.
    expect(counts).toEqual({
      school_admin: [2, 2, 2, 3],
      teacher: [3, 2, 3, 3],
      student: [3, 2, 3, 3],
      parent: [3, 2, 3, 3],
    });
  });
});
