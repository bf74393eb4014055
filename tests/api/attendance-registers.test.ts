/**
 * Registers as rows: the office's list of a day's periods with their registers (`GET /api/attendance/registers`),
 * who took each and when, a correction that keeps the earlier marks in the activity log, and student numbers.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, attendanceRegisters, schools, students } from '../../worker/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { classroom, expectError, teacherCaller } from '../support/classroom';
import { addClassRoll, addSchedule, addSubject, addTeacher, createClass } from '../support/factories';

/** Friday 14 March 2025; 09:12 in Kolkata is 03:42 UTC. */
const FRIDAY = '2025-03-14';
const NINE_TWELVE = `${FRIDAY}T03:42:00.000Z`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date(NINE_TWELVE);
});

/** 8-A Mathematics (Rahul) at 09:00 and 7-B English (Sita) at 10:00 on Fridays; three pupils in 8-A. */
async function day() {
  const w = await classroom(t);
  await t.db
    .update(schools)
    .set({ academicYear: '2024-2025', semester: 'Annual', timeZone: 'Asia/Kolkata' })
    .where(eq(schools.id, w.schoolId));
  const roll = await addClassRoll(t, w.schoolId, w.classId, 3);
  const sita = await addTeacher(t, w.schoolId, { name: 'Sita Sen' });
  const class7b = await createClass(t, w.schoolId, { name: '7', section: 'B' });
  const english = await addSubject(t, w.schoolId, { name: 'English', classId: class7b, teacherId: sita.teacherId });
  const maths = await addSchedule(t, w.schoolId, {
    teacherId: w.teacher.teacherId,
    classId: w.classId,
    subjectId: w.subjectId,
    dayOfWeek: 'Friday',
    startTime: '09:00',
    endTime: '09:45',
  });
  const englishSlot = await addSchedule(t, w.schoolId, {
    teacherId: sita.teacherId,
    classId: class7b,
    subjectId: english,
    dayOfWeek: 'Friday',
    startTime: '10:00',
    endTime: '10:45',
  });
  const rahul = await teacherCaller(t, w.teacher.email);
  const register = (statuses: string[]) => ({
    classId: w.classId,
    subjectId: w.subjectId,
    date: FRIDAY,
    records: roll.map((s, i) => ({ studentId: s.studentId, status: statuses[i] })),
  });
  return { ...w, roll, sita, class7b, english, maths, englishSlot, rahul, register };
}

