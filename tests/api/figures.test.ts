import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { feeCollections } from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { createTestApp, createTestSchool, json, roundTrips, signIn, type TestApp } from '../support/app';
import { addClassRoll, addStudentAttendance, addSubject, createClass } from '../support/factories';

/** Wednesday 25 November 2026 (the test school's zone is UTC). */
const NOW = new Date('2026-11-25T09:00:00Z');
const TODAY = '2026-11-25';
const YESTERDAY = '2026-11-24';

type Status = 'present' | 'absent' | 'late' | 'excused';
interface Mark {
  studentId: string;
  classId: string;
  subjectId: string;
  date: string;
  status: Status;
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
});

/**
 * A small school with known marks and payments: 8-A has five active students and one who left, 9-A three, and
 * one active student has no class. Answers what it made, so each figure can be counted again from the rows.
 */
async function smallSchool() {
  const school = await createTestSchool(t);
  const { schoolId } = school;
  const token = await signIn(t, school.adminEmail);
  const call = async (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const res = await t.request(path, { ...init, token });
    return { res, body: await json<any>(res) };
  };
  const classA = await createClass(t, schoolId, { name: '8', section: 'A' });
  const classB = await createClass(t, schoolId, { name: '9', section: 'A' });
  const a = await addClassRoll(t, schoolId, classA, 5);
  const [left] = await addClassRoll(t, schoolId, classA, 1, { prefix: 'Left', status: 'inactive', firstRoll: 9 });
  const b = await addClassRoll(t, schoolId, classB, 3, { prefix: 'Nine' });
  await addClassRoll(t, schoolId, null, 1, { prefix: 'Unplaced' });
  const mathsA = await addSubject(t, schoolId, { classId: classA, teacherId: null });
  const scienceA = await addSubject(t, schoolId, { classId: classA, teacherId: null });
  const mathsB = await addSubject(t, schoolId, { classId: classB, teacherId: null });

  const inA = (i: number, subjectId: string, status: Status, date = TODAY): Mark => ({
    studentId: i < 0 ? left.studentId : a[i].studentId,
    classId: classA,
    subjectId,
    date,
    status,
  });
  const inB = (i: number, status: Status, date = TODAY): Mark => ({
    studentId: b[i].studentId,
    classId: classB,
    subjectId: mathsB,
    date,
    status,
  });
  const marks: Mark[] = [
    inA(0, mathsA, 'present'),
    inA(0, scienceA, 'present'),
    inA(1, mathsA, 'late'),
    inA(1, scienceA, 'absent'),
    inA(2, mathsA, 'absent'),
    inA(2, scienceA, 'absent'),
    inA(3, mathsA, 'absent'),
    inA(3, scienceA, 'excused'),
    inA(4, mathsA, 'excused'),
    inA(-1, mathsA, 'present'), // the student who left: never counted
    inB(0, 'absent'),
    inB(1, 'present'),
    inB(0, 'present', YESTERDAY),
    inB(1, 'late', YESTERDAY),
  ];
  await addStudentAttendance(t, schoolId, marks);

  const category = (await call('/api/fees/categories', { method: 'POST', json: { name: 'Tuition' } })).body.data;
  const structure = async (classId: string, amount: number) =>
    (
      await call('/api/fees/structures', {
        method: 'POST',
        json: { classId, categoryId: category._id, amount, dueDate: '2026-12-31' },
      })
    ).body.data._id as string;
  const tuitionA = await structure(classA, 1000);
  const transportA = await structure(classA, 250.5);
  const tuitionB = await structure(classB, 1200);
  const pay = async (studentId: string, structureId: string, amount: number) =>
    expect(
      (
        await call('/api/fees/collections', {
          method: 'POST',
          json: { studentId, structureId, amount, method: 'cash' },
        })
      ).res.status,
    ).toBe(201);
  await pay(a[0].studentId, tuitionA, 1000);
  await pay(a[1].studentId, tuitionA, 400);
  await pay(b[0].studentId, tuitionB, 1200);
  // Paid before leaving: money received, but no longer part of what active students are billed.
  await t.db.insert(feeCollections).values({
    id: newId(),
    schoolId,
    studentId: left.studentId,
    structureId: tuitionA,
    amountMinor: 100000,
    method: 'cash',
    paidOn: '2026-11-01',
  } as typeof feeCollections.$inferInsert);
  return { ...school, token, call, marks, classA, tuitionA, transportA };
}

/** The day's figures counted again in plain JavaScript over the marks, the way README defines them. */
function expectedDay(marks: Mark[], active: Set<string>, date: string) {
  const byStudent = new Map<string, Status[]>();
  for (const m of marks) {
    if (m.date !== date || !active.has(m.studentId)) continue;
    byStudent.set(m.studentId, [...(byStudent.get(m.studentId) ?? []), m.status]);
  }
  const day = { marked: byStudent.size, present: 0, late: 0, absent: 0, excused: 0 };
  for (const statuses of byStudent.values()) {
    if (statuses.some((s) => s === 'present' || s === 'late')) {
      day.present += 1;
      if (statuses.includes('late')) day.late += 1;
    } else if (statuses.every((s) => s === 'absent')) day.absent += 1;
    else day.excused += 1;
  }
  return { ...day, notMarked: active.size - day.marked };
}

