import { eq, getTableName, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import type { Database } from '../../worker/db/database';
import { SHARD_KEY_SPAN, type Shards } from '../../worker/db/directory';
import {
  enrolments,
  feeArrears,
  feeAssignments,
  rolloverParts,
  rollovers,
  schoolFences,
  schoolShards,
  schoolYears,
} from '../../worker/db/schema';
import { moveSchool } from '../../worker/db/school-move';
import { schoolTables } from '../../worker/db/school-rows';
import { movingRefusal } from '../../worker/lib/school-moving';
import { createTestApp, json, signIn, type TestApp } from '../support/app';
import { addCoTeacher } from '../support/factories';
import { digest, rowsOf, total } from '../support/school-rows';
import { buildSchool, type School } from '../support/world';

type Body = { success: boolean; error?: string; code?: string; data?: any };

let t: TestApp;
let a: School;
let b: School;
let c: School;
const noWait = async () => {};

beforeAll(async () => {
  t = await createTestApp({ shards: 2 });
  // The emptiest shard first: A on shard 0, B on shard 1, C on shard 0.
  a = await buildSchool(t);
  b = await buildSchool(t);
  c = await buildSchool(t);
  // The rows only a live session leaves: a live ticket and a signed-out token.
  const token = await signIn(t, a.admin.email, a.admin.password);
  expect((await t.request('/api/realtime/ticket', { method: 'POST', token })).status).toBe(200);
  // A subject's second teacher and a pupil charged an optional fee: the two kinds of row the API run leaves out.
  await addCoTeacher(t, a.schoolId, a.subjectId, a.otherTeacher.teacherId);
  await t.db
    .insert(feeAssignments)
    .values({ schoolId: a.schoolId, structureId: a.feeStructureId, studentId: a.student.studentId });
  // A year a rollover closed, and a pupil's class in it.
  await t.db
    .insert(schoolYears)
    .values({ schoolId: a.schoolId, name: '2019-2020', startsOn: '2019-09-01', endsOn: '2020-08-31' });
  await t.db.insert(enrolments).values({
    schoolId: a.schoolId,
    studentId: a.student.studentId,
    academicYear: '2019-2020',
    classId: a.classId,
    rollNumber: '1',
    outcome: 'promoted',
  });
  // An instalment of that year still owed as arrears.
  await t.db.insert(feeArrears).values({
    schoolId: a.schoolId,
    studentId: a.student.studentId,
    structureId: a.feeStructureId,
    instalment: 1,
    academicYear: '2019-2020',
  });
  // A rollover stopped on the way: its record and a part of next year's rows it staged.
  await t.db.insert(rollovers).values({
    id: 'stopped-rollover',
    schoolId: a.schoolId,
    fromYear: '2019-2020',
    toYear: '2020-2021',
    fingerprint: 'f',
    state: 'running',
    step: 1,
    steps: 2,
  });
  await t.db
    .insert(rolloverParts)
    .values({ schoolId: a.schoolId, rolloverId: 'stopped-rollover', seq: 0, target: 'classes', rows: '[]' });
  const out = await signIn(t, a.teacher.email, a.teacher.password, a.teacher.loginPath);
  expect((await t.request('/api/auth/logout', { method: 'POST', token: out })).status).toBe(200);
}, 120_000);

const post = (token: string, path: string, body: unknown, app = t.request.bind(t)) =>
  app(path, { method: 'POST', token, json: body });

describe('school:move', () => {
  it("fences every table that holds a school's rows: a new table without its triggers fails here", async () => {
    const triggers = await t.db.all<{ name: string }>(sql`select name from sqlite_master where type = 'trigger'`);
    const names = new Set(triggers.map((row) => row.name));
    // Pruned across schools by their expiry, these are fenced on insert and update only.
    const prunedAcrossSchools = new Set(['realtime_tickets', 'revoked_sessions', 'password_resets']);
    const unfenced = schoolTables().flatMap((table) => {
      const name = getTableName(table);
      const ops = prunedAcrossSchools.has(name) ? ['insert', 'update'] : ['insert', 'update', 'delete'];
      return ops.filter((op) => !names.has(`${name}_fence_${op}`)).map((op) => `${name} ${op}`);
    });
    expect(unfenced).toEqual([]);
  });

  it('leaves the school where it was, writable, when the copy fails', async () => {
    const before = await digest(t.shards[0], c.schoolId);
    // The new shard's write fails half way: a broken connection.
    const broken = Object.create(t.shards[1]) as Database;
    broken.batch = () => Promise.reject(new Error('connection lost')) as never;
    const directory = { ...t.directory, shard: (n: number) => (n === 1 ? broken : t.directory.shard(n)) };
    await expect(moveSchool(directory, c.schoolId, 1, { wait: noWait })).rejects.toThrow('connection lost');
    expect(await digest(t.shards[0], c.schoolId)).toBe(before);
    expect(await total(t.shards[1], c.schoolId)).toBe(0);
    expect(await t.shards[0].select().from(schoolFences)).toEqual([]);
    const [row] = await t.db.select().from(schoolShards).where(eq(schoolShards.schoolId, c.schoolId));
    expect(row).toMatchObject({ shard: 0, movingTo: null });
    const token = await signIn(t, c.admin.email, c.admin.password);
    expect(
      (await post(token, '/api/classes', { name: '11', section: 'E', capacity: 30, teacherId: c.teacher.teacherId }))
        .status,
    ).toBe(201);
  });

  it('moves every row of a school, refusing its writes meanwhile, and leaves nothing behind', async () => {
    const admin = await signIn(t, a.admin.email, a.admin.password);
    const teacher = await signIn(t, a.teacher.email, a.teacher.password, a.teacher.loginPath);
    const tables = await rowsOf(t.shards[0], a.schoolId);
    const empty = Object.entries(tables).filter(([, rows]) => rows.length === 0);
    expect(empty.map(([name]) => name)).toEqual([]);
    const before = JSON.stringify(tables);
    const others = {
      b: await digest(t.shards[1], b.schoolId),
      c: await digest(t.shards[0], c.schoolId),
    };
    // Another isolate that remembers shard 0 for the school, as a Worker instance would for a minute.
    const staleShards = { ...(t.platform.shards as Shards) };
    const stale = createApp({ ...t.platform, shards: staleShards });
    const staleRequest = (path: string, init: RequestInit & { token?: string; json?: unknown }) =>
      Promise.resolve(
        stale.request(path, {
          method: init.method,
          headers: { Authorization: `Bearer ${init.token}`, 'Content-Type': 'application/json' },
          body: init.json === undefined ? undefined : JSON.stringify(init.json),
        }),
      );
    expect((await staleRequest('/api/classes', { method: 'GET', token: admin })).status).toBe(200);

    let refused: Response | null = null;
    let slipped: unknown = null;
    let staleWrite: Response | null = null;
    let copied = '';
    const result = await moveSchool(t.directory, a.schoolId, 1, {
      wait: async () => {
        copied = await digest(t.shards[1], a.schoolId);
        // Between the switch and the old copy's removal: a write routed to shard 0 is sent on to shard 1.
        staleWrite = await post(
          admin,
          '/api/classes',
          { name: '12', section: 'E', capacity: 30, teacherId: a.teacher.teacherId },
          staleRequest,
        );
      },
      afterRead: async () => {
        refused = await post(admin, '/api/classes', {
          name: '12',
          section: 'D',
          capacity: 30,
          teacherId: a.teacher.teacherId,
        });
        // A write that passed its check before the fence still meets the shard's triggers.
        slipped = await t.shards[0]
          .run(sql`update classes set capacity = capacity + 1 where school_id = ${a.schoolId}`)
          .catch((error: unknown) => error);
      },
    });
    expect(result).toMatchObject({ from: 0, to: 1 });

    const answer = refused as unknown as Response;
    expect(answer.status).toBe(503);
    expect(answer.headers.get('Retry-After')).toBe('30');
    expect(await json<Body>(answer)).toMatchObject({ code: 'SCHOOL_MOVING' });
    expect(movingRefusal(slipped)?.status).toBe(503);

    // Every row arrived, none stayed behind, the other schools are as they were.
    expect(copied).toBe(before);
    expect((staleWrite as unknown as Response).status).toBe(201);
    const [{ n }] = await t.shards[1].all<{ n: number }>(
      sql`select count(*) as n from classes where school_id = ${a.schoolId} and name = '12' and section = 'E'`,
    );
    expect(n).toBe(1);
    expect(Object.entries(await rowsOf(t.shards[0], a.schoolId)).filter(([, rows]) => rows.length > 0)).toEqual([]);
    expect(await digest(t.shards[1], b.schoolId)).toBe(others.b);
    expect(await digest(t.shards[0], c.schoolId)).toBe(others.c);
    const [row] = await t.db.select().from(schoolShards).where(eq(schoolShards.schoolId, a.schoolId));
    expect(row).toMatchObject({ shard: 1, movingTo: null });
    // The school left on shard 0 is not fenced by the tombstone of the one that went.
    const ofC = await signIn(t, c.admin.email, c.admin.password);
    const cClass = await post(ofC, '/api/classes', {
      name: '10',
      section: 'E',
      capacity: 30,
      teacherId: c.teacher.teacherId,
    });
    expect(cClass.status, await cClass.clone().text()).toBe(201);

    // Tokens issued before the move still work; sign-in and reads find the school on its new shard.
    const students = await t.request('/api/students', { token: admin });
    expect(students.status).toBe(200);
    expect((await json<Body>(students)).data.length).toBeGreaterThan(0);
    const again = await signIn(t, a.admin.email, a.admin.password);
    expect((await t.request('/api/classes', { token: again })).status).toBe(200);
    expect((await t.request('/api/auth/profile', { token: teacher })).status).toBe(200);

    // New registers of the school take keys from its new shard's range.
    const res = await post(again, '/api/attendance', {
      studentId: a.student.studentId,
      classId: a.classId,
      subjectId: a.subjectId,
      date: '2025-09-02',
      status: 'present',
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    const [{ id }] = await t.shards[1].all<{ id: number }>(
      sql`select max(id) as id from attendance_registers where school_id = ${a.schoolId}`,
    );
    expect(id).toBeGreaterThanOrEqual(SHARD_KEY_SPAN);
  });
});
