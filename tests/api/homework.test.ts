import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/app';

/** A download's status (its body is the file). */
const fetched = async (token: string, path: string) => (await t.request(path, { token })).status;

import { caller, expectError } from '../support/classroom';
import { createClass } from '../support/factories';
import { homeworkBody, homeworkClass, setHomework } from '../support/homework';
import { activityOf, enrolment, PNG_BYTES, tinyPdf } from '../support/students';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2025-09-10T04:00:00.000Z');
});

const pdf = (name = 'worksheet.pdf') => ({
  name,
  contentType: 'application/pdf',
  dataBase64: Buffer.from(tinyPdf(name)).toString('base64'),
});

describe('setting homework', () => {
  it("is due at the school's clock time, reaches the class live, and is listed for its teacher", async () => {
    const w = await homeworkClass(t);
    t.publisher.events.length = 0;
    const made = await w.teacher.post('/api/homework', homeworkBody(w));
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      title: 'Fractions worksheet',
      class: { _id: w.classId, name: '8', section: 'A' },
      subject: { _id: w.subjectId, name: 'Mathematics' },
      dueDate: '2025-09-12',
      dueTime: '17:00',
      // 17:00 in Pune is 11:30 UTC.
      dueAt: '2025-09-12T11:30:00.000Z',
      maxMarks: 20,
      status: 'active',
      counts: { students: 2, submitted: 0, late: 0, returned: 0 },
      attachments: [],
    });
    expect(t.publisher.events.map((e) => e.event)).toContainEqual({
      type: 'homework_updated',
      data: { reason: 'set', homeworkId: made.body.data._id, classId: w.classId },
    });
    const list = await w.teacher.get(`/api/homework?classId=${w.classId}`);
    expect(list.body).toMatchObject({ total: 1, data: [{ _id: made.body.data._id }] });
    expect(list.trips).toBeLessThanOrEqual(3);
    // Who set it is named, for the office's list.
    const office = await w.admin.get(`/api/homework?classId=${w.classId}`);
    expect(office.body.data[0].setBy).toEqual({ _id: expect.any(String), name: 'Rahul Verma' });
    expect(office.trips).toBeLessThanOrEqual(3);
    // A teacher who does not teach the subject neither sets it nor sees it in their list.
    expectError(
      await w.stranger.post('/api/homework', homeworkBody(w)),
      403,
      'You can only manage homework of subjects you teach',
    );
    expect((await w.stranger.get('/api/homework')).body.total).toBe(0);
    expect((await w.stranger.get(`/api/homework/${made.body.data._id}`)).status).toBe(403);
  });

  it("refuses a subject of another class, and answers another school's class or subject like a missing one", async () => {
    const w = await homeworkClass(t);
    const other = await createClass(t, w.schoolId, { name: '9', section: 'B' });
    expectError(
      await w.admin.post('/api/homework', homeworkBody(w, { classId: other })),
      400,
      'This subject is not taught in this class',
      'SUBJECT_NOT_IN_CLASS',
    );
    const x = await homeworkClass(t);
    expect((await w.admin.post('/api/homework', homeworkBody(w, { subjectId: x.subjectId }))).status).toBe(404);
    expect((await w.admin.post('/api/homework', homeworkBody(w, { classId: x.classId }))).status).toBe(404);
    const id = await setHomework(x);
    for (const call of [
      w.admin.get(`/api/homework/${id}`),
      w.admin.put(`/api/homework/${id}`, { title: 'Mine now' }),
      w.admin.get(`/api/homework/${id}/submissions`),
      w.admin.del(`/api/homework/${id}`),
      w.asha.student.put(`/api/homework/${id}/submission`, { text: 'hello' }),
    ])
      expect((await call).status).toBe(404);
    expect((await x.admin.get(`/api/homework/${id}`)).body.data.title).toBe('Fractions worksheet');
  });

  it('refuses bad input with each field named, and changes nothing', async () => {
    const w = await homeworkClass(t);
    const bad = await w.teacher.post(
      '/api/homework',
      homeworkBody(w, { dueDate: '12/09/2025', dueTime: '25:00', maxMarks: -1, title: '' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'dueDate',
      'dueTime',
      'maxMarks',
      'title',
    ]);
    expect((await w.admin.get('/api/homework')).body.total).toBe(0);
  });
});

