import * as XLSX from '@e965/xlsx';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, attendanceDayTotals, importantDates, students } from '../../worker/db/schema';
import { createTestApp, roundTrips, type TestApp } from '../support/app';
import { caller, classroom, teacherCaller } from '../support/classroom';
import {
  addClassRoll,
  addEmployee,
  addStudentAttendance,
  addSubject,
  addTeacher,
  createClass,
} from '../support/factories';
import { pdfText } from '../support/pdf';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-11-27T06:00:00Z');
});

const MONTH = '2026-11';
const path = (classId: string, extra = '') =>
  `/api/reports/attendance/students?classId=${classId}&month=${MONTH}${extra}`;

/** Class 8-A with two subjects and four pupils; Monday 2 November marked in both periods, Tuesday in one. */
async function markedClass() {
  const w = await classroom(t);
  const science = await addSubject(t, w.schoolId, {
    name: 'Science',
    code: 'SCI8',
    classId: w.classId,
    teacherId: w.teacher.teacherId,
  });
  const roll = await addClassRoll(t, w.schoolId, w.classId, 4);
  const mark = (i: number, subjectId: string, date: string, status: 'present' | 'absent' | 'late' | 'excused') => ({
    studentId: roll[i].studentId,
    classId: w.classId,
    subjectId,
    date,
    status,
  });
  await addStudentAttendance(t, w.schoolId, [
    // Monday: present + absent → P; absent twice → A; late + present → L; excused + absent → E.
    mark(0, w.subjectId, '2026-11-02', 'present'),
    mark(0, science, '2026-11-02', 'absent'),
    mark(1, w.subjectId, '2026-11-02', 'absent'),
    mark(1, science, '2026-11-02', 'absent'),
    mark(2, w.subjectId, '2026-11-02', 'late'),
    mark(2, science, '2026-11-02', 'present'),
    mark(3, w.subjectId, '2026-11-02', 'excused'),
    mark(3, science, '2026-11-02', 'absent'),
    ...[0, 1, 2, 3].map((i) => mark(i, w.subjectId, '2026-11-03', 'present')),
  ]);
  await t.db.insert(importantDates).values({
    id: crypto.randomUUID(),
    schoolId: w.schoolId,
    title: 'Guru Nanak Jayanti',
    date: '2026-11-04',
    type: 'holiday',
  });
  return { ...w, roll, science };
}

const activityOf = (schoolId: string) =>
  t.db
    .select({ action: activityLogs.action, summary: activityLogs.summary })
    .from(activityLogs)
    .where(and(eq(activityLogs.schoolId, schoolId), eq(activityLogs.entity, 'attendance_report')));

