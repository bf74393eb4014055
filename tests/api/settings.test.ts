import { eq, getTableName } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { backups, classes, feeAssignments, feeReceipts, schools, students, users } from '../../worker/db/schema';
import { BACKED_UP_TABLES, encodeSnapshot } from '../../worker/modules/settings/backup';
import {
  createTestApp,
  createTestSchool,
  json,
  PASSWORD,
  roundTrips,
  signIn,
  type TestApp,
  THIS_YEAR,
  unique,
} from '../support/app';
import { createClass, createStudent } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function adminOf(name?: string) {
  const school = await createTestSchool(t, name);
  return { ...school, token: await signIn(t, school.adminEmail) };
}

async function teacherOf(adminToken: string) {
  const email = `${unique('t')}@example.org`.toLowerCase();
  const res = await t.request('/api/auth/create-teacher', {
    method: 'POST',
    token: adminToken,
    json: { name: 'Tom Teacher', email, password: PASSWORD, phone: '1' },
  });
  expect(res.status).toBe(201);
  return signIn(t, email, PASSWORD, '/api/teachers/login');
}

/** Every row of the school, table by table, plus its settings: what a restore must give back exactly. */
async function dump(schoolId: string) {
  const out: Record<string, unknown[]> = {};
  for (const table of BACKED_UP_TABLES) {
    let rows: Record<string, unknown>[] = await t.db.select().from(table).where(eq(table.schoolId, schoolId));
    // A restore moves every account's token version on (so every earlier session ends): not data of the backup.
    if (table === users) rows = rows.map(({ tokenVersion: _v, updatedAt: _u, ...row }) => row);
    out[getTableName(table)] = rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  const [school] = await t.db.select().from(schools).where(eq(schools.id, schoolId));
  const { updatedAt: _ignored, ...settings } = school;
  out.school = [settings];
  return out;
}

describe('school information', () => {
  it('any signed-in role reads it; an administrator changes it; the change is logged', async () => {
    const admin = await adminOf('Old Name School');
    const teacher = await teacherOf(admin.token);
    const read = await t.request('/api/settings/school-info', { token: teacher });
    expect((await json<any>(read)).data).toMatchObject({
      name: 'Old Name School',
      academicYear: THIS_YEAR,
      semester: 'Annual',
    });

    const res = await t.request('/api/settings/school-info', {
      method: 'PUT',
      token: admin.token,
      json: {
        name: 'New Name School',
        academicBoard: 'CBSE',
        website: 'https://new.example',
        timeZone: 'Asia/Kolkata',
      },
    });
    expect(res.status).toBe(200);
    const body = await json<any>(res);
    expect(body.message).toBe('School information updated successfully');
    expect(body.data).toMatchObject({ name: 'New Name School', academicBoard: 'CBSE', timeZone: 'Asia/Kolkata' });

    const verify = await t.request('/api/users/verify', { token: admin.token });
    expect((await json<any>(verify)).data.user.school.name).toBe('New Name School');

    const logs = await t.request('/api/settings/activity-logs?entity=school', { token: admin.token });
    const logBody = await json<any>(logs);
    expect(logBody.data[0]).toMatchObject({ action: 'update', entity: 'school', userName: 'Ada Admin' });
  });

  it('tells every open screen of the school when its name, zone or term changes, and only then', async () => {
    const admin = await adminOf('Lakeside School');
    const events = () => t.publisher.events.filter((e) => e.schoolId === admin.schoolId).map((e) => e.event);
    const put = (json: unknown) => t.request('/api/settings/school-info', { method: 'PUT', token: admin.token, json });

    expect((await put({ phone: '555-0199', website: 'https://lakeside.example' })).status).toBe(200);
    expect(events()).toEqual([]);
    expect((await put({ timeZone: 'America/Chicago' })).status).toBe(200);
    expect((await put({ name: 'Lakeside Academy' })).status).toBe(200);
    expect(events()).toEqual([
      {
        type: 'school_updated',
        data: {
          _id: admin.schoolId,
          name: 'Lakeside School',
          timeZone: 'America/Chicago',
          academicYear: THIS_YEAR,
          semester: 'Annual',
          language: 'en',
        },
      },
      {
        type: 'school_updated',
        data: {
          _id: admin.schoolId,
          name: 'Lakeside Academy',
          timeZone: 'America/Chicago',
          academicYear: THIS_YEAR,
          semester: 'Annual',
          language: 'en',
        },
      },
    ]);
    // A refused change tells no one.
    expect((await put({ timeZone: 'Mars/Olympus' })).status).toBe(400);
    expect(events()).toHaveLength(2);
  });

  it('refuses bad values with clear messages and changes nothing; teachers cannot change it', async () => {
    const admin = await adminOf('Steady School');
    const res = await t.request('/api/settings/school-info', {
      method: 'PUT',
      token: admin.token,
      json: { name: '  ', academicYear: '2024-2026', timeZone: 'Mars/Olympus', email: 'nope' },
    });
    expect(res.status).toBe(400);
    const msgs = (await json<any>(res)).details.map((d: { msg: string }) => d.msg);
    expect(msgs).toEqual(
      expect.arrayContaining([
        'School name is required',
        'Academic year must span two consecutive years',
        'Time zone must be an IANA name such as Asia/Kolkata',
        'Email is invalid',
      ]),
    );
    const [school] = await t.db.select().from(schools).where(eq(schools.id, admin.schoolId));
    expect(school.name).toBe('Steady School');

    const teacher = await teacherOf(admin.token);
    const asTeacher = await t.request('/api/settings/school-info', {
      method: 'PUT',
      token: teacher,
      json: { name: 'X' },
    });
    expect(asTeacher.status).toBe(403);
  });
});

describe('the month the year starts', () => {
  it('is a school setting of 1 to 12 that the office changes beside the academic year', async () => {
    const admin = await adminOf('Calendar School');
    const put = (json: unknown) => t.request('/api/settings/school-info', { method: 'PUT', token: admin.token, json });
    const read = async () =>
      (await json<any>(await t.request('/api/settings/school-info', { token: admin.token }))).data;
    expect((await read()).yearStartMonth).toBe(9);

    const changed = await put({ yearStartMonth: 4, academicYear: '2026-2027' });
    expect(changed.status).toBe(200);
    expect((await json<any>(changed)).data).toMatchObject({ yearStartMonth: 4, academicYear: '2026-2027' });
    expect(await read()).toMatchObject({ yearStartMonth: 4, academicYear: '2026-2027' });

    for (const month of [0, 13, 4.5, '4', null]) {
      const refused = await put({ yearStartMonth: month });
      expect(refused.status).toBe(400);
      expect((await json<any>(refused)).details).toEqual([
        { msg: 'Year start month must be a month number from 1 to 12', path: 'yearStartMonth' },
      ]);
    }
    expect((await read()).yearStartMonth).toBe(4);
  });
});

describe('backups', () => {
  it('backup, change, restore gives back exactly the data of the backup', async () => {
    const admin = await adminOf('Round Trip School');
    await teacherOf(admin.token);
    const classId = await createClass(t, admin.schoolId, { name: '9', section: 'B', room: '12' });
    const kept = await createStudent(t, admin.schoolId, { classId });
    const sibling = await createStudent(t, admin.schoolId, { classId, parentId: kept.parentId });
    // Fees: a monthly optional fee in instalments, assigned to one student, paid in part by a named payer.
    const fees = async (path: string, body: unknown, method = 'POST') =>
      (await json<any>(await t.request(`/api/fees${path}`, { method, token: admin.token, json: body }))).data;
    const category = await fees('/categories', { name: 'Transport' });
    const bus = await fees('/structures', {
      classId,
      categoryId: category._id,
      amount: 1800,
      dueDate: '2099-09-10',
      frequency: 'monthly',
      optional: true,
    });
    await fees(`/structures/${bus._id}/assignments`, { add: [sibling.studentId] }, 'PUT');
    const receipt = await fees('/receipts', {
      studentId: sibling.studentId,
      method: 'upi',
      payer: 'Uncle Mohan',
      items: [{ structureId: bus._id, instalment: 2, amount: 900 }],
    });
    expect(receipt.payer).toBe('Uncle Mohan');
    const before = await dump(admin.schoolId);
    expect(before.fee_assignments).toHaveLength(1);
    expect(before.fee_structures).toEqual([expect.objectContaining({ optional: true, dueDates: bus.dueDates })]);
    expect(before.fee_collections).toEqual([expect.objectContaining({ instalment: 2 })]);

    const res = await t.request('/api/settings/backup', {
      method: 'POST',
      token: admin.token,
      json: { note: 'Before term' },
    });
    expect(res.status).toBe(201);
    const backup = (await json<any>(res)).data;
    expect(backup.rowCounts).toMatchObject({
      users: 5,
      students: 2,
      classes: 1,
      teachers: 1,
      departments: 7,
      fee_assignments: 1,
    });
    expect(roundTrips(res)).toBeLessThanOrEqual(4);

    // Change the school: rename, add a class, delete a student.
    await t.request('/api/settings/school-info', {
      method: 'PUT',
      token: admin.token,
      json: { name: 'Changed', yearStartMonth: 1 },
    });
    await createClass(t, admin.schoolId, { name: '10', section: 'A' });
    await t.db.delete(students).where(eq(students.id, kept.studentId));
    await t.db.delete(feeAssignments).where(eq(feeAssignments.studentId, sibling.studentId));
    await t.db.update(feeReceipts).set({ payer: 'Someone else' }).where(eq(feeReceipts.schoolId, admin.schoolId));
    expect(await dump(admin.schoolId)).not.toEqual(before);

    const restore = await t.request(`/api/settings/backup/${backup._id}/restore`, {
      method: 'POST',
      token: admin.token,
    });
    expect(restore.status).toBe(200);
    const restored = await json<any>(restore);
    expect(restored.message).toBe('Backup restored successfully');
    expect(await dump(admin.schoolId)).toEqual(before);

    const token = restored.data.token;
    const list = await json<any>(await t.request('/api/settings/backup', { token }));
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ _id: backup._id, note: 'Before term' });
    const logs = await json<any>(await t.request('/api/settings/activity-logs?action=restore', { token }));
    expect(logs.data[0]).toMatchObject({ entity: 'backup', entityId: backup._id });
  });

  it('refuses a damaged or foreign backup file and changes nothing', async () => {
    const admin = await adminOf('Guarded School');
    const other = await adminOf('Other School');
    await createClass(t, other.schoolId, { name: '5', section: 'C' });
    const mine = (
      await json<any>(await t.request('/api/settings/backup', { method: 'POST', token: admin.token, json: {} }))
    ).data;
    const theirs = (
      await json<any>(await t.request('/api/settings/backup', { method: 'POST', token: other.token, json: {} }))
    ).data;
    await createClass(t, admin.schoolId, { name: '3', section: 'A' });
    const before = await dump(admin.schoolId);

    // Another school's backup id is simply not found.
    const foreignId = await t.request(`/api/settings/backup/${theirs._id}/restore`, {
      method: 'POST',
      token: admin.token,
    });
    expect(foreignId.status).toBe(404);
    expect((await json<any>(foreignId)).error).toBe('Backup not found');

    const [row] = await t.db.select().from(backups).where(eq(backups.id, mine._id));
    await t.platform.files!.put(row.storageKey, new Uint8Array([1, 2, 3, 4]));
    const damaged = await t.request(`/api/settings/backup/${mine._id}/restore`, { method: 'POST', token: admin.token });
    expect(damaged.status).toBe(422);
    expect((await json<any>(damaged)).error).toBe('The backup file is damaged and cannot be restored');

    // A file holding the other school's data, placed under this school's backup, is refused too.
    const [theirRow] = await t.db.select().from(backups).where(eq(backups.id, theirs._id));
    const theirBytes = await (await t.platform.files!.get(theirRow.storageKey))!.arrayBuffer();
    await t.platform.files!.put(row.storageKey, new Uint8Array(theirBytes));
    const foreign = await t.request(`/api/settings/backup/${mine._id}/restore`, { method: 'POST', token: admin.token });
    expect(foreign.status).toBe(422);
    expect((await json<any>(foreign)).error).toBe('This backup belongs to another school and cannot be restored here');

    // One row of another school smuggled into an otherwise valid snapshot is refused as well.
    const snapshot = JSON.parse(
      await new Response(new Blob([theirBytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text(),
    );
    snapshot.schoolId = admin.schoolId;
    await t.platform.files!.put(row.storageKey, await encodeSnapshot(snapshot));
    const smuggled = await t.request(`/api/settings/backup/${mine._id}/restore`, {
      method: 'POST',
      token: admin.token,
    });
    expect(smuggled.status).toBe(422);

    expect(await dump(admin.schoolId)).toEqual(before);
    const [otherClass] = await t.db.select().from(classes).where(eq(classes.schoolId, other.schoolId));
    expect(otherClass.name).toBe('5');
  });

  it('is for administrators only', async () => {
    const admin = await adminOf();
    const teacher = await teacherOf(admin.token);
    expect((await t.request('/api/settings/backup', { token: teacher })).status).toBe(403);
    expect((await t.request('/api/settings/backup', { method: 'POST', token: teacher, json: {} })).status).toBe(403);
    expect((await t.request('/api/settings/backup')).status).toBe(401);
  });
});

describe('activity log', () => {
  it('pages and filters what happened in the school, never another school', async () => {
    const admin = await adminOf();
    const other = await adminOf();
    for (let i = 0; i < 3; i++) await teacherOf(admin.token);
    await teacherOf(other.token);
    const page = await t.request('/api/settings/activity-logs?entity=teacher&limit=2&page=1', { token: admin.token });
    const body = await json<any>(page);
    expect(body.total).toBe(3);
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({ action: 'create', entity: 'teacher', userName: 'Ada Admin' });
    const second = await json<any>(
      await t.request('/api/settings/activity-logs?entity=teacher&limit=2&page=2', { token: admin.token }),
    );
    expect(second.data).toHaveLength(1);
    expect(roundTrips(page)).toBe(2);

    const bad = await t.request('/api/settings/activity-logs?action=explode&limit=0', { token: admin.token });
    expect(bad.status).toBe(400);
    expect((await json<any>(bad)).details.map((d: { path: string }) => d.path).sort()).toEqual(['action', 'limit']);
  });
});
