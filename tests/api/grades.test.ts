/**
 * The gradebook's first slice: terms, the grading scale, assessments and their marks, entered as one batch.
 */
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, assessmentMarks, reportPublications } from '../../worker/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { classroom, expectError, schoolWithAdmin, teacherCaller } from '../support/classroom';
import { addClassRoll, addSubject, addTeacher, createClass } from '../support/factories';
import { failingLastStatement, schoolDigest } from '../support/faults';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2025-09-20T05:00:00.000Z');
});

const CBSE = [
  { grade: 'A1', minPercent: 91, maxPercent: 100, points: 10 },
  { grade: 'A2', minPercent: 81, maxPercent: 90, points: 9 },
  { grade: 'B1', minPercent: 71, maxPercent: 80, points: 8 },
  { grade: 'B2', minPercent: 61, maxPercent: 70, points: 7 },
  { grade: 'C1', minPercent: 51, maxPercent: 60, points: 6 },
  { grade: 'C2', minPercent: 41, maxPercent: 50, points: 5 },
  { grade: 'D', minPercent: 33, maxPercent: 40, points: 4 },
  { grade: 'E', minPercent: 0, maxPercent: 32, points: 0 },
];

/** Class 8-A of `size` pupils, its Mathematics taught by Rahul Verma, a first term, and a test out of 50. */
async function gradebook(size = 3) {
  const w = await classroom(t);
  const roll = await addClassRoll(t, w.schoolId, w.classId, size);
  const term = await w.admin.post('/api/grades/terms', {
    name: 'Term 1',
    startDate: '2025-04-01',
    endDate: '2025-09-30',
  });
  expect(term.status).toBe(201);
  const termId = term.body.data._id as string;
  const made = await w.admin.post('/api/grades/assessments', {
    classId: w.classId,
    subjectId: w.subjectId,
    termId,
    title: 'Unit test 1',
    type: 'test',
    date: '2025-09-15',
    maxMarks: 50,
  });
  expect(made.status).toBe(201);
  const id = made.body.data._id as string;
  const teacher = await teacherCaller(t, w.teacher.email);
  const marks = (list: unknown[], who = w.admin) => who.put(`/api/grades/assessments/${id}/marks`, { marks: list });
  return {
    ...w,
    roll,
    termId,
    id,
    teacher,
    marks,
    sheet: (who = w.admin) => who.get(`/api/grades/assessments/${id}/marks`),
  };
}

const storedMarks = (id: string) =>
  t.db
    .select()
    .from(assessmentMarks)
    .where(eq(assessmentMarks.assessmentId, Number(id)))
    .orderBy(assessmentMarks.studentNumber);

/** Read lines the log holds for an assessment's mark sheet, in any school. */
async function sheetReads(assessmentId: string) {
  const rows = await t.db
    .select({ id: activityLogs.id })
    .from(activityLogs)
    .where(
      and(
        eq(activityLogs.action, 'read'),
        eq(activityLogs.entity, 'assessment_marks'),
        eq(activityLogs.entityId, assessmentId),
      ),
    );
  return rows.length;
}

describe('the grading scale', () => {
  it('is the CBSE nine-point scale for a new school, read by teachers and set by the office as a whole', async () => {
    const w = await classroom(t);
    expect((await w.admin.get('/api/grades/scale')).body.data.bands).toEqual(CBSE);
    const teacher = await teacherCaller(t, w.teacher.email);
    expect((await teacher.get('/api/grades/scale')).body.data.bands).toEqual(CBSE);
    expect((await teacher.put('/api/grades/scale', { bands: [] })).status).toBe(403);

    const plain = [
      { minPercent: 0, grade: 'F', points: 0 },
      { minPercent: 90, grade: 'A', points: 4 },
      { minPercent: 60, grade: 'C', points: 2 },
      { minPercent: 75, grade: 'B', points: 3 },
    ];
    const set = await w.admin.put('/api/grades/scale', { bands: plain });
    expect(set.status).toBe(200);
    expect(set.body.data.bands.map((b: any) => `${b.grade} ${b.minPercent}-${b.maxPercent}`)).toEqual([
      'A 90-100',
      'B 75-89',
      'C 60-74',
      'F 0-59',
    ]);
    expect((await teacher.get('/api/grades/scale')).body.data).toEqual(set.body.data);
    const [log] = await t.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.schoolId, w.schoolId), eq(activityLogs.entity, 'grading_scale')));
    expect(log.summary).toContain('was A1 91–100 (10)');
  });

  it('refuses a scale without a band at 0%, two bands at one percentage or a grade named twice', async () => {
    const w = await schoolWithAdmin(t);
    const send = (bands: unknown) => w.admin.put('/api/grades/scale', { bands });
    const noZero = await send([
      { minPercent: 10, grade: 'B', points: 1 },
      { minPercent: 50, grade: 'A', points: 2 },
    ]);
    expect(noZero.body.details).toEqual([{ msg: 'The lowest band must start at 0%', path: 'bands' }]);
    const twice = await send([
      { minPercent: 0, grade: 'B', points: 1 },
      { minPercent: 0, grade: 'b', points: 2 },
    ]);
    expect(twice.body.details.map((d: any) => d.path)).toEqual(['bands.1.minPercent', 'bands.1.grade']);
    expect((await w.admin.get('/api/grades/scale')).body.data.bands).toEqual(CBSE);
  });
});