describe('GET /api/reports/attendance/students', () => {
  it('lays out the month: a day per column, each period folded as the day figures count, totals and percentages', async () => {
    const w = await markedClass();
    const res = await w.admin.get(path(w.classId));
    expect(res.status).toBe(200);
    const { table, days } = res.body.data;
    expect(table.title).toBe('Students monthly attendance — Class 8-A — November 2026');
    expect(days).toHaveLength(30);
    const labels = table.columns.map((c: { label: string }) => c.label);
    expect(labels.slice(0, 3)).toEqual(['Roll', 'Name', '1']);
    expect(labels.slice(-5)).toEqual(['Present', 'Absent', 'Late', 'Excused', '%']);
    const col = (date: string) => labels.indexOf(String(Number(date.slice(8))));
    const rows = table.rows as (string | number | null)[][];
    expect(rows.map((r) => r[col('2026-11-02')])).toEqual(['P', 'A', 'L', 'E']);
    expect(rows.map((r) => r[col('2026-11-03')])).toEqual(['P', 'P', 'P', 'P']);
    // A holiday, a weekend, a school day not marked.
    expect(rows[0][col('2026-11-04')]).toBe('H');
    expect(days[3]).toMatchObject({ date: '2026-11-04', kind: 'holiday', note: 'Guru Nanak Jayanti' });
    expect(rows[0][col('2026-11-07')]).toBe('–');
    expect(rows[0][col('2026-11-01')]).toBe('–');
    expect(rows[0][col('2026-11-05')]).toBe('');
    expect(rows.map((r) => r.slice(-5))).toEqual([
      [2, 0, 0, 0, 100],
      [1, 1, 0, 0, 50],
      [2, 0, 1, 0, 100],
      [1, 0, 0, 1, 100],
    ]);
    expect(rows.map((r) => r.slice(0, 2))).toEqual(w.roll.map((p) => [p.rollNumber, p.name]));
    const totals = table.totals as (string | number | null)[];
    expect(totals[1]).toBe('Present each day');
    expect(totals[col('2026-11-02')]).toBe(2);
    expect(totals[col('2026-11-03')]).toBe(4);
    expect(totals.slice(-5)).toEqual([6, 1, 1, 1, 85.7]);
    // The per-day row says what the school's day figures say.
    const kept = await t.db
      .select({ date: attendanceDayTotals.date, present: attendanceDayTotals.present })
      .from(attendanceDayTotals)
      .where(and(eq(attendanceDayTotals.schoolId, w.schoolId), eq(attendanceDayTotals.classId, w.classId)));
    for (const day of kept) expect(totals[col(day.date)]).toBe(day.present);
  });

  it('lists after the class the pupils its registers marked who have left it or moved since', async () => {
    const w = await markedClass();
    const elsewhere = await createClass(t, w.schoolId, { name: '9', section: 'C' });
    await t.db.update(students).set({ classId: null }).where(eq(students.id, w.roll[1].studentId));
    await t.db.update(students).set({ classId: elsewhere }).where(eq(students.id, w.roll[2].studentId));
    const { table } = (await w.admin.get(path(w.classId))).body.data;
    expect(table.rows.map((r: unknown[]) => r[1])).toEqual(['Pupil 1', 'Pupil 4', 'Pupil 2', 'Pupil 3']);
  });

  it('takes the same round trips for a class of 4 and of 14, and for a month of 28 and of 31 days', async () => {
    const w = await markedClass();
    const big = await createClass(t, w.schoolId, { name: '9', section: 'B' });
    const subject = await addSubject(t, w.schoolId, {
      name: 'History',
      code: 'HIS9',
      classId: big,
      teacherId: w.teacher.teacherId,
    });
    const roll = await addClassRoll(t, w.schoolId, big, 14, { prefix: 'Big' });
    await addStudentAttendance(
      t,
      w.schoolId,
      ['2026-02-02', '2026-03-31', '2026-11-02'].flatMap((date) =>
        roll.map((p) => ({
          studentId: p.studentId,
          classId: big,
          subjectId: subject,
          date,
          status: 'present' as const,
        })),
      ),
    );
    const trips = async (classId: string, month: string) => {
      const res = await t.request(`/api/reports/attendance/students?classId=${classId}&month=${month}`, {
        token: w.token,
      });
      expect(res.status).toBe(200);
      return roundTrips(res);
    };
    const small = await trips(w.classId, MONTH);
    expect(await trips(big, MONTH)).toBe(small);
    expect(await trips(big, '2026-02')).toBe(small);
    expect(await trips(big, '2026-03')).toBe(small);
    expect(small).toBeLessThanOrEqual(2);
  });

  it('answers 404 for another school’s class, 403 to a teacher of other classes, and lets the class’s teacher read it', async () => {
    const w = await markedClass();
    const other = await classroom(t);
    expect((await w.admin.get(path(other.classId))).status).toBe(404);
    const stranger = await addTeacher(t, w.schoolId, { name: 'Other Teacher' });
    const strangerCall = await teacherCaller(t, stranger.email);
    expect((await strangerCall.get(path(w.classId))).status).toBe(403);
    const own = await teacherCaller(t, w.teacher.email);
    expect((await own.get(path(w.classId))).status).toBe(200);
    expect((await w.admin.get(`/api/reports/attendance/students?classId=${w.classId}&month=2026-13`)).status).toBe(400);
    // Refused reads leave no line; the teacher's read and nothing else.
    const lines = await activityOf(w.schoolId);
    expect(lines).toEqual([
      { action: 'read', summary: 'Students monthly attendance report (json), class 8-A, 2026-11: 4 student(s)' },
    ]);
  });

  it('downloads CSV, Excel and PDF, each logged as an export of what it covered', async () => {
    const w = await markedClass();
    const csv = await t.request(path(w.classId, '&format=csv'), { token: w.token });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="attendance-8-A-2026-11.csv"');
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 4 + 1);
    expect(lines[1]).toContain('"Pupil 1"');

    const xlsx = await t.request(path(w.classId, '&format=xlsx'), { token: w.token });
    expect(xlsx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = XLSX.read(new Uint8Array(await xlsx.arrayBuffer()), { type: 'array' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, blankrows: false });
    expect(rows[2][1]).toBe('Name');
    expect(rows[3][1]).toBe('Pupil 1');

    const pdf = await t.request(path(w.classId, '&format=pdf'), { token: w.token });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Students monthly attendance — Class 8-A — November 2026');
    expect(text).toContain('Pupil 4');

    const logged = (await activityOf(w.schoolId)).map((l) => `${l.action} ${l.summary}`).sort();
    expect(logged).toEqual(
      ['csv', 'pdf', 'xlsx'].map(
        (f) => `export Students monthly attendance report (${f}), class 8-A, 2026-11: 4 student(s)`,
      ),
    );
  });

  it('writes its texts in the caller’s language', async () => {
    const w = await markedClass();
    const res = await t.request(path(w.classId), { token: w.token, headers: { 'accept-language': 'hi' } });
    const { table } = ((await res.json()) as { data: { table: { title: string; columns: { label: string }[] } } }).data;
    expect(table.title).toBe('विद्यार्थियों की मासिक उपस्थिति — कक्षा 8-A — नवंबर 2026');
    expect(table.columns[1].label).toBe('नाम');
  });
});

