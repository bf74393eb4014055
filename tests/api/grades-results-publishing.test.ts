/**
 * Publishing a term's report cards: the office publishes and withdraws them; a family then sees its own child's
 * results and card, live, and nothing of an unpublished term or another family's child; marks changed after
 * publishing say so in the activity log.
 */
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { concerns } from '../../party/audience';
import { activityLogs } from '../../worker/db/schema';
import { createTestApp, PASSWORD, signIn, type TestApp } from '../support/app';
import { caller, classroom, expectError, teacherCaller } from '../support/classroom';
import { createStudent } from '../support/factories';
import { pdfText } from '../support/pdf';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2025-09-20T05:00:00.000Z');
});

/** 8-A with two children of two families, Term 1 (a test: Asha 45 of 50, 90 % A2) and Term 2 (Asha 30 of 50). */
async function published() {
  const w = await classroom(t);
  const asha = await createStudent(t, w.schoolId, { classId: w.classId, name: 'Asha Rao' });
  const ravi = await createStudent(t, w.schoolId, { classId: w.classId, name: 'Ravi Kumar' });
  const family = caller(t, await signIn(t, asha.parentEmail as string, PASSWORD, '/api/students/parents/login'));
  const term = async (name: string, startDate: string, endDate: string) =>
    (await w.admin.post('/api/grades/terms', { name, startDate, endDate })).body.data._id as string;
  const term1 = await term('Term 1', '2025-04-01', '2025-09-30');
  const term2 = await term('Term 2', '2025-10-01', '2026-03-31');
  const assess = async (termId: string, date: string, score: number) => {
    const made = await w.admin.post('/api/grades/assessments', {
      classId: w.classId,
      subjectId: w.subjectId,
      termId,
      title: 'Unit test',
      type: 'test',
      date,
      maxMarks: 50,
    });
    const id = made.body.data._id as string;
    const put = (s: number) =>
      w.admin.put(`/api/grades/assessments/${id}/marks`, {
        marks: [
          { studentId: asha.studentId, status: 'scored', score: s },
          { studentId: ravi.studentId, status: 'scored', score: 20 },
        ],
      });
    expect((await put(score)).status).toBe(200);
    return put;
  };
  const remark = await assess(term1, '2025-09-10', 45);
  await assess(term2, '2025-10-10', 30);
  const publish = (termId: string, on = true, who = w.admin) =>
    who.put('/api/grades/publications', { classId: w.classId, termId, published: on });
  return { ...w, asha, ravi, family, term1, term2, publish, remark };
}

const card = (token: string, studentId: string, termId: string) =>
  t.request(`/api/family/children/${studentId}/report-cards/${termId}`, { token });

describe('publishing report cards', () => {
  it('shows a family its child’s results and card only once the office publishes the term, and hides them when withdrawn', async () => {
    const w = await published();
    const token = await signIn(t, w.asha.parentEmail as string, PASSWORD, '/api/students/parents/login');
    expect((await w.family.get(`/api/family/children/${w.asha.studentId}/results`)).body.data).toEqual([]);
    const before = await card(token, w.asha.studentId, w.term1);
    expect(before.status).toBe(404);
    expect(((await before.json()) as any).error).toBe('Report card not found');

    const done = await w.publish(w.term1);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Report cards published successfully');
    expect(done.body.data).toMatchObject({ classId: w.classId, termId: w.term1, published: true });
    const event = t.publisher.events.at(-1)?.event;
    expect(event).toEqual({
      type: 'results_published',
      data: { classId: w.classId, termId: w.term1, published: true },
    });
    // The class's families and teachers hear of it; another class's family does not.
    expect(concerns({ role: 'parent', userId: 'p', classIds: [w.classId] }, event as never)).toBe(true);
    expect(concerns({ role: 'parent', userId: 'p', classIds: ['another'] }, event as never)).toBe(false);

    const listed = await w.admin.get(`/api/grades/publications?classId=${w.classId}`);
    expect(listed.body.data).toEqual([
      { termId: w.term1, publishedAt: done.body.data.publishedAt, publishedBy: expect.any(String) },
    ]);

    const results = (await w.family.get(`/api/family/children/${w.asha.studentId}/results`)).body.data;
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      term: { _id: w.term1, name: 'Term 1' },
      subjects: [{ _id: w.subjectId, name: 'Mathematics', percent: 90, grade: 'A2', points: 9 }],
      percent: 90,
      grade: 'A2',
      gpa: 9,
      rank: null,
    });
    const file = await card(token, w.asha.studentId, w.term1);
    expect(file.status).toBe(200);
    const text = pdfText(new Uint8Array(await file.arrayBuffer()));
    expect(text).toContain('Asha Rao');
    expect(text).not.toContain('Ravi Kumar');
    expect(text).toMatch(/Mathematics\s+Unit test 45\/50\s+90\.0%\s+A2/);
    // Term 2 is not published: neither its results nor its card.
    expect((await card(token, w.asha.studentId, w.term2)).status).toBe(404);

    const withdrawn = await w.publish(w.term1, false);
    expect(withdrawn.body.message).toBe('Report cards withdrawn successfully');
    expect((await w.family.get(`/api/family/children/${w.asha.studentId}/results`)).body.data).toEqual([]);
    expect((await card(token, w.asha.studentId, w.term1)).status).toBe(404);
    expect((await w.admin.get(`/api/grades/publications?classId=${w.classId}`)).body.data).toEqual([]);
  });

  it('answers 404 for another family’s child and another school’s class or term, and is the office’s alone', async () => {
    const w = await published();
    await w.publish(w.term1);
    const token = await signIn(t, w.asha.parentEmail as string, PASSWORD, '/api/students/parents/login');
    expectError(await w.family.get(`/api/family/children/${w.ravi.studentId}/results`), 404, 'Student not found');
    expect((await card(token, w.ravi.studentId, w.term1)).status).toBe(404);
    const teacher = await teacherCaller(t, w.teacher.email);
    expect((await w.publish(w.term2, true, teacher)).status).toBe(403);
    const other = await published();
    expectError(await w.publish(other.term1), 404, 'Term not found');
    expectError(
      await w.admin.put('/api/grades/publications', { classId: other.classId, termId: w.term1, published: true }),
      404,
      'Class not found',
    );
    expect((await card(token, w.asha.studentId, other.term1)).status).toBe(404);
  });

  it('notes in the activity log that marks were changed after their term was published', async () => {
    const w = await published();
    await w.remark(40);
    await w.publish(w.term1);
    await w.remark(44);
    const logged = await t.db
      .select({ summary: activityLogs.summary })
      .from(activityLogs)
      .where(and(eq(activityLogs.schoolId, w.schoolId), like(activityLogs.summary, '%Saved 2 mark(s)%')));
    const after = logged.filter((l) => l.summary?.startsWith('After the Term 1 report cards were published: '));
    expect(logged).toHaveLength(4);
    expect(after).toHaveLength(1);
    expect(after[0].summary).toContain('Asha Rao 40 → 44');
  });
});