describe('terms', () => {
  it('never overlap (two sent at once: tests/api/concurrency.test.ts)', async () => {
    const w = await schoolWithAdmin(t);
    const add = (name: string, startDate: string, endDate: string) =>
      w.admin.post('/api/grades/terms', { name, startDate, endDate });
    expect((await add('Term 1', '2025-04-01', '2025-09-30')).status).toBe(201);
    expectError(
      await add('Half-yearly', '2025-09-30', '2025-12-31'),
      409,
      'This term overlaps another term of the school',
      'TERM_OVERLAP',
    );
    expect((await add('Term 2', '2025-10-01', '2026-03-31')).status).toBe(201);
    expect((await w.admin.get('/api/grades/terms')).body.data.map((x: any) => x.name)).toEqual(['Term 1', 'Term 2']);
    const bad = await add('Backwards', '2027-05-01', '2027-04-01');
    expect(bad.body.details).toEqual([{ msg: 'End date must not be before start date', path: 'endDate' }]);
  });

  it('are changed and deleted by the office; a term with assessments stays', async () => {
    const w = await gradebook(1);
    const renamed = await w.admin.put(`/api/grades/terms/${w.termId}`, { name: 'First term' });
    expect(renamed.body.data).toMatchObject({ name: 'First term', startDate: '2025-04-01' });
    expect((await w.teacher.put(`/api/grades/terms/${w.termId}`, { name: 'Mine' })).status).toBe(403);
    expectError(
      await w.admin.del(`/api/grades/terms/${w.termId}`),
      409,
      'This term has assessments: move or delete them first',
      'IN_USE',
    );
    const spare = await w.admin.post('/api/grades/terms', {
      name: 'Spare',
      startDate: '2026-04-01',
      endDate: '2026-04-30',
    });
    expect((await w.admin.del(`/api/grades/terms/${spare.body.data._id}`)).status).toBe(200);
    const other = await schoolWithAdmin(t);
    expect((await other.admin.put(`/api/grades/terms/${w.termId}`, { name: 'Theirs' })).status).toBe(404);
  });
});

