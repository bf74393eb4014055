/**
 * The per-class day totals (migration 0009) are kept by triggers: after every kind of write they equal the totals
 * counted again from the marks, student by student, as `day-figures.ts` defines them.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceDayTotals, classes, studentAttendance, students, subjects } from '../../worker/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { classroom } from '../support/classroom';
import { addClassRoll, addStudentAttendance, addSubject, createClass } from '../support/factories';

const TODAY = '2025-03-14';
const YESTERDAY = '2025-03-13';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date(`${TODAY}T09:00:00.000Z`);
});

type Counts = { marked: number; present: number; late: number; absent: number; excused: number };
const CODE = { absent: 0, excused: 1, late: 2, present: 3 } as const;

/** The totals counted again from the marks: each active student once per class and day, by their best mark there. */
async function fromMarks(schoolId: string) {
  const marks = await t.db
    .select({
      date: studentAttendance.date,
      classId: studentAttendance.classId,
      studentId: studentAttendance.studentId,
      status: studentAttendance.status,
      active: students.status,
    })
    .from(studentAttendance)
    .innerJoin(students, eq(students.id, studentAttendance.studentId))
    .where(eq(studentAttendance.schoolId, schoolId));
  const perStudent = new Map<string, { key: string; best: number; late: boolean }>();
  for (const m of marks) {
    if (m.active !== 'active') continue;
    const key = `${m.date} ${m.classId}`;
    const one = perStudent.get(`${key} ${m.studentId}`) ?? { key, best: -1, late: false };
    one.best = Math.max(one.best, CODE[m.status]);
    one.late ||= m.status === 'late';
    perStudent.set(`${key} ${m.studentId}`, one);
  }
  const totals: Record<string, Counts> = {};
  for (const { key, best, late } of perStudent.values()) {
    totals[key] ??= { marked: 0, present: 0, late: 0, absent: 0, excused: 0 };
    const c = totals[key];
    c.marked += 1;
    c.present += best >= 2 ? 1 : 0;
    c.late += late ? 1 : 0;
    c.absent += best === 0 ? 1 : 0;
    c.excused += best === 1 ? 1 : 0;
  }
  return totals;
}

/** The totals as kept, rows counting nobody left out (a day whose marks were all deleted keeps a row of zeros). */
async function kept(schoolId: string) {
  const rows = await t.db.select().from(attendanceDayTotals).where(eq(attendanceDayTotals.schoolId, schoolId));
  const totals: Record<string, Counts> = {};
  for (const { schoolId: _, date, classId, ...c } of rows) {
    if (Object.values(c).some((n) => n !== 0)) totals[`${date} ${classId}`] = c;
  }
  return totals;
}

async function expectExact(schoolId: string, what: string) {
  const expected = await fromMarks(schoolId);
  expect(Object.keys(expected).length, what).toBeGreaterThan(0);
  expect(await kept(schoolId), what).toEqual(expected);
}

