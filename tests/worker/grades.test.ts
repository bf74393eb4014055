import { describe, expect, it } from 'vitest';
import { call, d1Classroom, worker } from './d1-classroom';

/**
 * On D1: a mark sheet written as one JSON upsert, guards and all, replaces earlier marks, and the sheet reads
 * them back by the marks' key; a new school has the default grading scale (a trigger of the migration).
 */
describe('the gradebook on D1', () => {
  it('saves a class’s marks twice without duplicates and reads them back', async () => {
    const { classId, subjectId, size, pupils, date, token, adminToken } = await d1Classroom();

    const scale = await call(adminToken, '/api/grades/scale');
    expect(scale.body.data.bands.map((b: any) => b.grade)).toEqual(['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'D', 'E']);
    const term = await call(adminToken, '/api/grades/terms', 'POST', {
      name: 'Term 1',
      startDate: '2020-01-01',
      endDate: '2099-12-31',
    });
    expect(term.status).toBe(201);
    const made = await call(token, '/api/grades/assessments', 'POST', {
      classId,
      subjectId,
      termId: term.body.data._id,
      title: 'Map test',
      type: 'test',
      date,
      maxMarks: 40,
    });
    expect(made.status).toBe(201);
    const path = `/api/grades/assessments/${made.body.data._id}/marks`;
    const first = await call(token, path, 'PUT', {
      marks: pupils.map((p, i) => ({ studentId: p.studentId, status: 'scored', score: i + 0.5 })),
    });
    expect(first.body).toMatchObject({ success: true, data: { saved: size } });
    const second = await call(token, path, 'PUT', {
      marks: [
        { studentId: pupils[0].studentId, status: 'absent' },
        { studentId: pupils[1].studentId, status: 'scored', score: 39.75, remarks: 'Much better' },
      ],
    });
    expect(second.status).toBe(200);
    const above = await call(token, path, 'PUT', {
      marks: [{ studentId: pupils[2].studentId, status: 'scored', score: 40.5 }],
    });
    expect(above.body.code).toBe('SCORE_ABOVE_MAXIMUM');
    const sheet = await call(adminToken, path);
    expect(sheet.body.data.students.map((s: any) => s.mark?.score ?? s.mark?.status)).toEqual([
      'absent',
      39.75,
      ...pupils.slice(2).map((_, i) => i + 2.5),
    ]);
    expect(sheet.body.data.statistics.marked).toBe(size);
    const lowered = await call(adminToken, `/api/grades/assessments/${made.body.data._id}`, 'PUT', { maxMarks: 30 });
    expect(lowered.body.code).toBe('SCORE_ABOVE_MAXIMUM');
    // Term results on D1: absent 0 → E; 39.75 of 40 → 99.4 → A1; one grouped read, keyed by distinct names.
    const results = await call(adminToken, `/api/grades/results?classId=${classId}&termId=${term.body.data._id}`);
    expect(results.status).toBe(200);
    expect(results.body.data.students.slice(0, 2).map((s: any) => [s.student._id, s.percent, s.grade])).toEqual([
      [pupils[0].studentId, 0, 'E'],
      [pupils[1].studentId, 99.4, 'A1'],
    ]);
    expect(results.body.data.subjects.find((s: any) => s._id === subjectId).statistics.students).toBe(size);
    // Report cards and publishing on D1: one PDF for the class, its fonts read from the static assets.
    const published = await call(adminToken, '/api/grades/publications', 'PUT', {
      classId,
      termId: term.body.data._id,
      published: true,
    });
    expect(published.status).toBe(200);
    expect((await call(adminToken, `/api/grades/publications?classId=${classId}`)).body.data).toHaveLength(1);
    const cards = await worker.fetch(
      `http://portal.test/api/grades/report-cards?classId=${classId}&termId=${term.body.data._id}`,
      { headers: { Authorization: `Bearer ${adminToken}` } },
    );
    expect(cards.status).toBe(200);
    expect(cards.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await cards.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });
});
