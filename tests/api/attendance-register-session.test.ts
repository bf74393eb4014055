import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { studentAttendance, users } from '../../worker/db/schema';
import { createTestApp, PASSWORD, signIn, type TestApp } from '../support/app';
import { caller, classroom, expectError } from '../support/classroom';
import { addClassRoll, createStudent } from '../support/factories';

const TODAY = '2025-03-14';
const INVALID = 'Invalid token';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2025-03-14T10:00:00.000Z');
});

/** A class of three with its teacher signed in (a token of their own for each test). */
async function school() {
  const w = await classroom(t);
  const roll = await addClassRoll(t, w.schoolId, w.classId, 3);
  const teacherToken = await signIn(t, w.teacher.email, PASSWORD, '/api/teachers/login');
  const body = {
    classId: w.classId,
    subjectId: w.subjectId,
    date: TODAY,
    records: roll.map((s) => ({ studentId: s.studentId, status: 'present' })),
  };
  return { ...w, roll, teacherToken, body };
}

async function marks(schoolId: string) {
  const [{ n }] = await t.db
    .select({ n: count() })
    .from(studentAttendance)
    .where(eq(studentAttendance.schoolId, schoolId));
  return n;
}

describe('Marking checks the account inside the register’s read batch', () => {
  it('saves a register in two round trips: the checks with the account, then the write', async () => {
    const w = await school();
    const saved = await caller(t, w.teacherToken).post('/api/attendance/bulk', w.body);
    expect(saved.status).toBe(200);
    expect(saved.trips).toBe(2);
    expect(await marks(w.schoolId)).toBe(3);
    const one = await caller(t, w.token).post('/api/attendance', {
      ...w.body,
      records: undefined,
      ...w.body.records[0],
    });
    expect(one.status).toBe(200);
    expect(one.trips).toBe(2);
  });

  it('writes nothing for a token signed out, and says so before any other refusal', async () => {
    const w = await school();
    expect((await t.request('/api/auth/logout', { method: 'POST', token: w.teacherToken })).status).toBe(200);
    const gone = caller(t, w.teacherToken);
    expectError(await gone.post('/api/attendance/bulk', w.body), 401, INVALID);
    expectError(
      await gone.post('/api/attendance', { ...w.body, records: undefined, ...w.body.records[0] }),
      401,
      INVALID,
    );
    // A body that fails validation, a class of nowhere, a future date: still the session's refusal.
    expectError(await gone.post('/api/attendance/bulk', { ...w.body, records: [] }), 401, INVALID);
    expectError(await gone.post('/api/attendance/bulk', { ...w.body, classId: crypto.randomUUID() }), 401, INVALID);
    expectError(await gone.post('/api/attendance/bulk', { ...w.body, date: '2025-03-20' }), 401, INVALID);
    expect(await marks(w.schoolId)).toBe(0);
  });

  it('writes nothing for a deactivated teacher or an account whose tokens moved on', async () => {
    const w = await school();
    const admin = caller(t, w.token);
    expect((await admin.del(`/api/teachers/${w.teacher.teacherId}`)).status).toBe(200);
    expectError(await caller(t, w.teacherToken).post('/api/attendance/bulk', w.body), 401, INVALID);
    await t.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.email, w.adminEmail));
    expectError(await admin.post('/api/attendance/bulk', w.body), 401, INVALID);
    expect(await marks(w.schoolId)).toBe(0);
  });

  it('asks an account on a temporary password for its own first, and lets other roles through the usual check', async () => {
    const w = await school();
    await t.db.update(users).set({ passwordChangeRequired: true }).where(eq(users.email, w.teacher.email));
    expectError(
      await caller(t, w.teacherToken).post('/api/attendance/bulk', w.body),
      403,
      'Choose a new password to continue. The password you signed in with is temporary.',
      'PASSWORD_CHANGE_REQUIRED',
    );
    expect(await marks(w.schoolId)).toBe(0);
    const pupil = await createStudent(t, w.schoolId, { classId: w.classId });
    const student = caller(t, await signIn(t, pupil.email, PASSWORD, '/api/students/login'));
    expectError(
      await student.post('/api/attendance/bulk', w.body),
      403,
      'Access denied. Required role: school_admin or teacher',
    );
    expectError(await caller(t, 'not-a-token').post('/api/attendance/bulk', w.body), 401, INVALID);
    expect(await marks(w.schoolId)).toBe(0);
  });
});