describe('registers not yet taken', () => {
  it("lists today's periods with the teacher, and who took each register and when", async () => {
    const w = await day();
    const before = await w.admin.get('/api/attendance/registers');
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      date: FRIDAY,
      dayOfWeek: 'Friday',
      counts: { periods: 2, taken: 0, notTaken: 2, startedNotTaken: 1 },
    });
    expect(before.body.data.periods).toEqual([
      {
        scheduleId: w.maths,
        startTime: '09:00',
        endTime: '09:45',
        room: null,
        started: true,
        class: { _id: w.classId, name: '8', section: 'A' },
        subject: { _id: w.subjectId, name: 'Mathematics' },
        teacher: { _id: w.teacher.teacherId, name: 'Rahul Verma' },
        taken: false,
        register: null,
      },
      expect.objectContaining({ scheduleId: w.englishSlot, started: false, taken: false, register: null }),
    ]);

    expect((await w.rahul.post('/api/attendance/bulk', w.register(['present', 'absent', 'late']))).status).toBe(200);
    const after = await w.admin.get('/api/attendance/registers');
    expect(after.body.data.counts).toEqual({ periods: 2, taken: 1, notTaken: 1, startedNotTaken: 0 });
    expect(after.body.data.periods[0]).toMatchObject({
      taken: true,
      register: {
        takenBy: { _id: w.teacher.userId, name: 'Rahul Verma' },
        takenAt: NINE_TWELVE,
        markedBy: { _id: w.teacher.userId, name: 'Rahul Verma' },
        markedAt: NINE_TWELVE,
        marked: 3,
      },
    });

    const pending = await w.admin.get('/api/attendance/registers?status=not-taken');
    expect(pending.body.data.periods.map((p: { scheduleId: string }) => p.scheduleId)).toEqual([w.englishSlot]);
    const taken = await w.admin.get('/api/attendance/registers?status=taken');
    expect(taken.body.data.periods.map((p: { scheduleId: string }) => p.scheduleId)).toEqual([w.maths]);
    // A Saturday has no timetable, so nothing is owed.
    const saturday = await w.admin.get('/api/attendance/registers?date=2025-03-15');
    expect(saturday.body.data).toMatchObject({ dayOfWeek: null, counts: { periods: 0 }, periods: [] });
  });

  it('keeps who first took a register when the office saves it again later, and logs the marks it replaces', async () => {
    const w = await day();
    await w.rahul.post('/api/attendance/bulk', w.register(['present', 'present', 'present']));
    t.clock.now = new Date(`${FRIDAY}T05:00:00.000Z`);
    try {
      expect((await w.admin.post('/api/attendance/bulk', w.register(['absent', 'present', 'late']))).status).toBe(200);
    } finally {
      t.clock.now = new Date(NINE_TWELVE);
    }
    const [register] = await t.db
      .select()
      .from(attendanceRegisters)
      .where(eq(attendanceRegisters.schoolId, w.schoolId));
    expect(register).toMatchObject({
      takenBy: w.teacher.userId,
      takenAt: NINE_TWELVE,
      markedBy: w.adminId,
      markedAt: `${FRIDAY}T05:00:00.000Z`,
    });
    const logs = await t.db
      .select({ summary: activityLogs.summary })
      .from(activityLogs)
      .where(and(eq(activityLogs.schoolId, w.schoolId), eq(activityLogs.entity, 'attendance')));
    expect(logs.map((l) => l.summary)).toEqual([
      `Marked Mathematics attendance of 3 student(s) of 8-A for ${FRIDAY}`,
      `Marked Mathematics attendance of 3 student(s) of 8-A for ${FRIDAY}; earlier marks replaced: Pupil 1 was present, Pupil 3 was present`,
    ]);
  });

  it('is the office’s: teachers are refused, and a bad status or date answers 400', async () => {
    const w = await day();
    expect((await w.rahul.get('/api/attendance/registers')).status).toBe(403);
    expectError(await w.admin.get('/api/attendance/registers?status=late'), 400, 'Validation failed');
    expectError(await w.admin.get('/api/attendance/registers?date=14-03-2025'), 400, 'Validation failed');
  });

  it('costs the same round trips for a day of 2 periods and of 12', async () => {
    const w = await day();
    const one = await w.admin.get('/api/attendance/registers');
    for (let i = 0; i < 10; i++)
      await addSchedule(t, w.schoolId, {
        teacherId: w.sita.teacherId,
        classId: w.class7b,
        subjectId: w.english,
        dayOfWeek: 'Friday',
        startTime: `${String(11 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
        endTime: `${String(11 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '55' : '25'}`,
      });
    const many = await w.admin.get('/api/attendance/registers');
    expect(many.body.data.counts.periods).toBe(12);
    expect(many.trips).toBe(one.trips);
  });

  it("shows only the school's own timetable and registers", async () => {
    const w = await day();
    const other = await day();
    await other.rahul.post('/api/attendance/bulk', other.register(['present', 'present', 'present']));
    const mine = await w.admin.get('/api/attendance/registers');
    expect(mine.body.data.counts).toEqual({ periods: 2, taken: 0, notTaken: 2, startedNotTaken: 1 });
  });
});

describe('student numbers', () => {
  it('gives each new student the next number of the school, never one given before', async () => {
    const w = await day();
    const numbers = async () =>
      (await t.db.select({ n: students.number }).from(students).where(eq(students.schoolId, w.schoolId)))
        .map((r) => r.n)
        .sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(await numbers()).toEqual([1, 2, 3]);
    const [last] = await t.db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.schoolId, w.schoolId), eq(students.number, 3)));
    expect((await w.admin.del(`/api/students/${last.id}`)).status).toBe(200);
    await addClassRoll(t, w.schoolId, w.classId, 2, { firstRoll: 10 });
    expect(await numbers()).toEqual([1, 2, 4, 5]);
  });
});