describe('figures agree across the dashboard, attendance and fees screens', () => {
  it('counts students once a day, and the same count on every endpoint that shows it', async () => {
    const s = await smallSchool();
    const active = new Set(
      (
        await t.db.all<{ id: string }>(
          sql`select id from students where school_id = ${s.schoolId} and status = 'active'`,
        )
      ).map((r) => r.id),
    );
    expect(active.size).toBe(9);
    const today = expectedDay(s.marks, active, TODAY);
    // Present 3 (one late), absent 2 (every period), excused 2, not marked 2: nine active students.
    expect(today).toEqual({ marked: 7, present: 3, late: 1, absent: 2, excused: 2, notMarked: 2 });
    const rate = Math.round((today.present / (today.present + today.absent)) * 10000) / 100;

    const summary = await s.call('/api/attendance/summary');
    expect(summary.body.data).toEqual({
      date: TODAY,
      totalStudents: active.size,
      markedStudents: today.marked,
      presentToday: today.present,
      lateToday: today.late,
      absentToday: today.absent,
      excusedToday: today.excused,
      notMarkedToday: today.notMarked,
      attendanceRate: rate,
    });
    expect(roundTrips(summary.res)).toBe(3); // token check, school settings, one batch

    const dashboard = (await s.call('/api/dashboard/summary')).body.data;
    expect(dashboard.cards.students.active).toBe(active.size);
    expect(dashboard.attendanceTrend).toEqual([
      { date: YESTERDAY, students: active.size, ...expectedDay(s.marks, active, YESTERDAY), rate: 100 },
      { date: TODAY, students: active.size, ...today, rate },
    ]);
    const stats = (await s.call('/api/students/stats')).body.data;
    // Ten students in all: the nine active ones and the one who left.
    expect([stats.total, stats.active]).toEqual([10, active.size]);
    expect(dashboard.cards.students).toEqual({ total: stats.total, active: stats.active });
  });

  it('counts billed, collected, outstanding and students owing alike on the dashboard and the dues list', async () => {
    const s = await smallSchool();
    // Counted again with plain SQL: each active student's class fees, and what that student paid towards each.
    const [rows] = [
      await t.db.all<{ studentId: string; amount: number; paid: number }>(sql`
        select st.id as studentId, fs.amount_minor as amount,
          (select coalesce(sum(c.amount_minor), 0) from fee_collections c
            where c.student_id = st.id and c.structure_id = fs.id) as paid
        from students st, fee_structures fs
        where st.school_id = ${s.schoolId} and st.status = 'active' and fs.class_id = st.class_id`),
    ];
    const owing = rows.filter((r) => r.amount > r.paid);
    const expected = {
      billedMinor: rows.reduce((sum, r) => sum + r.amount, 0),
      collectedMinor: rows.reduce((sum, r) => sum + r.paid, 0),
      outstandingMinor: owing.reduce((sum, r) => sum + r.amount - r.paid, 0),
      unpaidFees: owing.length,
      studentsOwing: new Set(owing.map((r) => r.studentId)).size,
      studentsBilled: new Set(rows.map((r) => r.studentId)).size,
    };
    // 8-A: five × (1000 + 250.50); 9-A: three × 1200. Paid by active students: 1000 + 400 + 1200.
    expect(expected).toEqual({
      billedMinor: 985250,
      collectedMinor: 260000,
      outstandingMinor: 725250,
      unpaidFees: 11,
      studentsOwing: 7,
      studentsBilled: 8,
    });
    expect(expected.collectedMinor + expected.outstandingMinor).toBe(expected.billedMinor);

    const dashboard = (await s.call('/api/dashboard/summary')).body.data;
    expect(dashboard.cards.fees).toMatchObject(expected);
    const dues = (await s.call('/api/fees/due?limit=500')).body;
    expect(dues.summary).toMatchObject(expected);
    expect(dues.total).toBe(expected.unpaidFees);
    // The list itself adds up to its cards.
    const listed = dues.data as { studentId: { _id: string }; balanceMinor: number }[];
    expect(listed.reduce((sum, d) => sum + d.balanceMinor, 0)).toBe(expected.outstandingMinor);
    expect(new Set(listed.map((d) => d.studentId._id)).size).toBe(expected.studentsOwing);
    // Payments by date (the chart) count every payment, the one of the student who left included.
    const november = dashboard.feeCollectionByMonth.at(-1);
    expect(november).toEqual({ month: '2026-11', amount: 3600, payments: 4 });

    // Filters narrow the figures to the rows the list shows.
    const filtered = (await s.call(`/api/fees/due?classId=${s.classA}`)).body.summary;
    expect(filtered).toMatchObject({ billedMinor: 625250, collectedMinor: 140000, studentsOwing: 5, unpaidFees: 9 });
  });

  it('another school’s students, marks and payments change none of the figures', async () => {
    const s = await smallSchool();
    const before = [
      (await s.call('/api/dashboard/summary')).body.data.cards,
      (await s.call('/api/attendance/summary')).body.data,
      (await s.call('/api/fees/due')).body.summary,
    ];
    await smallSchool();
    expect([
      (await s.call('/api/dashboard/summary')).body.data.cards,
      (await s.call('/api/attendance/summary')).body.data,
      (await s.call('/api/fees/due')).body.summary,
    ]).toEqual(before);
  });
});
