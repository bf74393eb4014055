/**
 * Report cards: a student's, or a class's as one PDF with a page each, read back with pdftotext; in the school's
 * language and script (Hindi, Arabic); the term's attendance from the registers; who may download them.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, schools } from '../../worker/db/schema';
import { createTestApp, PASSWORD, signIn, type TestApp } from '../support/app';
import { classroom } from '../support/classroom';
import { addClassRoll, addTeacher } from '../support/factories';
import { keepPdf, pdfText } from '../support/pdf';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2025-09-20T05:00:00.000Z');
});

/**
 * 8-A's Mathematics in Term 1: a test out of 50 (Pupil 1 45, Pupil 2 absent) and a quiz out of 10 weighing 2
 * (Pupil 1 8 "Neat working", Pupil 2 exempt): Pupil 1 (0.9 + 0.8·2) / 3 = 83.3 % A2; Pupil 2 absent only, 0 % E.
 * Attendance on 15 September: Pupil 1 present, Pupil 2 late.
 */
async function cards(options: { language?: 'en' | 'hi' | 'ar'; names?: string[] } = {}) {
  const w = await classroom(t);
  if (options.language)
    await t.db.update(schools).set({ language: options.language }).where(eq(schools.id, w.schoolId));
  const roll = await addClassRoll(t, w.schoolId, w.classId, 2);
  for (const [i, name] of (options.names ?? []).entries())
    expect((await w.admin.put(`/api/students/${roll[i].studentId}`, { name })).status).toBe(200);
  const termId = (
    await w.admin.post('/api/grades/terms', { name: 'Term 1', startDate: '2025-04-01', endDate: '2025-09-30' })
  ).body.data._id as string;
  const assess = async (maxMarks: number, weight: number, marks: unknown[]) => {
    const made = await w.admin.post('/api/grades/assessments', {
      classId: w.classId,
      subjectId: w.subjectId,
      termId,
      title: maxMarks === 50 ? 'Unit test' : 'Quiz',
      type: 'test',
      date: '2025-09-10',
      maxMarks,
      weight,
    });
    const saved = await w.admin.put(`/api/grades/assessments/${made.body.data._id}/marks`, { marks });
    expect(saved.status).toBe(200);
  };
  await assess(50, 1, [
    { studentId: roll[0].studentId, status: 'scored', score: 45 },
    { studentId: roll[1].studentId, status: 'absent' },
  ]);
  await assess(10, 2, [
    { studentId: roll[0].studentId, status: 'scored', score: 8, remarks: 'Neat working' },
    { studentId: roll[1].studentId, status: 'exempt' },
  ]);
  const taken = await w.admin.post('/api/attendance/bulk', {
    classId: w.classId,
    subjectId: w.subjectId,
    date: '2025-09-15',
    records: [
      { studentId: roll[0].studentId, status: 'present' },
      { studentId: roll[1].studentId, status: 'late' },
    ],
  });
  expect(taken.status).toBe(200);
  const download = async (query: string, token = w.token) => {
    const res = await t.request(`/api/grades/report-cards?classId=${w.classId}&termId=${termId}${query}`, { token });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      bytes: new Uint8Array(await res.arrayBuffer()),
    };
  };
  return { ...w, roll, termId, download };
}

const pages = (text: string) => text.split('\f').filter((page) => page.trim());

describe('report cards', () => {
  it('print a class’s cards as one PDF, a page per student, with marks, grades, GPA, attendance and remarks', async () => {
    const w = await cards();
    const file = await w.download('');
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    keepPdf('report-cards-class', file.bytes);
    const [first, second, ...rest] = pages(pdfText(file.bytes));
    expect(rest).toHaveLength(0);
    expect(first).toContain('REPORT CARD');
    expect(first).toContain('Pupil 1');
    expect(first).not.toContain('Pupil 2');
    expect(first).toMatch(/Mathematics\s+Unit test 45\/50 · Quiz 8\/10\s+83\.3%\s+A2\s+9/);
    expect(first).toMatch(/Overall\s+GPA 9\s+83\.3%\s+A2/);
    expect(first).toMatch(/Present 1, late 0, absent 0, excused 0 of 1 periods: 100\.0%/);
    expect(first).toContain('Mathematics: Neat working');
    expect(first).toContain('Rahul Verma');
    expect(first).not.toContain('Rank');
    expect(second).toMatch(/Mathematics\s+Unit test Absent · Quiz Exempt\s+0\.0%\s+E\s+0/);
    expect(second).toMatch(/Present 0, late 1, absent 0, excused 0 of 1 periods: 100\.0%/);
  });

  it('print one student’s card, with a rank where the school ranks, and log each download', async () => {
    const w = await cards();
    await w.admin.put('/api/settings/school-info', { rankStudents: true });
    const file = await w.download(`&studentId=${w.roll[1].studentId}`);
    expect(file.status).toBe(200);
    const text = pdfText(file.bytes);
    expect(pages(text)).toHaveLength(1);
    expect(text).toContain('Pupil 2');
    expect(text).not.toContain('Pupil 1');
    expect(text).toMatch(/GPA 0\s+·\s+Rank 2 of 2/);
    const logged = await t.db.select().from(activityLogs).where(eq(activityLogs.entityId, w.roll[1].studentId));
    expect(logged.map((l) => [l.action, l.summary])).toContainEqual([
      'export',
      'Downloaded the Term 1 report card(s) of Pupil 2: 1 student(s)',
    ]);
  });

  it('are refused to a teacher of another class, and another class’s or school’s ids are not found', async () => {
    const w = await cards();
    expect((await w.download('', await signInTeacher(w.teacher.email))).status).toBe(200);
    const stranger = await addTeacher(t, w.schoolId, { name: 'Meera Iyer' });
    expect((await w.download('', await signInTeacher(stranger.email))).status).toBe(403);
    const other = await cards();
    expect((await w.download(`&studentId=${other.roll[0].studentId}`)).status).toBe(404);
    const res = await t.request(`/api/grades/report-cards?classId=${other.classId}&termId=${w.termId}`, {
      token: w.token,
    });
    expect(res.status).toBe(404);
    const res2 = await t.request(`/api/grades/report-cards?classId=${w.classId}&termId=${other.termId}`, {
      token: w.token,
    });
    expect(res2.status).toBe(404);
  });

  it('print in a Hindi school’s language and script', async () => {
    const w = await cards({ language: 'hi', names: ['क्षत्रिय श्रीनिवास', 'अनन्या शर्मा'] });
    const file = await w.download('');
    expect(file.status).toBe(200);
    keepPdf('report-cards-hindi', file.bytes);
    const text = pdfText(file.bytes);
    expect(text).toContain('प्रगति पत्र');
    expect(text).toContain('क्षत्रिय श्रीनिवास');
    expect(text).toContain('अनन्या शर्मा');
    expect(text).toContain('उपस्थिति');
    expect(text).toMatch(/83\.3%\s+A2/);
    expect(text).not.toContain('?');
  });

  it('print in an Arabic school’s language and script, right to left', async () => {
    const w = await cards({ language: 'ar', names: ['محمد عبد الله', 'فاطمة حسن'] });
    const file = await w.download('');
    expect(file.status).toBe(200);
    keepPdf('report-cards-arabic', file.bytes);
    const text = pdfText(file.bytes);
    expect(text).toContain('بطاقة التقرير');
    expect(text).toContain('محمد عبد الله');
    expect(text).toContain('فاطمة حسن');
    expect(text).toContain('الحضور');
    expect(text).not.toContain('?');
  });
});

const signInTeacher = (email: string) => signIn(t, email, PASSWORD, '/api/teachers/login');
