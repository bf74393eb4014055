import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, THIS_YEAR } from '../support/app';
import { type Caller, expectError, schoolWithAdmin, teacherCaller } from '../support/classroom';
import { addSubject, addTeacher, createClass, createStudent } from '../support/factories';

const first = Number(THIS_YEAR.slice(0, 4));
const NEXT = `${first + 1}-${first + 2}`;
const TODAY = new Date().toISOString().slice(0, 10);

let t: TestApp;
let admin: Caller;
let teacher: Caller;
let schoolId: string;
let eightA: string;
let nineA: string;
let subjectId: string;
let leaver: string;
let termId: string;
let other: Awaited<ReturnType<typeof schoolWithAdmin>>;

/**
 * A school of its own rolled into next year: 8-A with three pupils (two promoted, one leaving, who stays in last
 * year's 8-A) and 9-A with one, who graduates. Last year's 8-A keeps its subject, taught by a teacher.
 */
beforeAll(async () => {
  t = await createTestApp();
  const school = await schoolWithAdmin(t);
  ({ schoolId, admin } = school);
  const rahul = await addTeacher(t, schoolId, { name: 'Rahul Verma' });
  teacher = await teacherCaller(t, rahul.email);
  eightA = await createClass(t, schoolId, { name: '8', section: 'A' });
  nineA = await createClass(t, schoolId, { name: '9', section: 'A' });
  subjectId = await addSubject(t, schoolId, { name: 'Mathematics', classId: eightA, teacherId: rahul.teacherId });
  const pupils = [];
  for (const name of ['Asha Rao', 'Bela Nair', 'Chetan Das'])
    pupils.push(await createStudent(t, schoolId, { classId: eightA, name }));
  await createStudent(t, schoolId, { classId: nineA, name: 'Dev Shah' });
  leaver = pupils[2].studentId;
  const term = await admin.post('/api/grades/terms', {
    name: 'Term 1',
    startDate: `${first}-09-01`,
    endDate: `${first}-12-31`,
  });
  termId = term.body.data._id;
  const exam = await admin.post('/api/grades/assessments', {
    classId: eightA,
    subjectId,
    termId,
    title: 'Unit test',
    type: 'test',
    date: `${first}-10-01`,
    maxMarks: 50,
  });
  const marks = await admin.put(`/api/grades/assessments/${exam.body.data._id}/marks`, {
    marks: pupils.map((p, i) => ({ studentId: p.studentId, status: 'scored', score: 40 + i })),
  });
  expect(marks.status).toBe(200);
  const rolled = await admin.post('/api/years/rollover', {
    name: NEXT,
    startsOn: `${first + 1}-09-01`,
    endsOn: `${first + 2}-08-31`,
    decisions: [{ studentId: leaver, action: 'leave' }],
  });
  expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
  other = await schoolWithAdmin(t);
}, 60_000);

describe('lists and figures follow the chosen year', () => {
  it('lists the classes of each year', async () => {
    const now = await admin.get('/api/classes');
    const then = await admin.get(`/api/classes?academicYear=${THIS_YEAR}`);
    expect(now.body.data.map((c: any) => c.academicYear)).toEqual([NEXT, NEXT]);
    expect(then.body.data.map((c: any) => c._id).sort()).toEqual([eightA, nineA].sort());
  });

  it("lists a past year's students through its enrolments, with the class and roll number they had", async () => {
    const then = await admin.get(`/api/students?academicYear=${THIS_YEAR}&limit=100`);
    expect(then.status).toBe(200);
    expect(then.body.total).toBe(4);
    const names = then.body.data.map((s: any) => s.name);
    expect(names).toEqual(['Asha Rao', 'Bela Nair', 'Chetan Das', 'Dev Shah']);
    expect(then.body.data.filter((s: any) => s.classId === eightA)).toHaveLength(3);
    const oneClass = await admin.get(`/api/students?academicYear=${THIS_YEAR}&classId=${nineA}&view=cards`);
    expect(oneClass.body.data.map((s: any) => s.name)).toEqual(['Dev Shah']);
    // This year: the school's students as before (the promoted two are in next year's 9-A).
    const now = await admin.get('/api/students?limit=100');
    expect(now.body.data.filter((s: any) => s.classId === eightA).map((s: any) => s._id)).toEqual([leaver]);
    const trips = [then.trips, (await admin.get(`/api/students?academicYear=${THIS_YEAR}&limit=1`)).trips];
    expect(trips[0]).toBe(trips[1]);
  });

  it('counts the students overview of each year by its own classes', async () => {
    const then = await admin.get(`/api/students/stats?academicYear=${THIS_YEAR}`);
    expect(then.body.data.total).toBe(4);
    expect(then.body.data.classCount).toBe(2);
    expect(then.body.data.perClass.map((c: any) => c.students)).toEqual([3, 1]);
    const now = await admin.get('/api/students/stats');
    expect(now.body.data.classCount).toBe(2);
    expect(now.body.data.perClass.map((c: any) => c.classId._id)).not.toContain(eightA);
    expect(now.body.data.perClass.map((c: any) => c.students)).toEqual([0, 2]);
  });

  it("gives the dashboard's figures of the year", async () => {
    const then = await admin.get(`/api/dashboard/summary?academicYear=${THIS_YEAR}`);
    expect(then.body.data.academicYear).toBe(THIS_YEAR);
    expect(then.body.data.cards.students.total).toBe(4);
    expect(then.body.data.cards.classes.total).toBe(2);
    expect(then.body.data.studentsPerClass.map((c: any) => c.students)).toEqual([3, 1]);
    const now = await admin.get('/api/dashboard/summary');
    expect(now.body.data.academicYear).toBe(NEXT);
    expect(now.body.data.studentsPerClass.map((c: any) => c.students)).toEqual([0, 2]);
    expect(then.trips).toBe(now.trips);
  });

  it("answers another school's year as empty, and refuses a malformed year", async () => {
    const theirs = await other.admin.get(`/api/students?academicYear=${THIS_YEAR}`);
    expect(theirs.body.data).toEqual([]);
    const stats = await other.admin.get(`/api/students/stats?academicYear=${THIS_YEAR}`);
    expect(stats.body.data.total).toBe(0);
    expect((await other.admin.get(`/api/students?academicYear=${THIS_YEAR}&classId=${eightA}`)).body.data).toEqual([]);
    expect((await admin.get('/api/students?academicYear=last')).status).toBe(400);
    expect((await admin.get('/api/dashboard/summary?academicYear=2025')).status).toBe(400);
  });
});

