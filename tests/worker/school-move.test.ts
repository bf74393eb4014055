import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { d1Database } from '../../worker/db/d1';
import { openDirectory, SHARD_KEY_SPAN } from '../../worker/db/directory';
import { DbMeter } from '../../worker/db/meter';
import { moveSchool, schoolDigest } from '../../worker/db/school-move';
import worker from '../../worker/index';
import { dangling, keysOf, linesOf, type Maps, renumbered, tableRows, total } from '../support/school-rows';

/** The Worker entry with two shards: `DB` (the directory and shard 0) and `DB_SHARD_1`. */
const sharded = { ...env, SHARDS: '2' };

async function call(path: string, init: { method?: string; token?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const request = new Request(`http://portal.test${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const ctx = createExecutionContext();
  const res = await worker.fetch(request as never, sharded, ctx);
  await waitOnExecutionContext(ctx);
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

const signIn = async (email: string) =>
  (await call('/api/users/login', { method: 'POST', json: { email, password: 'a-long-password-1' } })).body.data
    .token as string;

const count = async (db: D1Database, table: string, schoolId: string) =>
  ((await db.prepare(`select count(*) as n from ${table} where school_id = ?`).bind(schoolId).first()) as { n: number })
    .n;

describe('a school moved between two D1 shards inside workerd', () => {
  it('copies every row, refuses writes during the copy, and the Worker finds the school on its new shard', async () => {
    const adminEmail = 'head@cedar.example';
    const made = await call('/api/platform/schools', {
      method: 'POST',
      token: env.PLATFORM_TOKEN,
      json: { name: 'Cedar', adminName: 'Head', adminEmail, adminPassword: 'a-long-password-1' },
    });
    expect(made.status).toBe(201);
    const schoolId = made.body.data.school._id as string;
    const token = await signIn(adminEmail);
    const teacher = await call('/api/teachers', {
      method: 'POST',
      token,
      json: { name: 'Tara', email: 'tara@cedar.example', password: 'a-long-password-1', phone: '1' },
    });
    expect(teacher.status).toBe(201);

    const meter = new DbMeter();
    const directory = openDirectory(
      d1Database(env.DB, meter),
      { count: 2, directoryShard: 0, open: (_, m) => d1Database(env.DB_SHARD_1, m) },
      meter,
    );
    const from = (await directory.shardOf(schoolId)) as number;
    const to = 1 - from;
    const [source, target] = [directory.shard(from), directory.shard(to)];
    const before = await schoolDigest(source, schoolId);
    let refused: Awaited<ReturnType<typeof call>> | null = null;
    await moveSchool(directory, schoolId, to, {
      wait: async () => {},
      afterRead: async () => {
        refused = await call('/api/teachers', {
          method: 'POST',
          token,
          json: { name: 'Late', email: 'late@cedar.example', password: 'a-long-password-1', phone: '1' },
        });
      },
    });
    const answer = refused as unknown as Awaited<ReturnType<typeof call>>;
    expect(answer.status).toBe(503);
    expect(answer.headers.get('Retry-After')).toBe('30');
    expect(answer.body.code).toBe('SCHOOL_MOVING');

    expect(await schoolDigest(target, schoolId)).toBe(before);
    const [old, moved] = from === 0 ? [env.DB, env.DB_SHARD_1] : [env.DB_SHARD_1, env.DB];
    expect(await count(old, 'users', schoolId)).toBe(0);
    expect(await count(old, 'teachers', schoolId)).toBe(0);
    expect(await count(moved, 'teachers', schoolId)).toBe(1);

    // The Worker's isolate still remembers the old shard: the fence there sends the check on to the new one.
    const again = await signIn('tara@cedar.example');
    expect((await call('/api/auth/profile', { token: again })).status).toBe(200);
    const list = await call('/api/teachers', { token: await signIn(adminEmail) });
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBe(1);
  });

  it('moves a school of shard 1 down to shard 0 and up again, its registers, marks and messages renumbered', async () => {
    const adminEmail = 'head@larch.example';
    const made = await call('/api/platform/schools', {
      method: 'POST',
      token: env.PLATFORM_TOKEN,
      json: { name: 'Larch', adminName: 'Head', adminEmail, adminPassword: 'a-long-password-1', shard: 1 },
    });
    expect(made.status).toBe(201);
    const schoolId = made.body.data.school._id as string;
    let token = await signIn(adminEmail);
    const send = async (path: string, json: unknown, method = 'POST') => {
      const res = await call(path, { method, token, json });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      return res.body.data;
    };
    const teacherId = (
      await send('/api/teachers', {
        name: 'Lina',
        email: 'lina@larch.example',
        password: 'a-long-password-1',
        phone: '1',
      })
    ).teacher._id as string;
    const classId = (await send('/api/classes', { name: '6', section: 'A', capacity: 30, teacherId }))._id as string;
    const subjectId = (await send('/api/subjects', { name: 'History', classId, teacherId }))._id as string;
    const student = await send('/api/students', {
      name: 'Asha Rao',
      classId,
      rollNumber: '1',
      email: 'asha@larch.example',
      password: 'student-pw-1',
      phone: '+91 98765 43210',
      dateOfBirth: '2012-04-01',
      gender: 'female',
      admissionDate: '2024-04-01',
      address: { street: '12 Lake Road', city: 'Pune', state: 'MH', zipCode: '411001' },
      parentInfo: {
        fatherName: 'Ravi Rao',
        fatherPhone: '+91 90000 00001',
        fatherEmail: 'ravi@larch.example',
        fatherPassword: 'father-pw-1',
      },
    });
    const studentId = (student.student?._id ?? student._id) as string;
    const date = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const attendanceId = (await send('/api/attendance', { studentId, classId, subjectId, date, status: 'late' }))
      ._id as string;
    await send(`/api/attendance/${attendanceId}`, { status: 'present' }, 'PUT');
    const termId = (await send('/api/grades/terms', { name: 'Term 1', startDate: '2025-04-01', endDate: '2025-09-30' }))
      ._id as string;
    const assessmentId = (
      await send('/api/grades/assessments', {
        classId,
        subjectId,
        termId,
        title: 'Unit test',
        type: 'test',
        date: '2025-05-02',
        maxMarks: 20,
      })
    )._id as string;
    await send(
      `/api/grades/assessments/${assessmentId}/marks`,
      { marks: [{ studentId, status: 'scored', score: 17 }] },
      'PUT',
    );
    await send('/api/messages', { audience: 'school', subject: 'Welcome', body: 'Term starts.' });

    const meter = new DbMeter();
    const directory = openDirectory(
      d1Database(env.DB, meter),
      { count: 2, directoryShard: 0, open: (_, m) => d1Database(env.DB_SHARD_1, m) },
      meter,
    );
    expect(await directory.shardOf(schoolId)).toBe(1);
    const [zero, one] = [directory.shard(0), directory.shard(1)];
    const onOne = await tableRows(one, schoolId);
    expect(Math.min(...keysOf(onOne))).toBeGreaterThanOrEqual(SHARD_KEY_SPAN);
    for (const name of ['attendance_marks', 'assessment_marks', 'message_recipients'])
      expect(onOne[name].length, name).toBeGreaterThan(0);

    const down = await moveSchool(directory, schoolId, 0, { wait: async () => {} });
    const maps = down.renumbered as Maps;
    expect(Object.keys(maps).sort()).toEqual(['assessments', 'attendance_registers', 'messages']);
    const onZero = await tableRows(zero, schoolId);
    expect(linesOf(onZero)).toEqual(linesOf(renumbered(onOne, maps)));
    expect(Math.max(...keysOf(onZero))).toBeLessThan(SHARD_KEY_SPAN);
    expect(await dangling(zero, schoolId)).toEqual({ recipients: 0, outbox: 0, messageLogs: 0 });
    expect(await total(one, schoolId)).toBe(0);

    // The Worker answers under the new keys; new keys come after those the move gave. (The old copy went at once,
    // not after a minute: a new sign-in teaches this isolate the new shard.)
    token = await signIn(adminEmail);
    const newKey = maps.assessments.get(Number(assessmentId)) as number;
    expect((await call(`/api/grades/assessments/${assessmentId}/marks`, { token })).status).toBe(404);
    expect((await call(`/api/grades/assessments/${newKey}/marks`, { token })).status).toBe(200);
    const again = await send('/api/grades/assessments', {
      classId,
      subjectId,
      termId,
      title: 'After the move',
      type: 'quiz',
      date: '2025-05-09',
      maxMarks: 10,
    });
    expect(Number(again._id)).toBeGreaterThan(newKey);
    expect(Number(again._id)).toBeLessThan(SHARD_KEY_SPAN);

    const before = await tableRows(zero, schoolId);
    const up = await moveSchool(directory, schoolId, 1, { wait: async () => {} });
    expect(up.renumbered).toEqual({});
    expect(linesOf(await tableRows(one, schoolId))).toEqual(linesOf(before));
    expect(await total(zero, schoolId)).toBe(0);
    token = await signIn(adminEmail);
    expect((await call(`/api/grades/assessments/${newKey}/marks`, { token })).status).toBe(200);
  });
});
