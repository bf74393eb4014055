import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, THIS_YEAR } from '../support/app';
import { type Caller, expectError } from '../support/classroom';
import { makeRolledSchool, NEXT_YEAR as NEXT, type RolledSchool, TODAY } from '../support/rolled-school';

let t: TestApp;
let admin: Caller;
let teacher: Caller;
let schoolId: string;
let eightA: string;
let nineA: string;
let subjectId: string;
let leaver: string;
let termId: string;
let other: RolledSchool['other'];

/** A school rolled into next year (`makeRolledSchool`): last year's 8-A and 9-A, a leaver, a graduate. */
beforeAll(async () => {
  ({ t, admin, teacher, schoolId, eightA, nineA, subjectId, leaver, termId, other } = await makeRolledSchool());
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
    records: [{ studentId: leaver, status: 'absent' }],
  });
  const corrections = () =>
    t.db.all<{ summary: string }>(
      sql`select summary from activity_logs where school_id = ${schoolId} and summary like 'Correction to %' order by created_at`,
    );

  it("refuses a teacher's register of a past year's class, and writes nothing", async () => {
    const registers = () =>
      t.db.all<{ date: string; marks: number; absent: number }>(
        sql`select r.date, count(m.status) as marks, sum(m.status = 0) as absent from attendance_registers r
          left join attendance_marks m on m.register_id = r.id
          where r.school_id = ${schoolId} and r.class_id = ${eightA} group by r.id order by r.date`,
      );
    const before = await registers();
    const res = await teacher.post('/api/attendance/bulk', register());
    expectError(res, 409, `${THIS_YEAR} is a past year: only the office can correct it.`, 'PAST_YEAR');
    // Last year's two registers as they were: today's all present still.
    expect(await registers()).toEqual(before);
    expect(before.at(-1)).toEqual({ date: TODAY, marks: 3, absent: 0 });
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
