/**
 * The term results', report cards' and family results' SQL reaches assessments and their marks only through an
 * index: SQLite's plan may SEARCH them, never SCAN them nor search them by school alone.
 */
import { beforeAll, expect, it } from 'vitest';
import { createTestApp, PASSWORD, signIn, type TestApp } from '../support/app';
import { caller, classroom } from '../support/classroom';
import { createStudent } from '../support/factories';
import { clientOf, planOf, recordStatements, wholeTableReads } from '../support/query-plans';

const TABLES = ['assessments', 'assessment_marks', 'report_publications', 'attendance_marks'] as const;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2025-09-20T05:00:00.000Z');
});

it('reads assessments, marks and publications by their keys, never the whole school', async () => {
  const w = await classroom(t);
  const child = await createStudent(t, w.schoolId, { classId: w.classId, name: 'Asha Rao' });
  const termId = (
    await w.admin.post('/api/grades/terms', { name: 'Term 1', startDate: '2025-04-01', endDate: '2025-09-30' })
  ).body.data._id;
  const made = await w.admin.post('/api/grades/assessments', {
    classId: w.classId,
    subjectId: w.subjectId,
    termId,
    title: 'Unit test',
    type: 'test',
    date: '2025-09-10',
    maxMarks: 50,
  });
  await w.admin.put(`/api/grades/assessments/${made.body.data._id}/marks`, {
    marks: [{ studentId: child.studentId, status: 'scored', score: 40 }],
  });
  await w.admin.put('/api/grades/publications', { classId: w.classId, termId, published: true });
  const family = caller(t, await signIn(t, child.parentEmail as string, PASSWORD, '/api/students/parents/login'));

  const recorder = recordStatements(t);
  const query = `classId=${w.classId}&termId=${termId}`;
  expect((await w.admin.get(`/api/grades/results?${query}`)).status).toBe(200);
  expect((await t.request(`/api/grades/report-cards?${query}`, { token: w.token })).status).toBe(200);
  expect((await w.admin.get(`/api/classes/${w.classId}/reports/performance`)).status).toBe(200);
  expect((await family.get(`/api/family/children/${child.studentId}/results`)).status).toBe(200);
  const reads = recorder.take().filter((s) => /^\s*select/i.test(s.sql));
  expect(reads.length).toBeGreaterThan(10);
  const client = clientOf(t.db);
  const whole: string[] = [];
  for (const stmt of reads) {
    for (const line of wholeTableReads(stmt, await planOf(client, stmt), TABLES)) whole.push(`${line} in ${stmt.sql}`);
  }
  expect(whole).toEqual([]);
});
