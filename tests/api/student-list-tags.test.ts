import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, classes, users } from '../../worker/db/schema';
import { createTestApp, roundTrips, type TestApp } from '../support/app';
import { classroom } from '../support/classroom';
import { createStudent } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function list(token: string, path: string, etag?: string | null) {
  const res = await t.request(path, { token, headers: etag ? { 'If-None-Match': etag } : {} });
  const text = await res.text();
  return { status: res.status, etag: res.headers.get('etag'), text, trips: roundTrips(res), headers: res.headers };
}

async function listLines(schoolId: string) {
  const rows = await t.db
    .select({ summary: activityLogs.summary })
    .from(activityLogs)
    .where(and(eq(activityLogs.schoolId, schoolId), sql`${activityLogs.summary} like 'Listed %'`));
  return rows.map((r) => r.summary);
}

describe('the student list answers 304 while nothing it shows has changed', () => {
  it('304 on a repeat, 200 after a write by anyone in the school, and the read is logged each time', async () => {
    const w = await classroom(t);
    const asha = await createStudent(t, w.schoolId, { classId: w.classId, name: 'Asha Rao' });
    await createStudent(t, w.schoolId, { name: 'Bilal Khan' });
    const path = '/api/students?limit=1000';

    const first = await list(w.token, path);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^W\/"\d+\.2\.[\w-]{16}"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');

    const again = await list(w.token, path, first.etag);
    // The session check, then one batch: the version and the log line, without reading the students.
    expect(again).toMatchObject({ status: 304, etag: first.etag, text: '', trips: 2 });
    expect(await listLines(w.schoolId)).toEqual(['Listed 2 student(s)', 'Listed 2 student(s)']);

    // Another query, or the other view, has a tag of its own.
    expect((await list(w.token, '/api/students?limit=999', first.etag)).status).toBe(200);
    expect((await list(w.token, `${path}&view=cards`, first.etag)).status).toBe(200);

    // Each kind of write the list shows moves the version: a student, an account's name, a class's name.
    const writes = [
      () => t.request(`/api/students/${asha.studentId}`, { method: 'PUT', token: w.token, json: { rollNumber: '9' } }),
      () => t.db.update(users).set({ name: 'Asha R. Rao' }).where(eq(users.email, asha.email)),
      () => t.db.update(classes).set({ section: 'C' }).where(eq(classes.id, w.classId)),
    ];
    let tag = first.etag;
    for (const write of writes) {
      await write();
      const changed = await list(w.token, path, tag);
      expect(changed.status).toBe(200);
      expect(changed.etag).not.toBe(tag);
      expect((await list(w.token, path, changed.etag)).status).toBe(304);
      tag = changed.etag;
    }
    // A sign-in writes the account but changes nothing the list shows.
    await t.db.update(users).set({ lastLoginAt: new Date().toISOString() }).where(eq(users.email, asha.email));
    expect((await list(w.token, path, tag)).status).toBe(304);
  });

  it("another school's tag, a tag altered by hand or a made-up one never answers 304", async () => {
    const a = await classroom(t);
    const b = await classroom(t);
    await createStudent(t, a.schoolId, { name: 'Asha Rao' });
    await createStudent(t, b.schoolId, { name: 'Bilal Khan' });
    const path = '/api/students?limit=1000';
    const tagA = (await list(a.token, path)).etag as string;
    const tagB = (await list(b.token, path)).etag as string;
    // Both schools at the same version, the same query and the same count: the tags still differ.
    expect(tagA.split('.').slice(0, 2)).toEqual(tagB.split('.').slice(0, 2));
    expect(tagA).not.toBe(tagB);

    const fromB = await list(a.token, path, tagB);
    expect(fromB.status).toBe(200);
    expect(JSON.parse(fromB.text).data.map((s: { name: string }) => s.name)).toEqual(['Asha Rao']);
    const [version, , mac] = tagA.slice(3, -1).split('.');
    // A count raised by hand would make the log line lie: the MAC refuses it.
    expect((await list(a.token, path, `W/"${version}.500.${mac}"`)).status).toBe(200);
    expect((await list(a.token, path, '*')).status).toBe(200);
    expect((await list(a.token, path, `"junk", ${tagA}`)).status).toBe(304);
  });

  it('a list asked again without a tag is the same answer, and shows any change made since, by anyone', async () => {
    const a = await classroom(t);
    const b = await classroom(t);
    const asha = await createStudent(t, a.schoolId, { classId: a.classId, name: 'Asha Rao' });
    await createStudent(t, b.schoolId, { name: 'Bilal Khan' });
    const path = '/api/students?limit=1000';
    const names = (text: string) => JSON.parse(text).data.map((s: { name: string }) => s.name);

    const first = await list(a.token, path);
    const again = await list(a.token, path);
    expect(again).toMatchObject({ status: 200, etag: first.etag, text: first.text, trips: 2 });
    expect(await listLines(a.schoolId)).toEqual(['Listed 1 student(s)', 'Listed 1 student(s)']);
    // The same query in another school answers that school's students.
    expect(names((await list(b.token, path)).text)).toEqual(['Bilal Khan']);

    // A write made outside this request's path (another server, a restore) still shows on the next ask.
    await t.db.update(users).set({ name: 'Asha R. Rao' }).where(eq(users.email, asha.email));
    const renamed = await list(a.token, path);
    expect(renamed.status).toBe(200);
    expect(names(renamed.text)).toEqual(['Asha R. Rao']);
    expect(renamed.etag).not.toBe(first.etag);
    // A caller holding the old tag gets the new list, one holding the new tag a 304.
    expect(names((await list(a.token, path, first.etag)).text)).toEqual(['Asha R. Rao']);
    expect((await list(a.token, path, renamed.etag)).status).toBe(304);
    await createStudent(t, a.schoolId, { name: 'Chen Li' });
    expect(names((await list(a.token, path, renamed.etag)).text)).toEqual(['Asha R. Rao', 'Chen Li']);
    expect(await listLines(a.schoolId)).toHaveLength(6);
  });
});
