import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../worker/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { classroom } from '../support/classroom';
import { createClass, createStudent } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const names = (body: { data: { name: string }[] }) => body.data.map((s) => s.name);

async function lastListLine(schoolId: string) {
  const [row] = await t.db
    .select({ summary: activityLogs.summary, userName: activityLogs.userName, userId: activityLogs.userId })
    .from(activityLogs)
    .where(and(eq(activityLogs.schoolId, schoolId), sql`${activityLogs.summary} like 'Listed %'`))
    .orderBy(desc(activityLogs.createdAt), desc(sql`rowid`))
    .limit(1);
  return row;
}

describe('a list shape is written once and every request binds its own values', () => {
  it('two schools, searches, classes and pages one after another each get their own rows, totals and log lines', async () => {
    const a = await classroom(t);
    const b = await classroom(t);
    const otherClass = await createClass(t, a.schoolId, { name: '9', section: 'B' });
    for (const name of ['Asha Rao', 'Bilal Khan', 'Chitra Iyer']) {
      await createStudent(t, a.schoolId, { classId: a.classId, name });
    }
    await createStudent(t, a.schoolId, { classId: otherClass, name: 'Dev Arora' });
    await createStudent(t, b.schoolId, { classId: b.classId, name: 'Esha Menon' });
    const get = async (token: string, path: string) =>
      (await (await t.request(path, { token })).json()) as { data: { name: string }[]; total: number };

    // The same shape for two schools, in turns: neither sees the other's students.
    for (let turn = 0; turn < 2; turn++) {
      expect(names(await get(a.token, '/api/students?limit=10'))).toEqual([
        'Asha Rao',
        'Bilal Khan',
        'Chitra Iyer',
        'Dev Arora',
      ]);
      expect(await get(b.token, '/api/students?limit=10')).toMatchObject({ data: [{ name: 'Esha Menon' }], total: 1 });
    }
    // Searches of one shape, in turns, each with its own term (any case), page and total.
    expect(await get(a.token, '/api/students?search=RAO')).toMatchObject({ data: [{ name: 'Asha Rao' }], total: 1 });
    expect(names(await get(a.token, '/api/students?search=a&limit=2&page=2'))).toEqual(['Chitra Iyer', 'Dev Arora']);
    expect((await get(a.token, '/api/students?search=a&limit=2&page=2')).total).toBe(4);
    expect(await lastListLine(a.schoolId)).toMatchObject({ summary: 'Listed 2 student(s) (search "a")' });
    expect(await get(b.token, '/api/students?search=esha')).toMatchObject({ data: [{ name: 'Esha Menon' }], total: 1 });
    expect(await lastListLine(b.schoolId)).toMatchObject({ summary: 'Listed 1 student(s) (search "esha")' });
    // A class, then another class, of the same shape; cards too.
    expect(names(await get(a.token, `/api/students?classId=${otherClass}`))).toEqual(['Dev Arora']);
    expect(names(await get(a.token, `/api/students?classId=${a.classId}&view=cards`))).toEqual([
      'Asha Rao',
      'Bilal Khan',
      'Chitra Iyer',
    ]);
    expect(await get(b.token, `/api/students?classId=${a.classId}`)).toMatchObject({ data: [], total: 0 });
    // Each line names the person who read, at the time of the read.
    const line = await lastListLine(b.schoolId);
    expect(line.summary).toBe('Listed 0 student(s) (one class)');
    expect(line.userId).not.toBe((await lastListLine(a.schoolId)).userId);
    expect(line.userId).toBeTruthy();
  });
});

describe('the request log line', () => {
  it('is one JSON line per request with its fields, also for a path with quotes', async () => {
    t.logs.length = 0;
    const res = await t.request('/api/no"such', {});
    expect(res.status).toBe(404);
    expect(t.logs).toHaveLength(1);
    const line = JSON.parse(t.logs[0]);
    expect(Object.keys(line)).toEqual(['at', 'requestId', 'method', 'path', 'status', 'ms', 'db']);
    expect(line).toMatchObject({ method: 'GET', path: '/api/no"such', status: 404, db: 0 });
    expect(new Date(line.at).toISOString()).toBe(line.at);
    expect(line.requestId).toBe(res.headers.get('x-request-id'));
  });
});
