/**
 * Term results: weighted percentages per subject (absent 0, exempt left out), grades on the school's scale, the
 * credit-weighted GPA, the class's spread, ranks only where the school turns them on; and beside attendance in the
 * class's performance report. Every expectation is worked out by hand in the comments.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../worker/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { type Caller, classroom, expectError, teacherCaller } from '../support/classroom';
import { addClassRoll, addSubject, addTeacher } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2025-09-20T05:00:00.000Z');
});

type Mark = { status: 'scored' | 'absent' | 'exempt'; score?: number } | null;

async function assess(
  admin: Caller,
  values: { classId: string; subjectId: string; termId: string; maxMarks: number; weight?: number; date?: string },
  roll: { studentId: string }[],
  marks: Mark[],
) {
  const made = await admin.post('/api/grades/assessments', {
    title: `Assessment ${values.maxMarks}`,
    type: 'test',
    date: values.date ?? '2025-09-10',
    ...values,
  });
  expect(made.status).toBe(201);
  const list = roll.flatMap((s, i) => (marks[i] ? [{ studentId: s.studentId, ...marks[i] }] : []));
  if (list.length)
    expect((await admin.put(`/api/grades/assessments/${made.body.data._id}/marks`, { marks: list })).status).toBe(200);
  return made.body.data._id as string;
}

/**
 * 8-A: Mathematics (1 credit) and English (3 credits), three pupils, Term 1 and Term 2.
 * Mathematics, Term 1: a test out of 50 (weight 1), one out of 20 (weight 2), a quiz out of 10 (weight 1).
 *   Pupil 1: 45, absent, exempt  → (0.9·1 + 0·2) / (1 + 2)        = 30.0 %  → E  (0)
 *   Pupil 2: 40, 18, 9           → (0.8 + 0.9·2 + 0.9) / 4        = 87.5 %  → A2 (9)
 *   Pupil 3: 50, 16, 10          → (1 + 0.8·2 + 1) / 4            = 90.0 %  → A2 (9), the band's top edge
 * English, Term 1: an exam out of 300.
 *   Pupil 1: 272.88 → 90.96 %, shown 91.0 → A1 (10): the band is read on the percentage shown
 *   Pupil 2: 271.50 → 90.5 %  → A2 (9)
 *   Pupil 3: exempt → no result
 * Overall (credit-weighted): Pupil 1 (30·1 + 91·3) / 4 = 75.75 → 75.8 B1, GPA (0 + 30) / 4 = 7.5;
 *   Pupil 2 (87.5 + 90.5·3) / 4 = 89.75 → 89.8 A2, GPA 9; Pupil 3 90.0 A2, GPA 9 (English left out).
 * Mathematics, Term 2: Pupil 1 scores 0 of 10, which Term 1 never sees.
 */
async function results() {
  const w = await classroom(t);
  const english = await addSubject(t, w.schoolId, {
    name: 'English',
    code: 'ENG8',
    credits: 3,
    classId: w.classId,
    teacherId: null,
  });
  const roll = await addClassRoll(t, w.schoolId, w.classId, 3);
  const term = async (name: string, startDate: string, endDate: string) => {
    const made = await w.admin.post('/api/grades/terms', { name, startDate, endDate });
    expect(made.status).toBe(201);
    return made.body.data._id as string;
  };
  const termId = await term('Term 1', '2025-04-01', '2025-09-30');
  const term2 = await term('Term 2', '2025-10-01', '2026-03-31');
  const math = { classId: w.classId, subjectId: w.subjectId, termId };
  await assess(w.admin, { ...math, maxMarks: 50 }, roll, [
    { status: 'scored', score: 45 },
    { status: 'scored', score: 40 },
    { status: 'scored', score: 50 },
  ]);
  await assess(w.admin, { ...math, maxMarks: 20, weight: 2 }, roll, [
    { status: 'absent' },
    { status: 'scored', score: 18 },
    { status: 'scored', score: 16 },
  ]);
  await assess(w.admin, { ...math, maxMarks: 10 }, roll, [
    { status: 'exempt' },
    { status: 'scored', score: 9 },
    { status: 'scored', score: 10 },
  ]);
  await assess(w.admin, { classId: w.classId, subjectId: english, termId, maxMarks: 300 }, roll, [
    { status: 'scored', score: 272.88 },
    { status: 'scored', score: 271.5 },
    { status: 'exempt' },
  ]);
  await assess(w.admin, { ...math, termId: term2, maxMarks: 10, date: '2025-10-10' }, roll, [
    { status: 'scored', score: 0 },
  ]);
  const read = (who: Caller = w.admin, id = termId) => who.get(`/api/grades/results?classId=${w.classId}&termId=${id}`);
  return { ...w, english, roll, termId, term2, read };
}

