import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, schools, teacherAttendance } from '../../worker/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { caller, expectError, schoolWithAdmin, teacherCaller } from '../support/classroom';
import { addTeacher } from '../support/factories';

const TODAY = '2025-03-14';
const NOW = '2025-03-14T10:00:00.000Z';
const MARKED = 'Attendance marked successfully';
const FUTURE = 'Attendance cannot be marked for a future date';
const ADMIN_ONLY = 'Access denied. Required role: school_admin';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date(NOW);
});

/** A school with its administrator and teachers Asha, Bala and Chitra (active) and Dev (inactive). */
async function staffRoom() {
  const w = await schoolWithAdmin(t);
  const asha = await addTeacher(t, w.schoolId, { name: 'Asha Rao' });
  const bala = await addTeacher(t, w.schoolId, { name: 'Bala Iyer' });
  const chitra = await addTeacher(t, w.schoolId, { name: 'Chitra Das' });
  const dev = await addTeacher(t, w.schoolId, { name: 'Dev Nair', isActive: false });
  return { ...w, asha, bala, chitra, dev };
}

async function rowsOf(schoolId: string) {
  return t.db.select().from(teacherAttendance).where(eq(teacherAttendance.schoolId, schoolId));
}

async function countRows(schoolId: string) {
  const [{ n }] = await t.db
    .select({ n: count() })
    .from(teacherAttendance)
    .where(eq(teacherAttendance.schoolId, schoolId));
  return n;
}

describe('POST /api/teacher-attendance: one mark', () => {
  it('marks a teacher with the populated record; the latest mark of the day replaces the earlier one', async () => {
    const w = await staffRoom();
    const res = await w.admin.post('/api/teacher-attendance', {
      teacherId: w.asha.teacherId,
      date: TODAY,
      status: 'present',
      remarks: 'On time',
      checkInTime: '08:05',
      checkOutTime: '15:30',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MARKED);
    expect(res.body.data).toEqual({
      _id: expect.any(String),
      teacherId: { _id: w.asha.teacherId, name: 'Asha Rao', email: w.asha.email },
      date: TODAY,
      status: 'present',
      remarks: 'On time',
      checkInTime: '08:05',
      checkOutTime: '15:30',
      markedBy: { _id: w.adminId, name: 'Ada Admin' },
      markedAt: NOW,
    });
    const again = await w.admin.post('/api/teacher-attendance', {
      teacherId: w.asha.teacherId,
      date: TODAY,
      status: 'half-day',
    });
    expect(again.body.data).toMatchObject({
      _id: res.body.data._id,
      status: 'half-day',
      remarks: null,
      checkInTime: null,
      checkOutTime: null,
    });
    const rows = await rowsOf(w.schoolId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'half-day', markedBy: w.adminId });
    const logs = await t.db.select().from(activityLogs).where(eq(activityLogs.schoolId, w.schoolId));
    expect(logs.map((l) => [l.action, l.entity])).toEqual([
      ['create', 'teacher_attendance'],
      ['create', 'teacher_attendance'],
    ]);
  });

  it('refuses a future date, another school’s teacher, bad statuses and times', async () => {
    const w = await staffRoom();
    const mark = { teacherId: w.asha.teacherId, date: TODAY, status: 'present' };
    expectError(
      await w.admin.post('/api/teacher-attendance', { ...mark, date: '2025-03-15' }),
      400,
      FUTURE,
      'FUTURE_DATE',
    );
    const elsewhere = await staffRoom();
    expectError(
      await w.admin.post('/api/teacher-attendance', { ...mark, teacherId: elsewhere.asha.teacherId }),
      404,
      'Teacher not found',
    );
    const bad = await w.admin.post('/api/teacher-attendance', { ...mark, status: 'holiday', checkInTime: '8am' });
    expectError(bad, 400, 'Validation failed');
    expect(bad.body.details).toEqual([
      { msg: 'Status must be present, absent, late or half-day', path: 'status' },
      { msg: 'Check-in time must be HH:MM (24-hour)', path: 'checkInTime' },
    ]);
    const backwards = await w.admin.post('/api/teacher-attendance', {
      ...mark,
      checkInTime: '15:00',
      checkOutTime: '08:00',
    });
    expect(backwards.body.details).toEqual([
      { msg: 'Check-out time must be after check-in time', path: 'checkOutTime' },
    ]);
    expect(await countRows(w.schoolId)).toBe(0);
    expect(await countRows(elsewhere.schoolId)).toBe(0);
  });

  it("follows the school's time zone for today", async () => {
    const w = await staffRoom();
    await t.db.update(schools).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(schools.id, w.schoolId));
    const mark = { teacherId: w.asha.teacherId, status: 'present' };
    expect((await w.admin.post('/api/teacher-attendance', { ...mark, date: '2025-03-15' })).status).toBe(200);
    expectError(
      await w.admin.post('/api/teacher-attendance', { ...mark, date: '2025-03-16' }),
      400,
      FUTURE,
      'FUTURE_DATE',
    );
  });

  it('is for administrators only', async () => {
    const w = await staffRoom();
    const mark = { teacherId: w.asha.teacherId, date: TODAY, status: 'present' };
    expectError(await caller(t).post('/api/teacher-attendance', mark), 401, 'Access denied. No token provided.');
    const asha = await teacherCaller(t, w.asha.email);
    expectError(await asha.post('/api/teacher-attendance', mark), 403, ADMIN_ONLY);
    expectError(await asha.post('/api/teacher-attendance/bulk', { date: TODAY, records: [mark] }), 403, ADMIN_ONLY);
    expectError(await asha.get('/api/teacher-attendance'), 403, ADMIN_ONLY);
    expectError(await asha.get('/api/teacher-attendance/stats'), 403, ADMIN_ONLY);
  });
});

