import { expect } from 'vitest';
import { addDays } from '../../worker/lib/time';
import { createTestApp, type TestApp, THIS_YEAR } from './app';
import { type Caller, schoolWithAdmin, teacherCaller } from './classroom';
import { addSubject, addTeacher, createClass, createStudent } from './factories';

const first = Number(THIS_YEAR.slice(0, 4));
/** The year the rolled school is in now; `THIS_YEAR` is the one it rolled over from. */
export const NEXT_YEAR = `${first + 1}-${first + 2}`;
/** Today (UTC, the test schools' zone) and the day before: the two days last year's 8-A took a register. */
export const TODAY = new Date().toISOString().slice(0, 10);
export const YESTERDAY = addDays(TODAY, -1);

export interface RolledSchool {
  t: TestApp;
  schoolId: string;
  admin: Caller;
  /** The administrator's token, for calls a `Caller` does not make (a CSV upload). */
  token: string;
  teacher: Caller;
  /** Last year's classes: 8-A (Asha, Bela and Chetan, who left and stays in it) and 9-A (Dev, who graduated). */
  eightA: string;
  nineA: string;
  subjectId: string;
  pupils: { asha: string; bela: string; chetan: string; dev: string };
  leaver: string;
  termId: string;
  /** Last year's tuition fees: 8-A's 1,000.00 and 9-A's 500.00, both due on 1 October. */
  fees: { eightA: string; nineA: string };
  /** Another school, which has no such year. */
  other: Awaited<ReturnType<typeof schoolWithAdmin>>;
}

/**
 * A school of its own rolled over from `THIS_YEAR` into `NEXT_YEAR`. Last year's 8-A had three pupils (Asha and
 * Bela promoted, Chetan leaving, who stays in last year's 8-A) and 9-A one, Dev, who graduates. Last year's 8-A
 * keeps its subject, taught by a teacher, a term with a marked test, and two registers: yesterday Asha present,
 * Bela absent and Chetan late, today all three present. Of last year's tuition (8-A 1,000.00 each, 9-A 500.00)
 * Asha paid all of hers, Bela 400.00 and Dev all of his; Chetan nothing. So last year's fees: collected 1,900.00,
 * still owed 1,600.00 (Bela's 600.00 as arrears, Chetan's 1,000.00 in last year's class), billed 3,500.00.
 */
export async function makeRolledSchool(): Promise<RolledSchool> {
  const t = await createTestApp();
  const school = await schoolWithAdmin(t);
  const { schoolId, admin } = school;
  const rahul = await addTeacher(t, schoolId, { name: 'Rahul Verma' });
  const teacher = await teacherCaller(t, rahul.email);
  const eightA = await createClass(t, schoolId, { name: '8', section: 'A' });
  const nineA = await createClass(t, schoolId, { name: '9', section: 'A' });
  const subjectId = await addSubject(t, schoolId, { name: 'Mathematics', classId: eightA, teacherId: rahul.teacherId });
  const made = [];
  for (const name of ['Asha Rao', 'Bela Nair', 'Chetan Das'])
    made.push(await createStudent(t, schoolId, { classId: eightA, name }));
  const dev = await createStudent(t, schoolId, { classId: nineA, name: 'Dev Shah' });
  const [asha, bela, chetan] = made.map((p) => p.studentId);
  const pupils = { asha, bela, chetan, dev: dev.studentId };
  const ok = (call: { status: number; body: unknown }, status = 200) =>
    expect(call.status, JSON.stringify(call.body)).toBe(status);

  const term = await admin.post('/api/grades/terms', {
    name: 'Term 1',
    startDate: `${first}-09-01`,
    endDate: `${first}-12-31`,
  });
  const termId = term.body.data._id as string;
  const exam = await admin.post('/api/grades/assessments', {
    classId: eightA,
    subjectId,
    termId,
    title: 'Unit test',
    type: 'test',
    date: `${first}-10-01`,
    maxMarks: 50,
  });
  ok(
    await admin.put(`/api/grades/assessments/${exam.body.data._id}/marks`, {
      marks: made.map((p, i) => ({ studentId: p.studentId, status: 'scored', score: 40 + i })),
    }),
  );

  for (const [date, statuses] of [
    [YESTERDAY, { [asha]: 'present', [bela]: 'absent', [chetan]: 'late' }],
    [TODAY, { [asha]: 'present', [bela]: 'present', [chetan]: 'present' }],
  ] as const) {
    ok(
      await admin.post('/api/attendance/bulk', {
        classId: eightA,
        subjectId,
        date,
        records: Object.entries(statuses).map(([studentId, status]) => ({ studentId, status })),
      }),
    );
  }

  const category = await admin.post('/api/fees/categories', { name: 'Tuition Fee' });
  ok(category, 201);
  const fees = { eightA: '', nineA: '' };
  for (const [key, classId, amount] of [
    ['eightA', eightA, 1000],
    ['nineA', nineA, 500],
  ] as const) {
    const made = await admin.post('/api/fees/structures', {
      classId,
      categoryId: category.body.data._id,
      amount,
      dueDate: `${first}-10-01`,
    });
    ok(made, 201);
    fees[key] = made.body.data._id;
  }
  for (const [studentId, structureId, amount] of [
    [asha, fees.eightA, 1000],
    [bela, fees.eightA, 400],
    [pupils.dev, fees.nineA, 500],
  ] as const) {
    ok(
      await admin.post('/api/fees/receipts', {
        studentId,
        method: 'cash',
        items: [{ structureId, instalment: 1, amount }],
      }),
      201,
    );
  }

  ok(
    await admin.post('/api/years/rollover', {
      name: NEXT_YEAR,
      startsOn: `${first + 1}-09-01`,
      endsOn: `${first + 2}-08-31`,
      decisions: [{ studentId: chetan, action: 'leave' }],
    }),
  );
  const other = await schoolWithAdmin(t);
  return {
    t,
    schoolId,
    admin,
    token: school.token,
    teacher,
    eightA,
    nineA,
    subjectId,
    pupils,
    leaver: chetan,
    termId,
    fees,
    other,
  };
}