describe('a class’s term results', () => {
  it('weigh each assessment, count absent as 0, leave exempt out and grade on the percentage shown', async () => {
    const w = await results();
    const res = await w.read();
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.class).toEqual({ _id: w.classId, name: '8', section: 'A' });
    expect(data.term).toMatchObject({ _id: w.termId, name: 'Term 1' });
    expect(data.ranked).toBe(false);
    expect(data.subjects.map((s: any) => [s.name, s.credits, s.assessments])).toEqual([
      ['English', 3, 1],
      ['Mathematics', 1, 3],
    ]);
    const table = data.students.map((s: any) => [
      s.student.name,
      ...s.subjects.map((r: any) => [r.percent, r.grade, r.points]),
      s.percent,
      s.grade,
      s.gpa,
      s.rank,
    ]);
    expect(table).toEqual([
      ['Pupil 1', [91, 'A1', 10], [30, 'E', 0], 75.8, 'B1', 7.5, null],
      ['Pupil 2', [90.5, 'A2', 9], [87.5, 'A2', 9], 89.8, 'A2', 9, null],
      ['Pupil 3', [null, null, null], [90, 'A2', 9], 90, 'A2', 9, null],
    ]);
    expect(data.students[0].subjects[1]).toMatchObject({ scored: 1, absent: 1, exempt: 1 });
  });

  it('give each subject’s mean, lowest, highest and standard deviation over the students with a result', async () => {
    const w = await results();
    const data = (await w.read()).body.data;
    // English: 91 and 90.5 → mean 90.75 → 90.8, deviation 0.25 → 0.3. Mathematics: 30, 87.5, 90 → 69.2, 27.7.
    expect(data.subjects.map((s: any) => s.statistics)).toEqual([
      { students: 2, mean: 90.8, min: 90.5, max: 91, standardDeviation: 0.3 },
      { students: 3, mean: 69.2, min: 30, max: 90, standardDeviation: 27.7 },
    ]);
    // Mean of 75.8, 89.8, 90 = 85.2; of GPAs 7.5, 9, 9 = 8.5.
    expect(data.summary).toEqual({ students: 3, withResults: 3, meanPercent: 85.2, meanGpa: 8.5 });
    const term2 = (await w.read(w.admin, w.term2)).body.data;
    expect(term2.students.map((s: any) => [s.student.name, s.percent])).toEqual([
      ['Pupil 1', 0],
      ['Pupil 2', null],
      ['Pupil 3', null],
    ]);
  });

  it('rank students only when the school turns ranking on, equal percentages sharing a place', async () => {
    const w = await results();
    expect((await w.admin.get('/api/settings/school-info')).body.data.rankStudents).toBe(false);
    const on = await w.admin.put('/api/settings/school-info', { rankStudents: true });
    expect(on.status).toBe(200);
    expect(on.body.data.rankStudents).toBe(true);
    const data = (await w.read()).body.data;
    expect(data.ranked).toBe(true);
    expect(data.students.map((s: any) => [s.student.name, s.rank])).toEqual([
      ['Pupil 1', 3],
      ['Pupil 2', 2],
      ['Pupil 3', 1],
    ]);
    // The setting is a true or false, nothing else.
    expect((await w.admin.put('/api/settings/school-info', { rankStudents: 'yes' })).body.details?.[0]?.path).toBe(
      'rankStudents',
    );
    await w.admin.put('/api/settings/school-info', { rankStudents: false });
    expect((await w.read()).body.data.students.every((s: any) => s.rank === null)).toBe(true);
  });

  it('share a place between equal percentages and leave a student without marks unranked', async () => {
    const w = await classroom(t);
    const roll = await addClassRoll(t, w.schoolId, w.classId, 4);
    const termId = (
      await w.admin.post('/api/grades/terms', { name: 'T', startDate: '2025-04-01', endDate: '2025-09-30' })
    ).body.data._id;
    await assess(w.admin, { classId: w.classId, subjectId: w.subjectId, termId, maxMarks: 10 }, roll, [
      { status: 'scored', score: 7 },
      { status: 'scored', score: 9 },
      { status: 'scored', score: 7 },
      null,
    ]);
    await w.admin.put('/api/settings/school-info', { rankStudents: true });
    const data = (await w.admin.get(`/api/grades/results?classId=${w.classId}&termId=${termId}`)).body.data;
    expect(data.students.map((s: any) => [s.student.name, s.percent, s.rank])).toEqual([
      ['Pupil 1', 70, 2],
      ['Pupil 2', 90, 1],
      ['Pupil 3', 70, 2],
      ['Pupil 4', null, null],
    ]);
    expect(data.summary).toMatchObject({ students: 4, withResults: 3 });
  });

  it('are read by the class’s teachers and the office, logged, and another school’s class or term is not found', async () => {
    const w = await results();
    const teacher = await teacherCaller(t, w.teacher.email);
    expect((await w.read(teacher)).status).toBe(200);
    const stranger = await addTeacher(t, w.schoolId, { name: 'Meera Iyer' });
    expectError(
      await w.read(await teacherCaller(t, stranger.email)),
      403,
      'Access denied. You can only view classes you teach.',
    );
    const [logged] = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.schoolId, w.schoolId),
          eq(activityLogs.action, 'read'),
          eq(activityLogs.entityId, w.classId),
        ),
      );
    expect(logged.summary).toBe('Viewed the Term 1 results of class 8-A: 3 student(s)');

    const other = await results();
    expectError(
      await w.admin.get(`/api/grades/results?classId=${other.classId}&termId=${w.termId}`),
      404,
      'Class not found',
    );
    expectError(
      await w.admin.get(`/api/grades/results?classId=${w.classId}&termId=${other.termId}`),
      404,
      'Term not found',
    );
    const bad = await w.admin.get(`/api/grades/results?classId=${w.classId}`);
    expect(bad.status).toBe(400);
  });

  it('take a fixed number of round trips whatever the size of the class', async () => {
    const trips = async (size: number) => {
      const w = await classroom(t);
      const roll = await addClassRoll(t, w.schoolId, w.classId, size);
      const termId = (
        await w.admin.post('/api/grades/terms', { name: 'T', startDate: '2025-04-01', endDate: '2025-09-30' })
      ).body.data._id;
      const scores = roll.map((_, i) => ({ status: 'scored' as const, score: i % 10 }));
      await assess(w.admin, { classId: w.classId, subjectId: w.subjectId, termId, maxMarks: 10 }, roll, scores);
      await assess(w.admin, { classId: w.classId, subjectId: w.subjectId, termId, maxMarks: 20 }, roll, scores);
      const res = await w.admin.get(`/api/grades/results?classId=${w.classId}&termId=${termId}`);
      expect(res.status).toBe(200);
      expect(res.body.data.students).toHaveLength(size);
      return res.trips;
    };
    const small = await trips(2);
    expect(await trips(40)).toBe(small);
    expect(small).toBeLessThanOrEqual(3);
  });
});