describe('POST /api/teacher-attendance/bulk', () => {
  it('answers which marks succeeded and which failed, writing the good ones', async () => {
    const w = await staffRoom();
    const elsewhere = await staffRoom();
    const res = await w.admin.post('/api/teacher-attendance/bulk', {
      date: TODAY,
      records: [
        { teacherId: w.asha.teacherId, status: 'present' },
        { teacherId: 'no-such-teacher', status: 'present' },
        { teacherId: w.bala.teacherId, status: 'late', remarks: 'Traffic' },
        { teacherId: elsewhere.asha.teacherId, status: 'absent' },
        { teacherId: w.asha.teacherId, status: 'absent' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Attendance marked for 2 of 5 teachers');
    expect(res.body.data).toMatchObject({
      date: TODAY,
      successfulCount: 2,
      failedCount: 3,
      failed: [
        { teacherId: 'no-such-teacher', reason: 'Teacher not found' },
        { teacherId: elsewhere.asha.teacherId, reason: 'Teacher not found' },
        { teacherId: w.asha.teacherId, reason: 'Teacher is listed more than once' },
      ],
    });
    expect(res.body.data.successful[1]).toEqual({
      _id: expect.any(String),
      teacherId: { _id: w.bala.teacherId, name: 'Bala Iyer', email: w.bala.email },
      date: TODAY,
      status: 'late',
      remarks: 'Traffic',
      checkInTime: null,
      checkOutTime: null,
      markedBy: { _id: w.adminId, name: 'Ada Admin' },
      markedAt: NOW,
    });
    const rows = await rowsOf(w.schoolId);
    expect(rows.map((r) => [r.teacherId, r.status]).sort()).toEqual(
      [
        [w.asha.teacherId, 'present'],
        [w.bala.teacherId, 'late'],
      ].sort(),
    );
    expect(await countRows(elsewhere.schoolId)).toBe(0);

    const clean = await w.admin.post('/api/teacher-attendance/bulk', {
      date: TODAY,
      records: [
        { teacherId: w.asha.teacherId, status: 'absent' },
        { teacherId: w.chitra.teacherId, status: 'present' },
      ],
    });
    expect(clean.body).toMatchObject({ message: MARKED, data: { successfulCount: 2, failedCount: 0, failed: [] } });
    expect(await countRows(w.schoolId)).toBe(3);
    expect(clean.body.data.successful[0]._id).toBe(res.body.data.successful[0]._id);
  });

  it('writes in one batch: the same round trips for 3 and 30 teachers', async () => {
    const small = await staffRoom();
    const large = await schoolWithAdmin(t);
    const many = [];
    for (let i = 0; i < 30; i++) many.push(await addTeacher(t, large.schoolId));
    const a = await small.admin.post('/api/teacher-attendance/bulk', {
      date: TODAY,
      records: [small.asha, small.bala, small.chitra].map((x) => ({ teacherId: x.teacherId, status: 'present' })),
    });
    const b = await large.admin.post('/api/teacher-attendance/bulk', {
      date: TODAY,
      records: many.map((x) => ({ teacherId: x.teacherId, status: 'present' })),
    });
    expect(b.body.data.successfulCount).toBe(30);
    expect(b.trips).toBe(a.trips);
    expect(b.trips).toBeLessThanOrEqual(4);
  });

  it('writes nothing when every mark fails, and refuses a future date or an empty list', async () => {
    const w = await staffRoom();
    const none = await w.admin.post('/api/teacher-attendance/bulk', {
      date: TODAY,
      records: [{ teacherId: 'missing', status: 'present' }],
    });
    expect(none.body.data).toMatchObject({ successfulCount: 0, failedCount: 1, successful: [] });
    expect(none.body.message).toBe('Attendance marked for 0 of 1 teachers');
    expectError(
      await w.admin.post('/api/teacher-attendance/bulk', {
        date: '2025-03-15',
        records: [{ teacherId: w.asha.teacherId, status: 'present' }],
      }),
      400,
      FUTURE,
      'FUTURE_DATE',
    );
    const empty = await w.admin.post('/api/teacher-attendance/bulk', { date: TODAY, records: [] });
    expect(empty.body.details).toEqual([{ msg: 'Records must list at least one teacher', path: 'records' }]);
    expect(await countRows(w.schoolId)).toBe(0);
  });
});

describe('PUT and DELETE /api/teacher-attendance/:id', () => {
  it('changes a mark, keeping what is not given', async () => {
    const w = await staffRoom();
    const marked = await w.admin.post('/api/teacher-attendance', {
      teacherId: w.bala.teacherId,
      date: TODAY,
      status: 'present',
      checkInTime: '08:00',
    });
    const id = marked.body.data._id;
    const res = await w.admin.put(`/api/teacher-attendance/${id}`, { status: 'late', remarks: 'Came at 9' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Attendance updated successfully');
    expect(res.body.data).toMatchObject({ _id: id, status: 'late', remarks: 'Came at 9', checkInTime: '08:00' });
    const backwards = await w.admin.put(`/api/teacher-attendance/${id}`, { checkOutTime: '07:00' });
    expectError(backwards, 400, 'Validation failed');
    expect(backwards.body.details).toEqual([
      { msg: 'Check-out time must be after check-in time', path: 'checkOutTime' },
    ]);
    expect((await w.admin.put(`/api/teacher-attendance/${id}`, {})).body.details).toEqual([
      { msg: 'Give a status, remarks or times to change', path: 'status' },
    ]);
    const [row] = await rowsOf(w.schoolId);
    expect(row).toMatchObject({ status: 'late', remarks: 'Came at 9', checkOutTime: null });
  });

  it("answers 404 for another school's record and lets only administrators change or delete", async () => {
    const w = await staffRoom();
    const marked = await w.admin.post('/api/teacher-attendance', {
      teacherId: w.bala.teacherId,
      date: TODAY,
      status: 'present',
    });
    const id = marked.body.data._id;
    const elsewhere = await staffRoom();
    expectError(
      await elsewhere.admin.put(`/api/teacher-attendance/${id}`, { status: 'absent' }),
      404,
      'Attendance record not found',
    );
    expectError(await elsewhere.admin.del(`/api/teacher-attendance/${id}`), 404, 'Attendance record not found');
    const bala = await teacherCaller(t, w.bala.email);
    expectError(await bala.put(`/api/teacher-attendance/${id}`, { status: 'absent' }), 403, ADMIN_ONLY);
    expectError(await bala.del(`/api/teacher-attendance/${id}`), 403, ADMIN_ONLY);
    const res = await w.admin.del(`/api/teacher-attendance/${id}`);
    expect(res.body).toEqual({
      success: true,
      data: { _id: id },
      message: 'Attendance record deleted successfully',
    });
    expect(await countRows(w.schoolId)).toBe(0);
    expectError(await w.admin.del(`/api/teacher-attendance/${id}`), 404, 'Attendance record not found');
  });
});

/**
 * Marks from the 10th to the 14th (p present, a absent, l late, h half-day), plus Asha absent on the 1st and
 * inactive Dev present on the 10th:
 *
 *            10  11  12  13  14
 *   Asha      p   p   l   h   a
 *   Bala      h   h   p
 *   Chitra    (none)
 */
async function markedStaff() {
  const w = await staffRoom();
  const day = async (date: string, marks: [{ teacherId: string }, string][]) => {
    const res = await w.admin.post('/api/teacher-attendance/bulk', {
      date,
      records: marks.map(([teacher, status]) => ({ teacherId: teacher.teacherId, status })),
    });
    expect(res.body.data.failedCount).toBe(0);
  };
  await day('2025-03-01', [[w.asha, 'absent']]);
  await day('2025-03-10', [
    [w.asha, 'present'],
    [w.bala, 'half-day'],
    [w.dev, 'present'],
  ]);
  await day('2025-03-11', [
    [w.asha, 'present'],
    [w.bala, 'half-day'],
  ]);
  await day('2025-03-12', [
    [w.asha, 'late'],
    [w.bala, 'present'],
  ]);
  await day('2025-03-13', [[w.asha, 'half-day']]);
  // Marked present first, then corrected to absent: counted once.
  await day('2025-03-14', [[w.asha, 'present']]);
  await day('2025-03-14', [[w.asha, 'absent']]);
  return w;
}

describe('GET /api/teacher-attendance/stats', () => {
  it('matches the hand-computed figures for every active teacher', async () => {
    const w = await markedStaff();
    const res = await w.admin.get('/api/teacher-attendance/stats?startDate=2025-03-10&endDate=2025-03-14');
    expect(res.status).toBe(200);
    // Asha: (2 present + 1 late + 0.5 × 1 half-day) / 5 = 70 %; Bala: (1 + 0.5 × 2) / 3 = 66.7 %.
    // All: (3 present + 1 late + 0.5 × 3 half-days) / 8 marks = 68.75, shown as 68.8.
    expect(res.body.data).toEqual({
      startDate: '2025-03-10',
      endDate: '2025-03-14',
      summary: { totalTeachers: 3, totalPresent: 7, totalAbsent: 1, overallAttendancePercentage: 68.8 },
      teacherStats: [
        {
          teacherId: w.asha.teacherId,
          teacherName: 'Asha Rao',
          teacherEmail: w.asha.email,
          totalDays: 5,
          present: 2,
          absent: 1,
          late: 1,
          halfDay: 1,
          attendancePercentage: 70,
        },
        {
          teacherId: w.bala.teacherId,
          teacherName: 'Bala Iyer',
          teacherEmail: w.bala.email,
          totalDays: 3,
          present: 1,
          absent: 0,
          late: 0,
          halfDay: 2,
          attendancePercentage: 66.7,
        },
        {
          teacherId: w.chitra.teacherId,
          teacherName: 'Chitra Das',
          teacherEmail: w.chitra.email,
          totalDays: 0,
          present: 0,
          absent: 0,
          late: 0,
          halfDay: 0,
          attendancePercentage: 0,
        },
      ],
    });
  });

  it('covers the last 30 days by default, and one day for the day’s overall statistics', async () => {
    const w = await markedStaff();
    const res = await w.admin.get('/api/teacher-attendance/stats');
    expect(res.body.data).toMatchObject({ startDate: '2025-02-13', endDate: TODAY });
    // Asha's absence on the 1st now counts: 3.5 of 6.
    expect(res.body.data.teacherStats[0]).toMatchObject({ totalDays: 6, absent: 2, attendancePercentage: 58.3 });
    const day = await w.admin.get('/api/teacher-attendance/stats?startDate=2025-03-10&endDate=2025-03-10');
    expect(day.body.data.summary).toEqual({
      totalTeachers: 3,
      totalPresent: 2,
      totalAbsent: 0,
      overallAttendancePercentage: 75,
    });
    const bad = await w.admin.get('/api/teacher-attendance/stats?startDate=2025-03-12&endDate=2025-03-10');
    expect(bad.body.details).toEqual([{ msg: 'Start date must not be after end date', path: 'startDate' }]);
    // A date no school means is refused, not answered with a default start in year -1 (found by hostile input).
    const ancient = await w.admin.get('/api/teacher-attendance/stats?endDate=0000-01-05');
    expectError(ancient, 400, 'Validation failed');
    expect(ancient.body.details).toEqual([{ msg: 'End date must be a date from 1900 to 2999', path: 'endDate' }]);
    const far = await w.admin.get('/api/teacher-attendance/stats?startDate=9999-12-31');
    expect(far.body.details).toEqual([{ msg: 'Start date must be a date from 1900 to 2999', path: 'startDate' }]);
  });
});

describe('GET /api/teacher-attendance and /range', () => {
  it('lists the day’s marks by teacher name, today by default', async () => {
    const w = await markedStaff();
    const res = await w.admin.get('/api/teacher-attendance?date=2025-03-10');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(
      res.body.data.map((r: { teacherId: { name: string }; status: string }) => [r.teacherId.name, r.status]),
    ).toEqual([
      ['Asha Rao', 'present'],
      ['Bala Iyer', 'half-day'],
      ['Dev Nair', 'present'],
    ]);
    expect(res.body.data[0]).toEqual({
      _id: expect.any(String),
      teacherId: { _id: w.asha.teacherId, name: 'Asha Rao', email: w.asha.email },
      date: '2025-03-10',
      status: 'present',
      remarks: null,
      checkInTime: null,
      checkOutTime: null,
      markedBy: { _id: w.adminId, name: 'Ada Admin' },
      markedAt: NOW,
    });
    const today = await w.admin.get('/api/teacher-attendance');
    expect(today.body.data.map((r: { status: string }) => r.status)).toEqual(['absent']);
    const elsewhere = await staffRoom();
    expect((await elsewhere.admin.get('/api/teacher-attendance?date=2025-03-10')).body.data).toEqual([]);
  });

  it('answers a range for all teachers or one, newest first', async () => {
    const w = await markedStaff();
    const all = await w.admin.get('/api/teacher-attendance/range?startDate=2025-03-12&endDate=2025-03-14');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(4);
    expect(all.body.data).toMatchObject({ startDate: '2025-03-12', endDate: '2025-03-14' });
    expect(
      all.body.data.records.map((r: { date: string; teacherId: { name: string } }) => `${r.date} ${r.teacherId.name}`),
    ).toEqual(['2025-03-14 Asha Rao', '2025-03-13 Asha Rao', '2025-03-12 Asha Rao', '2025-03-12 Bala Iyer']);
    const bala = await w.admin.get(`/api/teacher-attendance/range?teacherId=${w.bala.teacherId}`);
    expect(bala.body.total).toBe(3);
    const elsewhere = await staffRoom();
    expectError(
      await w.admin.get(`/api/teacher-attendance/range?teacherId=${elsewhere.asha.teacherId}`),
      404,
      'Teacher not found',
    );
    expectError(await w.admin.get('/api/teacher-attendance/range?teacherId=own'), 404, 'Teacher not found');
  });

  it('lets a teacher read only their own marks', async () => {
    const w = await markedStaff();
    const asha = await teacherCaller(t, w.asha.email);
    const own = await asha.get('/api/teacher-attendance/range?teacherId=own');
    expect(own.status).toBe(200);
    expect(own.body.total).toBe(6);
    expect(
      own.body.data.records.every((r: { teacherId: { _id: string } }) => r.teacherId._id === w.asha.teacherId),
    ).toBe(true);
    expect((await asha.get('/api/teacher-attendance/range')).body.total).toBe(6);
    expect((await asha.get(`/api/teacher-attendance/range?teacherId=${w.asha.teacherId}`)).body.total).toBe(6);
    expectError(
      await asha.get(`/api/teacher-attendance/range?teacherId=${w.bala.teacherId}`),
      403,
      'Access denied. You can only view your own attendance.',
    );
    expect((await asha.get(`/api/teachers/${w.asha.teacherId}/attendance`)).body.total).toBe(6);
    expectError(
      await asha.get(`/api/teachers/${w.bala.teacherId}/attendance`),
      403,
      'Access denied. You can only view your own attendance.',
    );
    expectError(await caller(t).get('/api/teacher-attendance/range'), 401, 'Access denied. No token provided.');
  });
});

describe('/api/teachers/:id/attendance', () => {
  it('marks and reads one teacher through the teacher’s path', async () => {
    const w = await staffRoom();
    const res = await w.admin.post(`/api/teachers/${w.chitra.teacherId}/attendance`, {
      date: TODAY,
      status: 'late',
      checkInTime: '09:10',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MARKED);
    expect(res.body.data).toMatchObject({
      teacherId: { _id: w.chitra.teacherId, name: 'Chitra Das' },
      status: 'late',
      checkInTime: '09:10',
    });
    const read = await w.admin.get(`/api/teachers/${w.chitra.teacherId}/attendance`);
    expect(read.body).toMatchObject({ total: 1, data: { startDate: '2025-02-13', endDate: TODAY } });
    const elsewhere = await staffRoom();
    expectError(
      await w.admin.post(`/api/teachers/${elsewhere.asha.teacherId}/attendance`, { date: TODAY, status: 'present' }),
      404,
      'Teacher not found',
    );
    expectError(await w.admin.get(`/api/teachers/${elsewhere.asha.teacherId}/attendance`), 404, 'Teacher not found');
    const chitra = await teacherCaller(t, w.chitra.email);
    expectError(
      await chitra.post(`/api/teachers/${w.chitra.teacherId}/attendance`, { date: TODAY, status: 'present' }),
      403,
      ADMIN_ONLY,
    );
  });
});