describe('assessments', () => {
  it('are added by the office and by the teachers of the subject, in a term that holds their date', async () => {
    const w = await gradebook(1);
    const body = {
      classId: w.classId,
      subjectId: w.subjectId,
      termId: w.termId,
      title: 'Quiz 1',
      type: 'quiz',
      date: '2025-09-16',
      maxMarks: 12.5,
      weight: 0.5,
    };
    const mine = await w.teacher.post('/api/grades/assessments', body);
    expect(mine.status).toBe(201);
    expect(mine.body.data).toMatchObject({
      maxMarks: 12.5,
      weight: 0.5,
      subject: { name: 'Mathematics' },
      term: { name: 'Term 1' },
      markedCount: 0,
    });
    expectError(
      await w.admin.post('/api/grades/assessments', { ...body, date: '2025-10-01' }),
      400,
      'The assessment date must fall within its term',
      'DATE_OUTSIDE_TERM',
    );

    const stranger = await addTeacher(t, w.schoolId, { name: 'Meera Iyer' });
    const science = await addSubject(t, w.schoolId, {
      name: 'Science',
      classId: w.classId,
      teacherId: stranger.teacherId,
    });
    expect((await w.teacher.post('/api/grades/assessments', { ...body, subjectId: science })).status).toBe(403);
    const otherClass = await createClass(t, w.schoolId, { name: '9', section: 'B' });
    expectError(
      await w.admin.post('/api/grades/assessments', { ...body, classId: otherClass }),
      400,
      'This subject is not taught in this class',
      'SUBJECT_NOT_IN_CLASS',
    );
    expect((await w.admin.post('/api/grades/assessments', { ...body, maxMarks: 10.001 })).status).toBe(400);

    const list = await w.teacher.get(`/api/grades/assessments?classId=${w.classId}`);
    expect(list.body.data.map((a: any) => a.title)).toEqual(['Unit test 1', 'Quiz 1']);
    const other = await classroom(t);
    expect((await other.admin.get(`/api/grades/assessments/${w.id}`)).status).toBe(404);
    expect((await other.admin.get(`/api/grades/assessments?classId=${w.classId}`)).status).toBe(404);
    expect(
      (
        await other.admin.post('/api/grades/assessments', {
          ...body,
          classId: other.classId,
          subjectId: other.subjectId,
        })
      ).status,
    ).toBe(404);
  });

  it('keep their maximum at or above every score given (sent at once: tests/api/concurrency.test.ts)', async () => {
    const w = await gradebook(2);
    await w.marks([{ studentId: w.roll[0].studentId, status: 'scored', score: 45 }]);
    expectError(
      await w.admin.put(`/api/grades/assessments/${w.id}`, { maxMarks: 40 }),
      409,
      'Maximum marks cannot be less than a score already given',
      'SCORE_ABOVE_MAXIMUM',
    );
  });

  it('are deleted with their marks by the office, the count kept in the activity log', async () => {
    const w = await gradebook(2);
    await w.marks(w.roll.map((s) => ({ studentId: s.studentId, status: 'absent' })));
    expect((await w.admin.del(`/api/grades/assessments/${w.id}`)).status).toBe(200);
    expect(await storedMarks(w.id)).toEqual([]);
    const [log] = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.schoolId, w.schoolId),
          eq(activityLogs.action, 'delete'),
          eq(activityLogs.entity, 'assessment'),
        ),
      );
    expect(log.summary).toContain('with 2 mark(s)');
  });

  it('are deleted by a teacher of the subject, with the marks they were shown, while the report cards are not out', async () => {
    const w = await gradebook(2);
    await w.marks(w.roll.map((s) => ({ studentId: s.studentId, status: 'scored', score: 30 })));
    // Another teacher of the school does not teach Mathematics.
    const other = await teacherCaller(t, (await addTeacher(t, w.schoolId)).email);
    expectError(
      await other.del(`/api/grades/assessments/${w.id}`),
      403,
      'You can only manage assessments and marks of subjects you teach',
    );
    // The teacher was shown one mark, but the sheet holds two: nothing is deleted.
    expectError(
      await w.teacher.del(`/api/grades/assessments/${w.id}?marks=1`),
      409,
      'Marks were given in this assessment since you opened it: open it again before deleting it',
      'CONFLICT',
    );
    expect((await w.sheet(w.teacher)).body.data.reportCardsPublished).toBe(false);
    const gone = await w.teacher.del(`/api/grades/assessments/${w.id}?marks=2`);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(await storedMarks(w.id)).toEqual([]);
    expect((await w.sheet(w.admin)).status).toBe(404);
    const [log] = await t.db
      .select()
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.schoolId, w.schoolId),
          eq(activityLogs.action, 'delete'),
          eq(activityLogs.entity, 'assessment'),
        ),
      );
    expect(log).toMatchObject({ userName: 'Rahul Verma', entityId: w.id });
    expect(log.summary).toContain('with 2 mark(s)');
  });

  it('stay when their term’s report cards are published, for the teacher; the office still deletes them', async () => {
    const w = await gradebook(1);
    const publish = (published: boolean) =>
      w.admin.put('/api/grades/publications', { classId: w.classId, termId: w.termId, published });
    expect((await publish(true)).status).toBe(200);
    expect((await w.sheet(w.teacher)).body.data.reportCardsPublished).toBe(true);
    const refusal =
      'The report cards of this term are published for the class: ask the office to withdraw them before deleting this assessment';
    expectError(await w.teacher.del(`/api/grades/assessments/${w.id}`), 409, refusal, 'REPORT_CARDS_PUBLISHED');
    expect((await publish(false)).status).toBe(200);

    // Published between the teacher's read and the write: the write batch refuses it too.
    const real = t.platform.openDatabase;
    t.platform.openDatabase = (meter) => {
      const db = real(meter);
      const batch = db.batch.bind(db);
      let calls = 0;
      db.batch = (async (items: Parameters<typeof batch>[0]) => {
        calls += 1;
        if (calls === 2)
          await t.db.insert(reportPublications).values({
            schoolId: w.schoolId,
            classId: w.classId,
            termId: w.termId,
            publishedAt: new Date().toISOString(),
          });
        return batch(items);
      }) as unknown as typeof db.batch;
      return db;
    };
    try {
      expectError(await w.teacher.del(`/api/grades/assessments/${w.id}`), 409, refusal, 'REPORT_CARDS_PUBLISHED');
    } finally {
      t.platform.openDatabase = real;
    }
    expect((await w.sheet(w.admin)).status).toBe(200);
    expect((await w.admin.del(`/api/grades/assessments/${w.id}`)).status).toBe(200);
  });
});

