import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../worker/db/database';
import type { Shards } from '../../worker/db/directory';
import {
  createTestApp,
  createTestSchool,
  json,
  PASSWORD,
  PLATFORM_TOKEN,
  signIn,
  type TestApp,
  unique,
} from '../support/app';
import { failingLastStatement } from '../support/faults';
import { enrolment } from '../support/students';

type Body = { success: boolean; error?: string; code?: string; data?: any };

let t: TestApp;
let open: Shards['open'];

beforeAll(async () => {
  t = await createTestApp({ shards: 2 });
  open = (t.platform.shards as Shards).open;
});

afterEach(() => {
  (t.platform.shards as Shards).open = open;
});

/** A school with its administrator signed in, placed by the directory, and a class of its own. */
async function school() {
  const made = await createTestSchool(t);
  const token = await signIn(t, made.adminEmail);
  const post = async (path: string, body: unknown) => {
    const res = await t.request(path, { method: 'POST', token, json: body });
    expect(res.status, `${path} ${res.status} ${await res.clone().text()}`).toBeLessThan(300);
    return (await json<Body>(res)).data;
  };
  const teacherEmail = `${unique('teacher')}@example.org`;
  const { teacher } = await post('/api/teachers', {
    name: 'Tara',
    email: teacherEmail,
    password: PASSWORD,
    phone: '1',
  });
  const klass = await post('/api/classes', { name: '7', section: 'A', capacity: 40, teacherId: teacher._id });
  const classId = klass._id as string;
  return { ...made, token, post, classId, teacherEmail, shard: await t.directory.shardOf(made.schoolId) };
}

/** How many rows of every table that carries `school_id` belong to the school, in one database. */
async function rowsOf(db: Database, schoolId: string) {
  const tables = await db.all<{ name: string }>(
    sql`select m.name from sqlite_master m where m.type = 'table' and exists (select 1 from pragma_table_info(m.name) where name = 'school_id')`,
  );
  let total = 0;
  for (const { name } of tables) {
    const [{ n }] = await db.all<{ n: number }>(
      sql`select count(*) as n from ${sql.identifier(name)} where school_id = ${schoolId}`,
    );
    total += n;
  }
  const [{ n }] = await db.all<{ n: number }>(sql`select count(*) as n from schools where id = ${schoolId}`);
  return total + n;
}

async function directoryEmails(schoolId: string) {
  const rows = await t.db.all<{ email: string }>(
    sql`select email from sign_in_emails where school_id = ${schoolId} order by email`,
  );
  return rows.map((r) => r.email);
}

