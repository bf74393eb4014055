import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../worker/db/database';
import { SHARD_KEY_SPAN } from '../../worker/db/directory';
import { assessments } from '../../worker/db/schema';
import { moveSchool } from '../../worker/db/school-move';
import { schoolTables } from '../../worker/db/school-rows';
import { unmappedKeyColumns } from '../../worker/db/shard-keys';
import { createTestApp, json, signIn, type TestApp } from '../support/app';
import { dangling, keysOf, linesOf, type Maps, renumbered, tableRows, total } from '../support/school-rows';
import { buildSchool, type School } from '../support/world';

type Body = { data?: any };
let t: TestApp;
let a: School;
let b: School;

beforeAll(async () => {
  t = await createTestApp({ shards: 2 });
  a = await buildSchool(t); // shard 0
  b = await buildSchool(t); // shard 1: its keys are of shard 1's range
  // A corrected mark leaves an activity line naming its attendance id.
  const admin = await signIn(t, b.admin.email, b.admin.password);
  const fixed = await t.request(`/api/attendance/${b.attendanceId}`, {
    method: 'PUT',
    token: admin,
    json: { remarks: 'Came late' },
  });
  expect(fixed.status).toBe(200);
}, 120_000);

describe('school:move renumbers keys above the new shard’s range', () => {
  it('knows every column naming such a key: a table added later with one fails here', () => {
    expect(unmappedKeyColumns(schoolTables())).toEqual([]);
    const worksheets = sqliteTable('worksheets', {
      id: text('id').primaryKey(),
      assessmentId: integer('assessment_id').references(() => assessments.id),
      lastRegisterId: integer('last_register_id'),
      messageKey: integer('message_key').references(() => assessments.id),
    });
    expect(unmappedKeyColumns([...schoolTables(), worksheets])).toEqual([
      'worksheets.assessment_id',
      'worksheets.last_register_id',
      'worksheets.message_key',
    ]);
  });

  it('moves a school down to a lower shard and up again with its registers, marks and messages', async () => {
    const onOne = await tableRows(t.shards[1], b.schoolId);
    expect(Math.min(...keysOf(onOne))).toBeGreaterThanOrEqual(SHARD_KEY_SPAN);
    for (const name of ['attendance_marks', 'assessment_marks', 'message_recipients', 'message_outbox'])
      expect(onOne[name].length, name).toBeGreaterThan(0);
    const logs = onOne.activity_logs.map((row) => row.entity);
    expect(logs).toEqual(expect.arrayContaining(['attendance', 'assessment_marks', 'message']));

    const down = await moveSchool(t.directory, b.schoolId, 0, { wait: async () => {} });
    const maps = down.renumbered as Maps;
    expect(Object.keys(maps).sort()).toEqual(['assessments', 'attendance_registers', 'messages']);
    expect(maps.assessments.size).toBe(onOne.assessments.length);

    // Every row arrived with its keys in shard 0's range, and every reference follows its key.
    const onZero = await tableRows(t.shards[0], b.schoolId);
    expect(linesOf(onZero)).toEqual(linesOf(renumbered(onOne, maps)));
    expect(Math.max(...keysOf(onZero))).toBeLessThan(SHARD_KEY_SPAN);
    expect(await dangling(t.shards[0], b.schoolId)).toEqual({ recipients: 0, outbox: 0, messageLogs: 0 });
    expect(await total(t.shards[1], b.schoolId)).toBe(0);

    // The API answers under the new keys only.
    const admin = await signIn(t, b.admin.email, b.admin.password);
    const oldKey = Number(b.assessmentId);
    const newKey = maps.assessments.get(oldKey) as number;
    expect((await t.request(`/api/grades/assessments/${oldKey}/marks`, { token: admin })).status).toBe(404);
    const sheet = await t.request(`/api/grades/assessments/${newKey}/marks`, { token: admin });
    expect(sheet.status).toBe(200);
    const register = Number.parseInt(b.attendanceId.slice(0, 8), 16);
    const attendanceId = (maps.attendance_registers.get(register) as number).toString(16).padStart(8, '0');
    const corrected = await t.request(`/api/attendance/${attendanceId}${b.attendanceId.slice(8)}`, {
      method: 'PUT',
      token: admin,
      json: { remarks: 'On time' },
    });
    expect(corrected.status).toBe(200);
    const student = await signIn(t, b.student.email, b.student.password, b.student.loginPath);
    const inbox = await json<Body>(await t.request('/api/messages/inbox', { token: student }));
    expect(inbox.data.map((m: { _id: string }) => Number(m._id))).toEqual([maps.messages.get(Number(b.messageId))]);

    // Shard 0's counters moved past the keys it gave: new keys of either school come after them.
    const given = Math.max(...maps.assessments.values());
    const newAssessment = async (school: School) => {
      const token = await signIn(t, school.admin.email, school.admin.password);
      const res = await t.request('/api/grades/assessments', {
        method: 'POST',
        token,
        json: {
          classId: school.classId,
          subjectId: school.subjectId,
          termId: school.termId,
          title: 'After the move',
          type: 'quiz',
          date: '2025-09-03',
          maxMarks: 10,
        },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return Number((await json<Body>(res)).data._id);
    };
    const ofA = await newAssessment(a);
    expect(ofA).toBeGreaterThan(given);
    expect(ofA).toBeLessThan(SHARD_KEY_SPAN);
    expect(await newAssessment(b)).toBe(ofA + 1);

    // Up again: keys of shard 0's range are below shard 1's, so they stay as they are.
    const before = await tableRows(t.shards[0], b.schoolId);
    const up = await moveSchool(t.directory, b.schoolId, 1, { wait: async () => {} });
    expect(up.renumbered).toEqual({});
    expect(linesOf(await tableRows(t.shards[1], b.schoolId))).toEqual(linesOf(before));
    expect(await total(t.shards[0], b.schoolId)).toBe(0);
    expect(await dangling(t.shards[1], b.schoolId)).toEqual({ recipients: 0, outbox: 0, messageLogs: 0 });
    expect(await newAssessment(b)).toBeGreaterThanOrEqual(SHARD_KEY_SPAN);
  });

  it('gives the copy other keys when another school takes the planned ones during the move', async () => {
    // B is back on shard 1 holding keys of both ranges; A's new assessment on shard 0 lands while B's copy is
    // on its way, taking the key the move planned for B's first renumbered assessment.
    const target = t.shards[0];
    const racing = Object.create(target) as Database;
    let calls = 0;
    racing.batch = (async (items: never) => {
      calls += 1;
      if (calls === 2) {
        const token = await signIn(t, a.admin.email, a.admin.password);
        const res = await t.request('/api/grades/assessments', {
          method: 'POST',
          token,
          json: {
            classId: a.classId,
            subjectId: a.subjectId,
            termId: a.termId,
            title: 'Meanwhile',
            type: 'quiz',
            date: '2025-09-04',
            maxMarks: 10,
          },
        });
        expect(res.status, await res.clone().text()).toBe(201);
      }
      return target.batch(items);
    }) as never;
    const directory = { ...t.directory, shard: (n: number) => (n === 0 ? racing : t.directory.shard(n)) };
    const before = await tableRows(t.shards[1], b.schoolId);
    const moved = await moveSchool(directory, b.schoolId, 0, { wait: async () => {} });
    const maps = moved.renumbered as Maps;
    expect(maps.assessments.size).toBeGreaterThan(0);
    expect(linesOf(await tableRows(t.shards[0], b.schoolId))).toEqual(linesOf(renumbered(before, maps)));
    const [{ n }] = await target.all<{ n: number }>(
      sql`select count(*) as n from assessments where school_id = ${a.schoolId} and title = 'Meanwhile'`,
    );
    expect(n).toBe(1);
  });

  it('renumbers the keys of a backup made on the higher shard when the school restores it on the lower one', async () => {
    // B is on shard 0 now; its backup was made on shard 1, with keys of that range.
    expect(await t.directory.shardOf(b.schoolId)).toBe(0);
    const admin = await signIn(t, b.admin.email, b.admin.password);
    const res = await t.request(`/api/settings/backup/${b.backupId}/restore`, { method: 'POST', token: admin });
    expect(res.status, await res.clone().text()).toBe(200);
    const rows = await tableRows(t.shards[0], b.schoolId);
    expect(rows.assessments.length).toBeGreaterThan(0);
    expect(Math.max(...keysOf(rows))).toBeLessThan(SHARD_KEY_SPAN);
    const assessmentKeys = new Set(rows.assessments.map((row) => row.id));
    expect(rows.assessment_marks.length).toBeGreaterThan(0);
    expect(rows.assessment_marks.filter((row) => !assessmentKeys.has(row.assessment_id))).toEqual([]);
    expect(await dangling(t.shards[0], b.schoolId)).toMatchObject({ recipients: 0, outbox: 0 });
    // The shard's counters stay in its range: A's next assessment key is still one of shard 0's.
    const token = await signIn(t, a.admin.email, a.admin.password);
    const made = await t.request('/api/grades/assessments', {
      method: 'POST',
      token,
      json: {
        classId: a.classId,
        subjectId: a.subjectId,
        termId: a.termId,
        title: 'After the restore',
        type: 'quiz',
        date: '2025-09-05',
        maxMarks: 10,
      },
    });
    expect(made.status).toBe(201);
    expect(Number((await json<Body>(made)).data._id)).toBeLessThan(SHARD_KEY_SPAN);
  });
});
