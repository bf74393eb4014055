/**
 * The students' and parents' directories: the columns chosen, the class, grade and status filters, another
 * school's class, CSV, the activity line of each read, and round trips that do not grow with the school.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../worker/db/schema';
import { createTestApp, roundTrips, type TestApp } from '../support/app';
import { expectError, schoolWithAdmin } from '../support/classroom';
import { addClassRoll, createClass, createStudent } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function directorySchool() {
  const s = await schoolWithAdmin(t);
  const eightA = await createClass(t, s.schoolId, { name: '8', section: 'A' });
  const nineA = await createClass(t, s.schoolId, { name: '9', section: 'A' });
  const asha = await createStudent(t, s.schoolId, { classId: eightA, name: 'Asha Rao', rollNumber: '2' });
  const ben = await createStudent(t, s.schoolId, { classId: eightA, name: 'Ben Okoro', rollNumber: '1' });
  await createStudent(t, s.schoolId, { classId: nineA, name: 'Chen Li', rollNumber: '1' });
  await addClassRoll(t, s.schoolId, eightA, 1, { prefix: 'Gone', status: 'inactive', firstRoll: 9 });
  return { ...s, eightA, nineA, asha, ben };
}

describe('students information report', () => {
  it('answers the columns chosen, in the set’s order, for the class, grade and status asked', async () => {
    const s = await directorySchool();
    const res = await s.admin.get(`/api/reports/students-info?classId=${s.eightA}&columns=name,roll,class,status`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const table = res.body.data;
    expect(table.columns.map((c: { key: string }) => c.key)).toEqual(['roll', 'name', 'class', 'status']);
    expect(table.columns.map((c: { label: string }) => c.label)).toEqual(['Roll number', 'Name', 'Class', 'Status']);
    expect(table.rows).toEqual([
      ['1', 'Ben Okoro', '8-A', 'Active'],
      ['2', 'Asha Rao', '8-A', 'Active'],
    ]);
    const all = (await s.admin.get(`/api/reports/students-info?grade=8&status=all&columns=name`)).body.data;
    expect(all.rows.map((r: string[]) => r[0])).toEqual(['Ben Okoro', 'Asha Rao', 'Gone 9']);
    const school = (await s.admin.get('/api/reports/students-info?columns=name,class')).body.data;
    expect(school.rows).toEqual([
      ['Ben Okoro', '8-A'],
      ['Asha Rao', '8-A'],
      ['Chen Li', '9-A'],
    ]);
  });

  it('gives each student’s parents, and answers CSV', async () => {
    const s = await directorySchool();
    const table = (await s.admin.get(`/api/reports/students-info?classId=${s.eightA}&columns=name,parents`)).body.data;
    expect(table.rows[1]).toEqual(['Asha Rao', expect.stringMatching(/^Parent-/)]);
    const res = await t.request(`/api/reports/students-info?classId=${s.eightA}&columns=roll,name&format=csv`, {
      token: s.token,
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(
      (await res.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual(['"Roll number","Name"', '"1","Ben Okoro"', '"2","Asha Rao"']);
  });

  it('logs each read with what it covered, and refuses unknown columns and another school’s class', async () => {
    const s = await directorySchool();
    const other = await directorySchool();
    await s.admin.get(`/api/reports/students-info?classId=${s.eightA}&columns=name,phone`);
    const lines = await t.db
      .select({ action: activityLogs.action, entityId: activityLogs.entityId, summary: activityLogs.summary })
      .from(activityLogs)
      .where(and(eq(activityLogs.schoolId, s.schoolId), eq(activityLogs.entity, 'report')));
    expect(lines).toEqual([
      {
        action: 'read',
        entityId: 'students-info',
        summary: 'Students information report (status active, columns name phone, json): 2 student(s)',
      },
    ]);
    expectError(await s.admin.get('/api/reports/students-info?columns=name,password'), 400, 'Validation failed');
    expectError(await s.admin.get('/api/reports/students-info?grade=13'), 400, 'Validation failed');
    expectError(await s.admin.get(`/api/reports/students-info?classId=${other.eightA}`), 404, 'Class not found');
    expectError(await s.admin.get(`/api/reports/parents-info?classId=${other.eightA}`), 404, 'Class not found');
    const after = await t.db
      .select({ id: activityLogs.id })
      .from(activityLogs)
      .where(and(eq(activityLogs.schoolId, s.schoolId), eq(activityLogs.entity, 'report')));
    expect(after).toHaveLength(1);
  });

  it('costs the same round trips for a class of two or of forty', async () => {
    const s = await directorySchool();
    const path = `/api/reports/students-info?classId=${s.eightA}&columns=name,parents`;
    const before = roundTrips(await t.request(path, { token: s.token }));
    await addClassRoll(t, s.schoolId, s.eightA, 38, { firstRoll: 20 });
    const res = await t.request(path, { token: s.token });
    expect(((await res.json()) as { data: { rows: unknown[] } }).data.rows).toHaveLength(40);
    expect(roundTrips(res)).toBe(before);
  });
});

describe('parents information report', () => {
  it('lists each parent with their child, relation and contacts', async () => {
    const s = await directorySchool();
    const res = await s.admin.get(`/api/reports/parents-info?classId=${s.eightA}`);
    expect(res.status, t.logs.slice(-5).join('\n')).toBe(200);
    const table = res.body.data;
    expect(table.columns.map((c: { key: string }) => c.key)).toEqual([
      'student',
      'class',
      'roll',
      'relation',
      'name',
      'phone',
      'email',
      'occupation',
    ]);
    expect(table.rows.map((r: string[]) => [r[0], r[1], r[3]])).toEqual([
      ['Ben Okoro', '8-A', 'Father'],
      ['Asha Rao', '8-A', 'Father'],
    ]);
    expect(table.rows[1][6]).toBe(s.asha.parentEmail);
  });
});