describe('two shards', () => {
  it("places schools one per shard and keeps each school's rows in its own shard only", async () => {
    const a = await school();
    const b = await school();
    expect([a.shard, b.shard].sort()).toEqual([0, 1]);
    for (const s of [a, b]) {
      await s.post('/api/students', enrolment(s.classId));
      const own = t.shards[s.shard as number];
      const other = t.shards[1 - (s.shard as number)];
      // School, admin, departments, class, teacher, student, parent, links, activity lines…
      expect(await rowsOf(own, s.schoolId)).toBeGreaterThan(15);
      const foreign = await rowsOf(other, s.schoolId);
      // The directory's own rows (its shard, its emails) are the only ones in shard 0 for a school of shard 1.
      expect(foreign).toBe(s.shard === 1 ? 1 + (await directoryEmails(s.schoolId)).length : 0);
    }
    expect(await directoryEmails(a.schoolId)).toHaveLength(4);

    const classOfB = await t.request(`/api/classes/${b.classId}`, { token: a.token });
    expect(classOfB.status).toBe(404);
    const own = await t.request(`/api/classes/${a.classId}`, { token: a.token });
    expect(own.status).toBe(200);
  });

  it('signs every role in through the directory, and counts the directory in Server-Timing', async () => {
    const a = await school();
    const b = await school();
    for (const s of [a, b]) {
      const enrolled = enrolment(s.classId);
      await s.post('/api/students', enrolled);
      const res = await t.request('/api/users/login', {
        method: 'POST',
        json: { email: enrolled.parentInfo.fatherEmail, password: enrolled.parentInfo.fatherPassword },
      });
      expect(res.status).toBe(200);
      const body = await json<Body>(res);
      expect(body.data.user.role).toBe('parent');
      expect(body.data.parent.children).toHaveLength(1);
      expect(res.headers.get('server-timing')).toMatch(/directory;desc="\d+"/);
      const reads = await t.request('/api/students', { token: body.data.token });
      expect(reads.status).toBe(403);
    }
    const wrong = await t.request('/api/users/login', {
      method: 'POST',
      json: { email: `${unique('nobody')}@example.org`, password: PASSWORD },
    });
    expect(wrong.status).toBe(401);
  });

  it("refuses an email another shard's school holds, for a teacher, a student, a parent and a new school", async () => {
    const a = await school();
    const b = await school();
    const teacherOfA = `${unique('taken')}@example.org`;
    await a.post('/api/teachers', { name: 'Tara', email: teacherOfA, password: PASSWORD, phone: '1' });
    const teacher = await t.request('/api/teachers', {
      method: 'POST',
      token: b.token,
      json: { name: 'Copy', email: teacherOfA, password: PASSWORD, phone: '1' },
    });
    expect(teacher.status).toBe(409);
    expect((await json<Body>(teacher)).error).toContain('email already exists');
    for (const overrides of [
      { email: teacherOfA },
      { parentInfo: { ...enrolment('').parentInfo, fatherEmail: teacherOfA } },
    ]) {
      const res = await t.request('/api/students', {
        method: 'POST',
        token: b.token,
        json: enrolment(b.classId, overrides),
      });
      expect(res.status).toBe(409);
      expect((await json<Body>(res)).error).toContain('email already exists');
    }
    await expect(createTestSchoolWith(teacherOfA)).rejects.toThrow(/email already exists/);
    expect(await directoryEmails(b.schoolId)).toEqual([b.adminEmail, b.teacherEmail].sort());
  });

  it('moves the directory with an email change and a deletion, and releases a claim whose shard write failed', async () => {
    await school();
    const s = await (async () => {
      // The next school goes to whichever shard holds fewer: make it the one apart from the directory.
      for (;;) {
        const made = await school();
        if (made.shard === 1) return made;
      }
    })();
    const first = `${unique('first')}@example.org`;
    const { teacher } = await s.post('/api/teachers', { name: 'Tara', email: first, password: PASSWORD, phone: '1' });
    const second = `${unique('second')}@example.org`;
    const renamed = await t.request(`/api/teachers/${teacher._id}`, {
      method: 'PUT',
      token: s.token,
      json: { email: second },
    });
    expect(renamed.status).toBe(200);
    expect(await directoryEmails(s.schoolId)).toEqual([s.adminEmail, s.teacherEmail, second].sort());
    expect(await signIn(t, second)).toBeTruthy();

    const enrolled = enrolment(s.classId);
    const student = await s.post('/api/students', enrolled);
    expect(await directoryEmails(s.schoolId)).toContain(enrolled.parentInfo.fatherEmail);
    const removed = await t.request(`/api/students/${student._id}`, { method: 'DELETE', token: s.token });
    expect(removed.status).toBe(200);
    expect(await directoryEmails(s.schoolId)).toEqual([s.adminEmail, s.teacherEmail, second].sort());

    (t.platform.shards as Shards).open = (shard, meter) => failingLastStatement(open(shard, meter));
    const lost = `${unique('lost')}@example.org`;
    const failed = await t.request('/api/teachers', {
      method: 'POST',
      token: s.token,
      json: { name: 'Never', email: lost, password: PASSWORD, phone: '1' },
    });
    expect(failed.status).toBe(500);
    (t.platform.shards as Shards).open = open;
    expect(await directoryEmails(s.schoolId)).not.toContain(lost);
    const again = await t.request('/api/teachers', {
      method: 'POST',
      token: s.token,
      json: { name: 'Now', email: lost, password: PASSWORD, phone: '1' },
    });
    expect(again.status).toBe(201);
  });
});

describe('sign-in limits across shards', () => {
  it("counts a wrong current password of a shard's account where sign-ins count theirs, in the directory", async () => {
    let s = await school();
    while (s.shard !== 1) s = await school();
    const here = { 'CF-Connecting-IP': `10.22.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
    const signInHere = () =>
      t.request('/api/users/login', {
        method: 'POST',
        headers: here,
        json: { email: s.adminEmail, password: PASSWORD },
      });
    const token = (await json<Body>(await signInHere())).data.token as string;
    for (let i = 0; i < 5; i++) {
      const res = await t.request('/api/auth/profile', {
        method: 'PUT',
        token,
        headers: here,
        json: { currentPassword: `guess-${i}`, newPassword: 'a-guessed-secret' },
      });
      expect(res.status).toBe(400);
    }
    expect((await signInHere()).status).toBe(429);
  });
});

async function createTestSchoolWith(adminEmail: string) {
  const res = await t.request('/api/platform/schools', {
    method: 'POST',
    token: PLATFORM_TOKEN,
    json: { name: unique('School'), adminName: 'Ada', adminEmail, adminPassword: PASSWORD },
  });
  if (res.status !== 201) throw new Error((await json<Body>(res)).error);
}