describe('day totals', () => {
  it('equal the totals counted from the marks after every kind of write', async () => {
    const w = await classroom(t);
    const science = await addSubject(t, w.schoolId, { name: 'Science', classId: w.classId, teacherId: null });
    const classB = await createClass(t, w.schoolId, { name: '9', section: 'B' });
    const mathsB = await addSubject(t, w.schoolId, { name: 'Maths 9', classId: classB, teacherId: null });
    const a = await addClassRoll(t, w.schoolId, w.classId, 4);
    const b = await addClassRoll(t, w.schoolId, classB, 2, { prefix: 'Nine' });
    const take = async (subjectId: string, date: string, statuses: string[], classId = w.classId, roll = a) => {
      const res = await w.admin.post('/api/attendance/bulk', {
        classId,
        subjectId,
        date,
        records: roll.map((s, i) => ({ studentId: s.studentId, status: statuses[i] })),
      });
      expect(res.status).toBe(200);
      return res.body.data.records as { _id: string }[];
    };

    // Rows given one per mark (the demo seed, tests, an old backup) go through the same triggers.
    await addStudentAttendance(t, w.schoolId, [
      { studentId: b[0].studentId, classId: classB, subjectId: mathsB, date: YESTERDAY, status: 'late' },
      { studentId: b[1].studentId, classId: classB, subjectId: mathsB, date: YESTERDAY, status: 'excused' },
    ]);
    await expectExact(w.schoolId, 'rows given one per mark');

    await take(w.subjectId, TODAY, ['present', 'absent', 'late', 'excused']);
    await take(science, TODAY, ['absent', 'absent', 'present', 'absent']);
    const yesterday = await take(w.subjectId, YESTERDAY, ['present', 'present', 'absent', 'absent']);
    await expectExact(w.schoolId, 'registers');
    await take(science, TODAY, ['late', 'excused', 'absent', 'absent']);
    await expectExact(w.schoolId, 'a register taken again');

    const one = await w.admin.post('/api/attendance', {
      studentId: b[0].studentId,
      classId: classB,
      subjectId: mathsB,
      date: TODAY,
      status: 'absent',
    });
    expect(one.status).toBe(200);
    await expectExact(w.schoolId, 'one mark given');
    expect((await w.admin.put(`/api/attendance/${one.body.data._id}`, { status: 'present' })).status).toBe(200);
    expect((await w.admin.put(`/api/attendance/${yesterday[2]._id}`, { status: 'late' })).status).toBe(200);
    await expectExact(w.schoolId, 'marks corrected');
    expect((await w.admin.del(`/api/attendance/${yesterday[0]._id}`)).status).toBe(200);
    await expectExact(w.schoolId, 'a mark deleted');
    // Each single-mark write tells the class's room, as a register does, so "Registers not yet taken" updates.
    const events = t.publisher.events.filter((e) => e.schoolId === w.schoolId).map((e) => e.event);
    expect(events.slice(-4)).toEqual([
      {
        type: 'attendance_updated',
        data: { type: 'attendance_marked', successfulCount: 1, date: TODAY, classId: classB },
      },
      {
        type: 'attendance_updated',
        data: { type: 'attendance_corrected', successfulCount: 1, date: TODAY, classId: classB },
      },
      {
        type: 'attendance_updated',
        data: { type: 'attendance_corrected', successfulCount: 1, date: YESTERDAY, classId: w.classId },
      },
      {
        type: 'attendance_updated',
        data: { type: 'attendance_deleted', successfulCount: 1, date: YESTERDAY, classId: w.classId },
      },
    ]);

    // A student moved to class B during the day counts in both classes that day, by each class's marks.
    expect((await w.admin.put(`/api/students/${a[3].studentId}/assign-class`, { classId: classB })).status).toBe(200);
    await take(mathsB, TODAY, ['present', 'absent', 'present'], classB, [...b, a[3]]);
    await expectExact(w.schoolId, 'a student moved class mid-day');
    const [moved] = Object.entries(await kept(w.schoolId)).filter(([key]) => key === `${TODAY} ${classB}`);
    expect(moved[1].marked).toBe(3);

    expect((await w.admin.put(`/api/students/${a[1].studentId}`, { status: 'inactive' })).status).toBe(200);
    await expectExact(w.schoolId, 'a student no longer active');
    expect((await w.admin.put(`/api/students/${a[1].studentId}`, { status: 'active' })).status).toBe(200);
    await expectExact(w.schoolId, 'a student active again');

    const made = await w.admin.post('/api/settings/backup', {});
    expect(made.status).toBe(201);
    expect((await w.admin.del(`/api/students/${a[0].studentId}`)).status).toBe(200);
    await expectExact(w.schoolId, 'a student deleted');
    const restored = await w.admin.post(`/api/settings/backup/${made.body.data._id}/restore`, {});
    expect(restored.status).toBe(200);
    await expectExact(w.schoolId, 'a restore');
    expect(Object.keys(await kept(w.schoolId))).toContain(`${TODAY} ${classB}`);

    // The API refuses to delete a subject or class with marks; the database's cascade still keeps the totals.
    await t.db.delete(subjects).where(eq(subjects.id, science));
    await expectExact(w.schoolId, 'a subject deleted with its registers');
    await t.db.delete(classes).where(eq(classes.id, classB));
    await expectExact(w.schoolId, 'a class deleted with its registers');
    expect(Object.keys(await kept(w.schoolId))).not.toContain(`${TODAY} ${classB}`);
  });
});
