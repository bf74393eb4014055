/**
 * The teacher's week (`GET /api/schedules/weekly`) says, per period, whether its register of this week was taken
 * and when, on the school's clock, in the same round trips whatever the number of periods and marks.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { schools } from '../../worker/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { classroom, teacherCaller } from '../support/classroom';
import { addClassRoll, addSchedule, addStudentAttendance, addSubject, createClass } from '../support/factories';

/** Friday 14 March 2025; 09:12 in Kolkata is 03:42 UTC. */
const FRIDAY = '2025-03-14';
const MONDAY = '2025-03-10';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const at = (iso: string) => {
  t.clock.now = new Date(iso);
};

/** 8-A Mathematics (Rahul) on Monday and twice on Friday, and 7-B English on Wednesday; a roll of three in 8-A. */
async function week() {
  const w = await classroom(t);
  await t.db
    .update(schools)
    .set({ academicYear: '2024-2025', semester: 'Annual', timeZone: 'Asia/Kolkata' })
    .where(eq(schools.id, w.schoolId));
  const roll = await addClassRoll(t, w.schoolId, w.classId, 3);
  const class7b = await createClass(t, w.schoolId, { name: '7', section: 'B' });
  const english = await addSubject(t, w.schoolId, {
    name: 'English',
    classId: class7b,
    teacherId: w.teacher.teacherId,
  });
  const slot = { teacherId: w.teacher.teacherId, classId: w.classId, subjectId: w.subjectId };
  const ids = {
    monday: await addSchedule(t, w.schoolId, { ...slot, dayOfWeek: 'Monday', startTime: '09:00', endTime: '09:45' }),
    friday: await addSchedule(t, w.schoolId, { ...slot, dayOfWeek: 'Friday', startTime: '09:00', endTime: '09:45' }),
    fridayLater: await addSchedule(t, w.schoolId, {
      ...slot,
      dayOfWeek: 'Friday',
      startTime: '11:00',
      endTime: '11:45',
    }),
    wednesday: await addSchedule(t, w.schoolId, {
      teacherId: w.teacher.teacherId,
      classId: class7b,
      subjectId: english,
      dayOfWeek: 'Wednesday',
      startTime: '10:00',
      endTime: '10:45',
    }),
  };
  const rahul = await teacherCaller(t, w.teacher.email);
  const register = (date: string) => ({
    classId: w.classId,
    subjectId: w.subjectId,
    date,
    records: roll.map((s, i) => ({ studentId: s.studentId, status: i === 0 ? 'absent' : 'present' })),
  });
  return { ...w, roll, class7b, english, ids, rahul, register };
}

type Slot = { _id: string; register?: Record<string, unknown> };
const slotOf = (body: { data: { days: Record<string, Slot[]> } }, id: string) =>
  Object.values(body.data.days)
    .flat()
    .find((s) => s._id === id);

