import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeHasher } from '../../scripts/lib/node-hasher';
import { seedDemo } from '../../scripts/lib/seed-demo';
import { attendanceMarks, classes, studentAttendance, students, subjects } from '../../worker/db/schema';
import type { TenantContext } from '../../worker/lib/tenancy';
import { rollOrder, selectRecords, studentUser } from '../../worker/modules/attendance/records';
import { type AttendanceRecord, toRecord } from '../../worker/modules/attendance/schemas';
import { createTestApp, roundTrips, signIn, type TestApp } from '../support/app';

/** Wednesday 25 November 2026, 11:30 in Pune (the demo school's zone). */
const NOW = new Date('2026-11-25T06:00:00Z');

let t: TestApp;
let token: string;
let schoolId: string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
  ({ schoolId } = await seedDemo(t.db, { passwordHash: await nodeHasher.hash('demo1234'), now: NOW }));
  token = await signIn(t, 'admin@demo.school', 'demo1234');
}, 30_000);

/** The answer as it was shaped from one joined row per mark (the view `student_attendance`): the reference. */
async function shapedInWorker(classId: string, date: string) {
  const [klass] = await t.db.select().from(classes).where(eq(classes.id, classId));
  const rows = await selectRecords({ db: t.db } as TenantContext)
    .where(
      and(
        eq(studentAttendance.schoolId, schoolId),
        eq(studentAttendance.classId, classId),
        eq(studentAttendance.date, date),
      ),
    )
    .orderBy(...rollOrder(students.rollNumber), asc(studentUser.name), asc(subjects.name));
  const records = rows.map(toRecord);
  const byStudent = new Map<string, { student: AttendanceRecord['studentId']; subjects: object[] }>();
  for (const r of records) {
    const entry = byStudent.get(r.studentId._id) ?? { student: r.studentId, subjects: [] };
    const { _id, subjectId: subject, teacherId: teacher, status, remarks, markedAt } = r;
    entry.subjects.push({ _id, subject, teacher, status, remarks, markedAt });
    byStudent.set(r.studentId._id, entry);
  }
  const cards = [...byStudent.values()].map((entry) => ({
    ...entry,
    presentCount: (entry.subjects as AttendanceRecord[]).filter((s) => s.status === 'present' || s.status === 'late')
      .length,
    totalCount: entry.subjects.length,
  }));
  const data = { class: { _id: klass.id, name: klass.name, section: klass.section }, date, records, students: cards };
  return { success: true, data, total: records.length };
}

const answerText = async (classId: string, date: string) => {
  const res = await t.request(`/api/attendance/class-date?classId=${classId}&date=${date}`, { token });
  expect(res.status).toBe(200);
  return { text: await res.text(), res };
};

describe('GET /api/attendance/class-date shaped from the day’s registers, marks and students', () => {
  it('answers byte for byte what the rows shaped one by one answered, for every class of the demo', async () => {
    const days = await t.db.all<{ date: string }>(
      sql`select distinct date from attendance_registers where school_id = ${schoolId} order by date desc limit 2`,
    );
    const all = await t.db.select({ id: classes.id }).from(classes).where(eq(classes.schoolId, schoolId));
    let marks = 0;
    for (const { date } of days) {
      for (const { id } of all) {
        const expected = await shapedInWorker(id, date);
        marks += expected.total;
        const { text, res } = await answerText(id, date);
        expect(text).toBe(JSON.stringify(expected));
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        // The session's check and the view's one batch, as before.
        expect(roundTrips(res)).toBe(2);
      }
    }
    expect(marks).toBeGreaterThan(500);
  });

  it('keeps nulls, empty lists and hostile text as the shaped rows did', async () => {
    const [{ date }] = await t.db.all<{ date: string }>(
      sql`select date from attendance_registers where school_id = ${schoolId} order by date desc limit 1`,
    );
    const [{ classId, number }] = await t.db.all<{ classId: string; number: number }>(
      sql`select r.class_id as classId, m.student_number as number from attendance_registers r
        join attendance_marks m on m.register_id = r.id where r.school_id = ${schoolId} and r.date = ${date} limit 1`,
    );
    // A mark with remarks to escape, a teacher gone from the subject's register and a student with no roll number.
    const remark = 'Said "hi" \\ left\tearly\n<b>ünïcødé</b> 😀 \u0001';
    await t.db.update(attendanceMarks).set({ remarks: remark }).where(eq(attendanceMarks.studentNumber, number));
    await t.db.run(sql`update attendance_registers set teacher_id = null where class_id = ${classId} and date = ${date}
      and id = (select min(id) from attendance_registers where class_id = ${classId} and date = ${date})`);
    await t.db
      .update(students)
      .set({ rollNumber: '' })
      .where(and(eq(students.schoolId, schoolId), eq(students.number, number)));
    const expected = await shapedInWorker(classId, date);
    const { text } = await answerText(classId, date);
    expect(JSON.parse(text)).toEqual(expected);
    expect(text).toBe(JSON.stringify(expected));
    expect(text.length).toBeGreaterThan(0);
    expect(JSON.parse(text).data.records.some((r: { teacherId: unknown }) => r.teacherId === null)).toBe(true);
    expect(JSON.parse(text).data.records.some((r: { remarks: unknown }) => r.remarks === remark)).toBe(true);
    const empty = await answerText(classId, '2026-11-01');
    expect(empty.text).toBe(JSON.stringify(await shapedInWorker(classId, '2026-11-01')));
  });
});