describe('marks', () => {
  it('are entered as a mark sheet: the class list by roll number, each with a score, absent or exempt', async () => {
    const w = await gradebook(4);
    const empty = await w.sheet(w.teacher);
    expect(empty.body.data.students.map((s: any) => [s.name, s.mark])).toEqual([
      ['Pupil 1', null],
      ['Pupil 2', null],
      ['Pupil 3', null],
      ['Pupil 4', null],
    ]);
    const saved = await w.marks(
      [
        { studentId: w.roll[0].studentId, status: 'scored', score: 47.5, remarks: 'Neat work' },
        { studentId: w.roll[1].studentId, status: 'scored', score: 30 },
        { studentId: w.roll[2].studentId, status: 'absent' },
        { studentId: w.roll[3].studentId, status: 'exempt', score: 20 },
      ],
      w.teacher,
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ message: 'Marks saved successfully', data: { saved: 4, classId: w.classId } });
    const sheet = (await w.sheet()).body.data;
    expect(sheet.students.map((s: any) => s.mark)).toEqual([
      { status: 'scored', score: 47.5, percent: 95, grade: 'A1', remarks: 'Neat work' },
      { status: 'scored', score: 30, percent: 60, grade: 'C1', remarks: null },
      { status: 'absent', score: null, percent: null, grade: null, remarks: null },
      { status: 'exempt', score: null, percent: null, grade: null, remarks: null },
    ]);
    expect(sheet.statistics).toEqual({
      students: 4,
      marked: 4,
      scored: 2,
      absent: 1,
      exempt: 1,
      averagePercent: 77.5,
      highest: 47.5,
      lowest: 30,
    });
    expect(sheet.assessment).toMatchObject({ markedCount: 4, markedAt: expect.any(String) });
    // Stored compactly: hundredths and small status codes.
    expect((await storedMarks(w.id)).map((m) => [m.status, m.score])).toEqual([
      [0, 4750],
      [0, 3000],
      [1, null],
      [2, null],
    ]);
  });

  it('reach the office live, and a correction keeps the marks it replaces in the activity log', async () => {
    const w = await gradebook(2);
    const before = t.publisher.events.length;
    await w.marks(
      w.roll.map((s) => ({ studentId: s.studentId, status: 'scored', score: 20 })),
      w.teacher,
    );
    await w.marks([{ studentId: w.roll[1].studentId, status: 'scored', score: 25 }], w.teacher);
    const events = t.publisher.events.slice(before).filter((e) => e.schoolId === w.schoolId);
    expect(events.map((e) => e.event)).toEqual([
      { type: 'marks_saved', data: { assessmentId: w.id, classId: w.classId, subjectId: w.subjectId, saved: 2 } },
      { type: 'marks_saved', data: { assessmentId: w.id, classId: w.classId, subjectId: w.subjectId, saved: 1 } },
    ]);
    const logs = await t.db
      .select({ summary: activityLogs.summary, action: activityLogs.action })
      .from(activityLogs)
      .where(and(eq(activityLogs.schoolId, w.schoolId), like(activityLogs.entity, 'assessment_marks')))
      .orderBy(activityLogs.createdAt);
    expect(logs.at(-1)?.summary).toBe('Saved 1 mark(s) of Mathematics "Unit test 1" of 8-A; changed: Pupil 2 20 → 25');
    await w.sheet();
    const [read] = await t.db
      .select({ summary: activityLogs.summary })
      .from(activityLogs)
      .where(
        and(
          eq(activityLogs.schoolId, w.schoolId),
          eq(activityLogs.action, 'read'),
          eq(activityLogs.entity, 'assessment_marks'),
        ),
      );
    expect(read.summary).toBe('Viewed the marks of Mathematics "Unit test 1" of 8-A: 2 student(s)');
  });

  it('are written in a fixed number of round trips whatever the size of the class', async () => {
    const small = await gradebook(3);
    const large = await gradebook(40);
    const all = (w: typeof small) =>
      w.roll.map((s, i) => ({ studentId: s.studentId, status: 'scored', score: i % 50 }));
    const [a, b] = [await small.marks(all(small)), await large.marks(all(large))];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.trips).toBe(a.trips);
    expect(b.trips).toBe(2);
    const [sa, sb] = [await small.sheet(), await large.sheet()];
    expect(sb.trips).toBe(sa.trips);
    // The session check, then one batch: the read and its log line.
    expect(sb.trips).toBe(2);
    expect((await storedMarks(large.id)).length).toBe(40);
  });

  it('refuse the whole batch for a score above the maximum, a student of another class or school, or a teacher of another subject', async () => {
    const w = await gradebook(2);
    const good = { studentId: w.roll[0].studentId, status: 'scored', score: 40 };
    const above = await w.marks([good, { studentId: w.roll[1].studentId, status: 'scored', score: 50.5 }]);
    expectError(above, 400, 'A score cannot be more than the maximum marks', 'SCORE_ABOVE_MAXIMUM');
    expect(above.body.details).toEqual([
      { msg: 'A score cannot be more than the maximum marks', path: 'marks.1.score' },
    ]);

    const otherClass = await createClass(t, w.schoolId, { name: '9', section: 'B' });
    const [visitor] = await addClassRoll(t, w.schoolId, otherClass, 1, { prefix: 'Visitor' });
    expectError(
      await w.marks([good, { studentId: visitor.studentId, status: 'absent' }]),
      400,
      'Student Visitor 1 is not in this class',
      'NOT_IN_CLASS',
    );
    const other = await classroom(t);
    const [theirs] = await addClassRoll(t, other.schoolId, other.classId, 1);
    expectError(
      await w.marks([good, { studentId: theirs.studentId, status: 'absent' }]),
      404,
      'Student not found',
      'NOT_FOUND',
    );
    expect(
      (
        await other.admin.put(`/api/grades/assessments/${w.id}/marks`, {
          marks: [{ studentId: theirs.studentId, status: 'absent' }],
        })
      ).status,
    ).toBe(404);
    // A sheet refused (another school's, a teacher of another subject) leaves no read in the log.
    const readsBefore = await sheetReads(w.id);
    expect((await other.admin.get(`/api/grades/assessments/${w.id}/marks`)).status).toBe(404);

    const missing = await w.marks([{ studentId: w.roll[0].studentId, status: 'scored' }]);
    expect(missing.body.details).toEqual([{ msg: 'Score is required', path: 'marks.0.score' }]);
    const twice = await w.marks([good, good]);
    expect(twice.body.details).toEqual([
      { msg: 'A student appears more than once in these marks', path: 'marks.1.studentId' },
    ]);

    const stranger = await addTeacher(t, w.schoolId, { name: 'Meera Iyer' });
    const strangerCaller = await teacherCaller(t, stranger.email);
    expect((await w.marks([good], strangerCaller)).status).toBe(403);
    expect((await w.sheet(strangerCaller)).status).toBe(403);
    expect(await storedMarks(w.id)).toEqual([]);
    expect(await sheetReads(w.id)).toBe(readsBefore);
    expect((await w.sheet()).status).toBe(200);
    expect(await sheetReads(w.id)).toBe(readsBefore + 1);
  });
});