describe("the teacher's week with its registers", () => {
  it('says which periods were taken and when, on the school clock', async () => {
    const w = await week();
    at(`${FRIDAY}T03:00:00.000Z`);
    const before = await w.rahul.get('/api/schedules/weekly');
    expect(before.status).toBe(200);
    expect(slotOf(before.body, w.ids.friday)?.register).toEqual({
      date: FRIDAY,
      taken: false,
      marked: 0,
      takenAt: null,
      takenDate: null,
      takenTime: null,
    });

    at(`${FRIDAY}T03:42:00.000Z`);
    expect((await w.rahul.post('/api/attendance/bulk', w.register(FRIDAY))).status).toBe(200);
    at(`${FRIDAY}T04:00:00.000Z`);
    const after = await w.rahul.get('/api/schedules/weekly');
    const taken = {
      date: FRIDAY,
      taken: true,
      marked: 3,
      takenAt: `${FRIDAY}T03:42:00.000Z`,
      takenDate: FRIDAY,
      takenTime: '09:12',
    };
    expect(slotOf(after.body, w.ids.friday)?.register).toEqual(taken);
    // The second period of the same class and subject that day shares the register.
    expect(slotOf(after.body, w.ids.fridayLater)?.register).toEqual(taken);
    expect(slotOf(after.body, w.ids.monday)?.register).toMatchObject({ date: MONDAY, taken: false });
    expect(slotOf(after.body, w.ids.wednesday)?.register).toMatchObject({ date: '2025-03-12', taken: false });
  });

  it("counts only this week's marks of the period's own class, subject and day", async () => {
    const w = await week();
    at(`${FRIDAY}T04:00:00.000Z`);
    const mark = (date: string, subjectId: string, classId = w.classId) =>
      w.roll.map((s) => ({ studentId: s.studentId, classId, subjectId, date, status: 'present' as const }));
    const otherSubject = await addSubject(t, w.schoolId, { name: 'Art', classId: w.classId, teacherId: null });
    await addStudentAttendance(t, w.schoolId, [
      ...mark('2025-03-03', w.subjectId), // the Monday of last week
      ...mark('2025-03-11', w.subjectId), // a Tuesday: no Mathematics period then
      ...mark(FRIDAY, otherSubject),
    ]);
    const res = await w.rahul.get('/api/schedules/weekly');
    for (const id of Object.values(w.ids)) expect(slotOf(res.body, id)?.register?.taken).toBe(false);

    // Marks saved by the office count too, with the time they were saved (here on a later day).
    await addStudentAttendance(t, w.schoolId, mark(MONDAY, w.subjectId));
    const monday = slotOf((await w.rahul.get('/api/schedules/weekly')).body, w.ids.monday)?.register;
    expect(monday).toMatchObject({ date: MONDAY, taken: true, marked: 3, takenDate: MONDAY, takenTime: '14:30' });
  });

  it('shows the week that just ended at the weekend, and a new save moves the time', async () => {
    const w = await week();
    at(`${FRIDAY}T03:42:00.000Z`);
    await w.rahul.post('/api/attendance/bulk', w.register(FRIDAY));
    at('2025-03-15T05:00:00.000Z'); // Saturday 10:30 in Kolkata; a session lasts two hours
    const rahul = await teacherCaller(t, w.teacher.email);
    expect((await rahul.post('/api/attendance/bulk', w.register(FRIDAY))).status).toBe(200);
    const res = await rahul.get('/api/schedules/weekly');
    expect(slotOf(res.body, w.ids.friday)?.register).toMatchObject({
      date: FRIDAY,
      taken: true,
      takenDate: '2025-03-15',
      takenTime: '10:30',
    });
  });

  it("gives the registers to an administrator reading one teacher's current week, not the whole school's", async () => {
    const w = await week();
    at(`${FRIDAY}T04:00:00.000Z`);
    const one = await w.admin.get(`/api/schedules/weekly?teacherId=${w.teacher.teacherId}`);
    expect(slotOf(one.body, w.ids.friday)?.register).toMatchObject({ date: FRIDAY, taken: false });
    const school = await w.admin.get('/api/schedules/weekly');
    expect(slotOf(school.body, w.ids.friday)).toBeDefined();
    expect(slotOf(school.body, w.ids.friday)?.register).toBeUndefined();
    const allYears = await w.rahul.get('/api/schedules/weekly?academicYear=all');
    expect(slotOf(allYears.body, w.ids.friday)?.register).toBeUndefined();
  });

  it('costs the same round trips for 4 periods as for 30 with their registers taken', async () => {
    at(`${FRIDAY}T04:00:00.000Z`);
    const small = await week();
    const large = await week();
    const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
    for (let i = 0; i < 26; i++) {
      await addSchedule(t, large.schoolId, {
        teacherId: large.teacher.teacherId,
        classId: large.classId,
        subjectId: large.subjectId,
        dayOfWeek: days[i % 5],
        startTime: `${String(12 + Math.floor(i / 5)).padStart(2, '0')}:00`,
        endTime: `${String(12 + Math.floor(i / 5)).padStart(2, '0')}:45`,
      });
    }
    for (const date of [MONDAY, '2025-03-11', '2025-03-12', '2025-03-13', FRIDAY]) {
      await large.rahul.post('/api/attendance/bulk', large.register(date));
    }
    const a = await small.rahul.get('/api/schedules/weekly');
    const b = await large.rahul.get('/api/schedules/weekly');
    expect(b.body.data.total).toBe(30);
    const taken = Object.values(b.body.data.days as Record<string, Slot[]>)
      .flat()
      .filter((s) => s.register?.taken);
    expect(taken).toHaveLength(29); // all but 7-B English
    expect(b.trips).toBe(a.trips);
  });
});