describe('GET /api/reports/attendance/staff', () => {
  it('lays out teachers and other staff by day with present, absent, late and half days', async () => {
    const w = await classroom(t);
    const employee = await addEmployee(t, w.schoolId, {
      name: 'Asha Gate',
      department: 'Maintenance',
      position: 'Guard',
    });
    const admin = caller(t, w.token);
    expect(
      (
        await admin.post('/api/teacher-attendance', {
          teacherId: w.teacher.teacherId,
          date: '2026-11-02',
          status: 'late',
        })
      ).status,
    ).toBe(200);
    await admin.post('/api/teacher-attendance', {
      teacherId: w.teacher.teacherId,
      date: '2026-11-03',
      status: 'half-day',
    });
    const marked = await admin.post('/api/employees/attendance', {
      date: '2026-11-02',
      records: [{ employeeId: employee, status: 'absent' }],
    });
    expect(marked.status).toBe(200);
    const res = await admin.get(`/api/reports/attendance/staff?month=${MONTH}`);
    expect(res.status).toBe(200);
    const { table } = res.body.data;
    const labels = table.columns.map((c: { label: string }) => c.label);
    const rows = table.rows as (string | number | null)[][];
    expect(rows.map((r) => r.slice(0, 2))).toEqual([
      ['Rahul Verma', 'Teacher'],
      ['Asha Gate', 'Guard, Maintenance'],
    ]);
    expect(rows[0][labels.indexOf('2')]).toBe('L');
    expect(rows[0][labels.indexOf('3')]).toBe('HD');
    expect(rows[1][labels.indexOf('2')]).toBe('A');
    expect(rows[0].slice(-5)).toEqual([1, 0, 1, 1, 75]);
    expect(rows[1].slice(-5)).toEqual([0, 1, 0, 0, 0]);
    expect(table.totals[labels.indexOf('2')]).toBe(1);
    const pdf = await t.request(`/api/reports/attendance/staff?month=${MONTH}&format=pdf`, { token: w.token });
    expect(pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain('Asha Gate');
    const lines = await activityOf(w.schoolId);
    expect(lines.map((l) => l.summary).sort()).toEqual([
      'Staff monthly attendance report (json), 2026-11: 2 staff',
      'Staff monthly attendance report (pdf), 2026-11: 2 staff',
    ]);
  });
});

describe('GET /api/reports/attendance/school.csv', () => {
  it('streams every class of the school, its rows and its day totals', async () => {
    const w = await markedClass();
    const second = await createClass(t, w.schoolId, { name: '9', section: 'A' });
    await addClassRoll(t, w.schoolId, second, 3, { prefix: 'Nine' });
    const res = await t.request(`/api/reports/attendance/school.csv?month=${MONTH}`, { token: w.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="school-attendance-2026-11.csv"');
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^"Class","Roll","Name","1",/);
    expect(lines.filter((l) => l.startsWith('"8-A"'))).toHaveLength(5);
    expect(lines.filter((l) => l.startsWith('"9-A"'))).toHaveLength(4);
    const [line] = await t.db.all<{ summary: string }>(
      sql`select summary from activity_logs where school_id = ${w.schoolId} and entity = 'attendance_report'`,
    );
    expect(line.summary).toBe('School monthly attendance CSV, 2026-11: 2 class(es)');
  });
});