describe('the performance report', () => {
  it('adds the running term’s results beside attendance, and a term named by the query', async () => {
    const w = await results();
    const res = await w.admin.get(`/api/classes/${w.classId}/reports/performance?to=2025-09-20`);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.academic.term).toMatchObject({ _id: w.termId, name: 'Term 1' });
    expect(data.academic.summary).toEqual({ students: 3, withResults: 3, meanPercent: 85.2, meanGpa: 8.5 });
    expect(data.students.map((s: any) => [s.student.name, s.standing, s.academic?.percent, s.academic?.grade])).toEqual(
      [
        ['Pupil 1', 'no data', 75.8, 'B1'],
        ['Pupil 2', 'no data', 89.8, 'A2'],
        ['Pupil 3', 'no data', 90, 'A2'],
      ],
    );
    expect(data.summary).toMatchObject({ students: 3, noData: 3 });
    const second = await w.admin.get(`/api/classes/${w.classId}/reports/performance?to=2025-09-20&termId=${w.term2}`);
    expect(second.body.data.academic.term.name).toBe('Term 2');
    expect(second.body.data.students[0].academic.percent).toBe(0);
    const before = await w.admin.get(`/api/classes/${w.classId}/reports/performance?to=2025-03-01`);
    expect(before.body.data.academic.term).toBeNull();
    expect(before.body.data.students[0].academic).toBeNull();
    const other = await results();
    expectError(
      await w.admin.get(`/api/classes/${w.classId}/reports/performance?termId=${other.termId}`),
      404,
      'Term not found',
    );
  });
});