describe('handing in', () => {
  it('is on time before the due time and late after it; resubmitting replaces the text until the work is returned', async () => {
    const w = await homeworkClass(t);
    const id = await setHomework(w, w.teacher, { dueDate: '2025-09-10', dueTime: '11:00' });
    const mine = await w.asha.student.get(`/api/homework/students/${w.asha.id}`);
    expect(mine.body.data.homework).toMatchObject([{ _id: id, status: 'pending', submittedAt: null }]);
    t.publisher.events.length = 0;
    const first = await w.asha.student.put(`/api/homework/${id}/submission`, { text: 'Answers: 1/2, 3/4' });
    expect(first.body.data).toMatchObject({ late: false, status: 'submitted', studentId: w.asha.id });
    expect(t.publisher.events.map((e) => e.event.type)).toEqual(['homework_updated']);
    // 11:01 in Pune on the due date: late.
    t.clock.now = new Date('2025-09-10T05:31:00.000Z');
    const again = await w.asha.student.put(`/api/homework/${id}/submission`, { text: 'Answers, corrected' });
    expect(again.body.data.late).toBe(true);
    const ravi = await w.ravi.student.get(`/api/homework/students/${w.ravi.id}`);
    expect(ravi.body.data.homework[0].status).toBe('overdue');
    const roster = await w.teacher.get(`/api/homework/${id}/submissions`);
    expect(roster.status).toBe(200);
    expect(
      roster.body.data.students.map(
        (s: { _id: string; status: string; submission: { text: string; late: boolean } | null }) => [
          s._id,
          s.status,
          s.submission?.text ?? null,
          s.submission?.late ?? null,
        ],
      ),
    ).toEqual(
      expect.arrayContaining([
        [w.asha.id, 'submitted', 'Answers, corrected', true],
        [w.ravi.id, 'overdue', null, null],
      ]),
    );
    expect(roster.body.data.homework).toMatchObject({
      status: 'overdue',
      counts: { students: 2, submitted: 1, late: 1 },
    });
    t.clock.now = new Date('2025-09-10T04:00:00.000Z');
  });

  it("keeps each family to its own: another pupil's work and list answer 404, parents read their child's", async () => {
    const w = await homeworkClass(t);
    const id = await setHomework(w);
    await w.asha.student.put(`/api/homework/${id}/submission`, { text: 'Mine' });
    expect((await w.ravi.student.get(`/api/homework/students/${w.asha.id}`)).status).toBe(404);
    expect((await w.ravi.student.get(`/api/homework/${id}/submissions/${w.asha.id}`)).status).toBe(404);
    expect((await w.ravi.parent.get(`/api/homework/${id}/submissions/${w.asha.id}`)).status).toBe(404);
    const parent = await w.asha.parent.get(`/api/homework/${id}/submissions/${w.asha.id}`);
    expect(parent.body.data).toMatchObject({ status: 'submitted', submission: { text: 'Mine' } });
    expect((await w.asha.parent.get(`/api/homework/students/${w.asha.id}`)).body.data.homework[0].status).toBe(
      'submitted',
    );
    // Parents do not hand in; families do not read the roster.
    expect((await w.asha.parent.put(`/api/homework/${id}/submission`, { text: 'x' })).status).toBe(403);
    expect((await w.asha.student.get(`/api/homework/${id}/submissions`)).status).toBe(403);
    // A pupil of another class does not see the homework.
    const other = await createClass(t, w.schoolId, { name: '9', section: 'B' });
    const payload = enrolment(other);
    await w.admin.post('/api/students', payload);
    const outsider = caller(t, await signIn(t, payload.email, 'student-pw-1', '/api/students/login'));
    expect((await outsider.get(`/api/homework/${id}`)).status).toBe(404);
    expect((await outsider.put(`/api/homework/${id}/submission`, { text: 'x' })).status).toBe(404);
  });

  it("takes the documents' files only, and lets only the family and the staff download a hand-in's file", async () => {
    const w = await homeworkClass(t);
    const id = await setHomework(w);
    const attached = await w.teacher.post(`/api/homework/${id}/files`, pdf());
    expect(attached.status).toBe(201);
    const fake = await w.teacher.post(`/api/homework/${id}/files`, {
      name: 'answers.pdf',
      contentType: 'application/pdf',
      dataBase64: Buffer.from('MZ not a pdf').toString('base64'),
    });
    expectError(fake, 415, 'Only PDF, PNG and JPEG files are allowed');
    const handed = await w.asha.student.post(`/api/homework/${id}/submission/files`, {
      name: 'photo.pdf',
      contentType: 'image/png',
      dataBase64: Buffer.from(PNG_BYTES).toString('base64'),
    });
    expect(handed.status).toBe(201);
    // The documents' name rule: the last extension follows the verified type.
    expect(handed.body.data.name).toBe('photo.png');
    const fileId = handed.body.data._id as string;
    const path = `/api/homework/${id}/files/${fileId}`;
    expect(await fetched(w.ravi.tokens.student, path)).toBe(404);
    expect(await fetched(w.ravi.tokens.parent, path)).toBe(404);
    for (const token of [w.asha.tokens.student, w.asha.tokens.parent, w.teacherToken])
      expect(await fetched(token, path)).toBe(200);
    const download = await t.request(path, { token: w.asha.tokens.parent });
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PNG_BYTES);
    // Everyone of the class downloads the teacher's attachment.
    expect(await fetched(w.ravi.tokens.student, `/api/homework/${id}/files/${attached.body.data._id}`)).toBe(200);
    const seen = await w.asha.student.get(`/api/homework/${id}`);
    expect(seen.body.data.attachments).toEqual([expect.objectContaining({ name: 'worksheet.pdf' })]);
  });
  it("removes a file: the homework's staff its attachments, a student their own hand-in's until it is returned", async () => {
    const w = await homeworkClass(t);
    const id = await setHomework(w);
    const sheet = (await w.teacher.post(`/api/homework/${id}/files`, pdf())).body.data._id as string;
    const draft = (await w.asha.student.post(`/api/homework/${id}/submission/files`, pdf('draft.pdf'))).body.data
      ._id as string;
    const kept = (await w.asha.student.post(`/api/homework/${id}/submission/files`, pdf('final.pdf'))).body.data
      ._id as string;
    // Nobody removes another's file: a classmate and the staff do not reach a hand-in's, a student not the teacher's.
    expect((await w.ravi.student.del(`/api/homework/${id}/files/${draft}`)).status).toBe(404);
    expect((await w.teacher.del(`/api/homework/${id}/files/${draft}`)).status).toBe(404);
    expect((await w.asha.student.del(`/api/homework/${id}/files/${sheet}`)).status).toBe(404);
    expect((await w.asha.parent.del(`/api/homework/${id}/files/${draft}`)).status).toBe(403);
    expect((await w.stranger.del(`/api/homework/${id}/files/${sheet}`)).status).toBe(403);
    t.publisher.events.length = 0;
    const removed = await w.teacher.del(`/api/homework/${id}/files/${sheet}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({
      message: 'File removed successfully',
      data: { _id: sheet, name: 'worksheet.pdf' },
    });
    expect(t.publisher.events.map((e) => e.event.type)).toEqual(['homework_updated']);
    expect((await w.ravi.student.get(`/api/homework/${id}`)).body.data.attachments).toEqual([]);
    expect(await fetched(w.ravi.tokens.student, `/api/homework/${id}/files/${sheet}`)).toBe(404);
    expect((await w.teacher.del(`/api/homework/${id}/files/${sheet}`)).status).toBe(404);
    expect(await activityOf(t, w.schoolId, sheet)).toEqual([
      expect.objectContaining({ action: 'create', entity: 'homework_file' }),
      {
        action: 'delete',
        entity: 'homework_file',
        summary: `Removed worksheet.pdf from homework "${'Fractions worksheet'}"`,
      },
    ]);
    // The student takes back one file of their hand-in; once the work is returned, its files stay.
    expect((await w.asha.student.del(`/api/homework/${id}/files/${draft}`)).status).toBe(200);
    await w.asha.student.put(`/api/homework/${id}/submission`, { text: 'Done' });
    const work = await w.teacher.get(`/api/homework/${id}/submissions/${w.asha.id}`);
    expect(work.body.data.files.map((f: { name: string }) => f.name)).toEqual(['final.pdf']);
    await w.teacher.put(`/api/homework/${id}/submissions/${w.asha.id}/review`, { marks: 8 });
    expectError(
      await w.asha.student.del(`/api/homework/${id}/files/${kept}`),
      409,
      'This work has been returned: it can no longer be changed',
      'CONFLICT',
    );
    expect(await fetched(w.asha.tokens.student, `/api/homework/${id}/files/${kept}`)).toBe(200);
  });
});

describe('review and return', () => {
  it('keeps marks within the maximum, shows them to the family once returned, and ends resubmission', async () => {
    const w = await homeworkClass(t);
    const id = await setHomework(w);
    await w.asha.student.put(`/api/homework/${id}/submission`, { text: 'Done' });
    expect((await w.teacher.put(`/api/homework/${id}/submissions/${w.ravi.id}/review`, { marks: 5 })).status).toBe(404);
    expectError(
      await w.teacher.put(`/api/homework/${id}/submissions/${w.asha.id}/review`, { marks: 21 }),
      400,
      'A score cannot be more than the maximum marks',
      'SCORE_ABOVE_MAXIMUM',
    );
    expect((await w.stranger.put(`/api/homework/${id}/submissions/${w.asha.id}/review`, { marks: 5 })).status).toBe(
      403,
    );
    const draft = await w.teacher.put(`/api/homework/${id}/submissions/${w.asha.id}/review`, {
      marks: 17.5,
      feedback: 'Neat work',
      returned: false,
    });
    expect(draft.body.data).toMatchObject({ marks: 17.5, returnedAt: null });
    const before = await w.asha.student.get(`/api/homework/${id}/submissions/${w.asha.id}`);
    expect(before.body.data.submission).toMatchObject({ marks: null, feedback: null });
    t.publisher.events.length = 0;
    const back = await w.teacher.put(`/api/homework/${id}/submissions/${w.asha.id}/review`, {});
    expect(back.body).toMatchObject({
      message: 'Work returned successfully',
      data: { marks: 17.5, feedback: 'Neat work' },
    });
    const event = t.publisher.events.find((e) => e.event.type === 'homework_updated')?.event as {
      data: { reason: string; userIds: string[] };
    };
    expect(event.data.reason).toBe('returned');
    expect(event.data.userIds).toHaveLength(2);
    const after = await w.asha.parent.get(`/api/homework/students/${w.asha.id}`);
    expect(after.body.data.homework[0]).toMatchObject({ status: 'returned', marks: 17.5, feedback: 'Neat work' });
    expectError(
      await w.asha.student.put(`/api/homework/${id}/submission`, { text: 'One more try' }),
      409,
      'This work has been returned: it can no longer be changed',
      'CONFLICT',
    );
    // The maximum cannot fall below a mark given.
    expect((await w.teacher.put(`/api/homework/${id}`, { maxMarks: 10 })).status).toBe(409);
    expect((await w.teacher.put(`/api/homework/${id}`, { maxMarks: 25 })).body.data.maxMarks).toBe(25);
  });

  it('sends the marks to the gradebook as one homework assessment, written again on a second send', async () => {
    const w = await homeworkClass(t);
    const id = await setHomework(w);
    for (const who of [w.asha, w.ravi]) await who.student.put(`/api/homework/${id}/submission`, { text: 'Done' });
    await w.teacher.put(`/api/homework/${id}/submissions/${w.asha.id}/review`, { marks: 18 });
    expectError(
      await w.teacher.post(`/api/homework/${id}/gradebook`),
      400,
      "No term of the school includes this homework's due date: add one in Settings' Terms and grading first",
    );
    await w.admin.post('/api/grades/terms', { name: 'Term 1', startDate: '2025-04-01', endDate: '2025-09-30' });
    const sent = await w.teacher.post(`/api/homework/${id}/gradebook`);
    expect(sent.status).toBe(200);
    expect(sent.body.data.saved).toBe(1);
    const assessmentId = sent.body.data.assessmentId as string;
    const sheet = await w.teacher.get(`/api/grades/assessments/${assessmentId}/marks`);
    expect(sheet.body.data.assessment).toMatchObject({
      type: 'homework',
      title: 'Fractions worksheet',
      maxMarks: 20,
      date: '2025-09-12',
    });
    const marks = Object.fromEntries(
      sheet.body.data.students.map((s: { _id: string; mark: { score: number } | null }) => [
        s._id,
        s.mark?.score ?? null,
      ]),
    );
    expect(marks).toEqual({ [w.asha.id]: 18, [w.ravi.id]: null });
    await w.teacher.put(`/api/homework/${id}/submissions/${w.ravi.id}/review`, { marks: 12 });
    const again = await w.teacher.post(`/api/homework/${id}/gradebook`);
    expect(again.body.data).toMatchObject({ assessmentId, saved: 2 });
    expect(again.trips).toBeLessThanOrEqual(5);
    const list = await w.admin.get(`/api/grades/assessments?classId=${w.classId}`);
    expect(list.body.data.filter((a: { type: string }) => a.type === 'homework')).toHaveLength(1);
    expect((await w.admin.get(`/api/homework/${id}`)).body.data.assessmentId).toBe(assessmentId);
    // A stranger to the subject does not send marks.
    expect((await w.stranger.post(`/api/homework/${id}/gradebook`)).status).toBe(403);
  });

  it('refuses to send marks of homework that is not marked', async () => {
    const w = await homeworkClass(t);
    const id = await setHomework(w, w.teacher, { maxMarks: null });
    await w.asha.student.put(`/api/homework/${id}/submission`, { text: 'Done' });
    expectError(
      await w.teacher.put(`/api/homework/${id}/submissions/${w.asha.id}/review`, { marks: 3 }),
      400,
      'This homework is not marked: set its maximum marks first',
    );
    expect((await w.teacher.post(`/api/homework/${id}/gradebook`)).status).toBe(400);
  });
});

describe('tasks', () => {
  it('are a student’s own to change; parents and the class’s teachers read them', async () => {
    const w = await homeworkClass(t);
    const made = await w.asha.student.post('/api/homework/tasks', { title: 'Revise fractions', priority: 'high' });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      title: 'Revise fractions',
      priority: 'high',
      status: 'pending',
      student: { _id: w.asha.id },
    });
    const id = made.body.data._id as string;
    expect((await w.ravi.student.put(`/api/homework/tasks/${id}`, { status: 'completed' })).status).toBe(404);
    expect((await w.ravi.student.get('/api/homework/tasks')).body.total).toBe(0);
    const moved = await w.asha.student.put(`/api/homework/tasks/${id}`, { status: 'in_progress' });
    expect(moved.body.data.status).toBe('in_progress');
    expect((await w.asha.parent.get('/api/homework/tasks')).body.data.map((x: { _id: string }) => x._id)).toEqual([id]);
    expect((await w.ravi.parent.get('/api/homework/tasks')).body.total).toBe(0);
    expect((await w.teacher.get(`/api/homework/tasks?studentId=${w.asha.id}`)).body.total).toBe(1);
    expect((await w.stranger.get('/api/homework/tasks')).body.total).toBe(0);
    expect((await w.asha.parent.post('/api/homework/tasks', { title: 'x' })).status).toBe(403);
    expect((await w.asha.student.del(`/api/homework/tasks/${id}`)).status).toBe(200);
  });
});

describe('the figures', () => {
  it('count hand-ins by class and subject and name who is overdue, a teacher seeing only their subjects', async () => {
    const w = await homeworkClass(t);
    const due = await setHomework(w, w.teacher, { dueDate: '2025-09-10', dueTime: '09:00' });
    await setHomework(w, w.teacher, { dueDate: '2025-09-20' });
    await w.asha.student.put(`/api/homework/${due}/submission`, { text: 'Done' });
    const figures = await w.teacher.get('/api/homework/summary');
    expect(figures.status).toBe(200);
    expect(figures.trips).toBeLessThanOrEqual(3);
    expect(figures.body.data.totals).toMatchObject({
      homework: 2,
      active: 1,
      overdue: 1,
      expected: 4,
      handedIn: 1,
      missing: 1,
      // The homework not yet due still expects both pupils' work.
      pending: 2,
      rate: 50,
    });
    expect(figures.body.data.byClassSubject).toEqual([
      expect.objectContaining({
        subject: { _id: w.subjectId, name: 'Mathematics' },
        homework: 2,
        missing: 1,
        expectedDue: 2,
        handedInDue: 1,
        rate: 50,
      }),
    ]);
    expect(figures.body.data.overdue).toEqual([
      expect.objectContaining({ student: { _id: w.ravi.id, name: 'Asha Rao' }, missing: 1 }),
    ]);
    expect((await w.stranger.get('/api/homework/summary')).body.data.totals.homework).toBe(0);
    expect((await w.asha.student.get('/api/homework/summary')).status).toBe(403);
  });
});

describe('the school year', () => {
  it("lists and counts the current year's homework unless another year, or every year, is asked for", async () => {
    const w = await homeworkClass(t);
    const id = await setHomework(w, w.admin);
    const ids = async (path: string) => (await w.admin.get(path)).body.data.map((h: { _id: string }) => h._id);
    const count = async (path: string) => (await w.admin.get(path)).body.data.totals.homework;
    expect(await ids('/api/homework')).toEqual([id]);
    expect(await count('/api/homework/summary')).toBe(1);
    // The class becomes last year's (as a rollover leaves it): this year's lists and figures no longer hold it.
    const db = await t.dbOf(w.schoolId);
    await db.run(sql`update classes set academic_year = '2001-2002' where id = ${w.classId}`);
    expect(await ids('/api/homework')).toEqual([]);
    expect(await count('/api/homework/summary')).toBe(0);
    expect(await ids('/api/homework?academicYear=2001-2002')).toEqual([id]);
    expect(await ids('/api/homework?academicYear=all')).toEqual([id]);
    expect(await count('/api/homework/summary?academicYear=2001-2002')).toBe(1);
    // A class named is its own year's; another school's year holds none of it.
    expect(await ids(`/api/homework?classId=${w.classId}`)).toEqual([id]);
    const x = await homeworkClass(t);
    expect((await x.admin.get('/api/homework?academicYear=2001-2002')).body.data).toEqual([]);
    expect((await w.admin.get('/api/homework?academicYear=last')).status).toBe(400);
  });
});

describe('homework and the gradebook', () => {
  it('makes a new assessment when the office deleted the one its marks went to', async () => {
    const w = await homeworkClass(t);
    await w.admin.post('/api/grades/terms', { name: 'Term 1', startDate: '2025-04-01', endDate: '2025-09-30' });
    const id = await setHomework(w);
    await w.asha.student.put(`/api/homework/${id}/submission`, { text: 'Done' });
    await w.teacher.put(`/api/homework/${id}/submissions/${w.asha.id}/review`, { marks: 9 });
    const first = (await w.teacher.post(`/api/homework/${id}/gradebook`)).body.data.assessmentId as string;
    expect((await w.admin.del(`/api/grades/assessments/${first}`)).status).toBe(200);
    expect((await w.admin.get(`/api/homework/${id}`)).body.data.assessmentId).toBeNull();
    const second = await w.teacher.post(`/api/homework/${id}/gradebook`);
    expect(second.status).toBe(200);
    expect(second.body.data.assessmentId).not.toBe(first);
  });
});