describe("a past year's results", () => {
  it("lists last year's class with the pupils it had then, who have since moved on", async () => {
    const res = await admin.get(`/api/grades/results?classId=${eightA}&termId=${termId}`);
    expect(res.status).toBe(200);
    const names = res.body.data.students.map((s: any) => s.name ?? s.student?.name);
    expect(names).toEqual(['Asha Rao', 'Bela Nair', 'Chetan Das']);
  });
});

describe('a past year is read-only but for the office', () => {
  const register = () => ({
    classId: eightA,
    subjectId,
    date: TODAY,
    records: [{ studentId: leaver, status: 'present' }],
  });
  const corrections = () =>
    t.db.all<{ summary: string }>(
      sql`select summary from activity_logs where school_id = ${schoolId} and summary like 'Correction to %' order by created_at`,
    );

  it("refuses a teacher's register of a past year's class, and writes nothing", async () => {
    const res = await teacher.post('/api/attendance/bulk', register());
    expectError(res, 409, `${THIS_YEAR} is a past year: only the office can correct it.`, 'PAST_YEAR');
    const [{ n }] = await t.db.all<{ n: number }>(
      sql`select count(*) as n from attendance_registers where school_id = ${schoolId} and class_id = ${eightA}`,
    );
    expect(n).toBe(0);
  });

  it("takes the office's correction and logs it naming the year", async () => {
    const res = await admin.post('/api/attendance/bulk', register());
    expect(res.status).toBe(200);
    const logged = await corrections();
    expect(logged.at(-1)?.summary).toMatch(new RegExp(`^Correction to ${THIS_YEAR}: Marked Mathematics attendance`));
    // A teacher cannot correct that mark afterwards either.
    const mark = res.body.data.records[0]._id;
    const put = await teacher.put(`/api/attendance/${mark}`, { status: 'late' });
    expectError(put, 409, `${THIS_YEAR} is a past year: only the office can correct it.`, 'PAST_YEAR');
    expect((await admin.put(`/api/attendance/${mark}`, { status: 'late' })).status).toBe(200);
    expect((await corrections()).length).toBe(logged.length + 1);
  });

  it('logs no correction for a write to this year', async () => {
    const before = (await corrections()).length;
    const [next] = (await admin.get('/api/classes')).body.data;
    expect((await admin.put(`/api/classes/${next._id}`, { room: '204' })).status).toBe(200);
    expect((await admin.put(`/api/classes/${eightA}`, { room: '101' })).status).toBe(200);
    const after = await corrections();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)?.summary).toBe(`Correction to ${THIS_YEAR}: updated class 8-A`);
  });
});

describe("a teacher's own record", () => {
  it("names this year's subjects only, so last year's class is not offered on their screens", async () => {
    const [me] = (await admin.get('/api/teachers?limit=10')).body.data;
    const record = await admin.get(`/api/teachers/${me._id}`);
    expect(record.status).toBe(200);
    expect(record.body.data.assignedSubjects.map((s: any) => s.name)).toEqual(['Mathematics']);
    expect(record.body.data.assignedSubjects.map((s: any) => s._id)).not.toContain(subjectId);
    expect(record.body.data.assignedSubjects.map((s: any) => s.classId?._id ?? s.classId)).not.toContain(eightA);
  });
});