describe('a student deleted', () => {
  it('takes their marks along, and leaves the others', async () => {
    const w = await gradebook(2);
    await w.marks(w.roll.map((s) => ({ studentId: s.studentId, status: 'scored', score: 30 })));
    expect((await w.admin.del(`/api/students/${w.roll[0].studentId}`)).status).toBe(200);
    const left = await storedMarks(w.id);
    expect(left).toHaveLength(1);
    expect((await w.sheet()).body.data.students.map((s: any) => s.name)).toEqual(['Pupil 2']);
  });
});

describe('a marks save that fails half way', () => {
  it('leaves every mark, the assessment and the log as they were, and publishes nothing', async () => {
    const w = await gradebook(3);
    await w.marks(w.roll.map((s) => ({ studentId: s.studentId, status: 'scored', score: 10 })));
    const before = await schoolDigest(t.db, w.schoolId);
    const events = t.publisher.events.length;
    const open = t.platform.openDatabase;
    t.platform.openDatabase = (meter) => failingLastStatement(open(meter));
    try {
      const failed = await w.marks(w.roll.map((s) => ({ studentId: s.studentId, status: 'absent' })));
      expect(failed.status).toBe(500);
    } finally {
      t.platform.openDatabase = open;
    }
    expect(await schoolDigest(t.db, w.schoolId)).toBe(before);
    expect(t.publisher.events.length).toBe(events);
  });
});
