/**
 * Backups carry the gradebook: terms, the grading scale, assessments with their integer keys and the compact
 * marks. A file whose marks point outside it, or at another school's assessment, is refused.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessmentMarks, backups } from '../../worker/db/schema';
import { encodeSnapshot } from '../../worker/modules/settings/backup';
import { createTestApp, json, type TestApp } from '../support/app';
import { caller, classroom, classroomAssessment } from '../support/classroom';
import { addClassRoll } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2025-09-20T05:00:00.000Z');
});

const DAMAGED = 'The backup file is damaged and cannot be restored';

async function school() {
  const w = await classroom(t);
  const roll = await addClassRoll(t, w.schoolId, w.classId, 2);
  const { id, termId } = await classroomAssessment(w);
  const saved = await w.admin.put(`/api/grades/assessments/${id}/marks`, {
    marks: [
      { studentId: roll[0].studentId, status: 'scored', score: 41.5, remarks: 'Good' },
      { studentId: roll[1].studentId, status: 'absent' },
    ],
  });
  expect(saved.status).toBe(200);
  await w.admin.put('/api/grades/scale', {
    bands: [
      { minPercent: 0, grade: 'F', points: 0 },
      { minPercent: 50, grade: 'P', points: 1 },
    ],
  });
  const backup = await w.admin.post('/api/settings/backup', {});
  const backupId = backup.body.data._id as string;
  const [row] = await t.db.select().from(backups).where(eq(backups.id, backupId));
  const bytes = await (await t.platform.files!.get(row.storageKey))!.arrayBuffer();
  const text = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
  const restore = async (snapshot?: unknown) => {
    if (snapshot) await t.platform.files!.put(row.storageKey, await encodeSnapshot(snapshot as never));
    return t.request(`/api/settings/backup/${backupId}/restore`, { method: 'POST', token: w.token });
  };
  const marks = () =>
    t.db
      .select()
      .from(assessmentMarks)
      .where(eq(assessmentMarks.assessmentId, Number(id)))
      .orderBy(assessmentMarks.studentNumber);
  return { ...w, roll, id, termId, snapshot: () => JSON.parse(text), restore, marks };
}

describe('the gradebook in backups', () => {
  it('restores terms, the scale, assessments under their keys and every mark', async () => {
    const w = await school();
    const before = {
      marks: await w.marks(),
      sheet: (await w.admin.get(`/api/grades/assessments/${w.id}/marks`)).body.data,
    };
    expect(w.snapshot().tables.assessment_marks).toHaveLength(2);
    expect(w.snapshot().tables.grade_bands).toHaveLength(2);
    // Changes after the backup: a mark corrected, the scale replaced, a new assessment.
    await w.admin.put(`/api/grades/assessments/${w.id}/marks`, {
      marks: [{ studentId: w.roll[1].studentId, status: 'scored', score: 10 }],
    });
    await w.admin.put('/api/grades/scale', {
      bands: [
        { minPercent: 0, grade: 'X', points: 0 },
        { minPercent: 1, grade: 'Y', points: 1 },
      ],
    });

    const res = await w.restore();
    expect(res.status).toBe(200);
    const admin = caller(t, (await json<any>(res)).data.token);
    expect(await w.marks()).toEqual(before.marks);
    const sheet = (await admin.get(`/api/grades/assessments/${w.id}/marks`)).body.data;
    expect({ ...sheet, assessment: { ...sheet.assessment, markedAt: null } }).toEqual({
      ...before.sheet,
      assessment: { ...before.sheet.assessment, markedAt: null },
    });
    expect((await admin.get('/api/grades/scale')).body.data.bands.map((b: any) => b.grade)).toEqual(['P', 'F']);
  });

  it('keeps the scale when restoring a backup made before the gradebook', async () => {
    const w = await school();
    const old = w.snapshot();
    for (const name of ['terms', 'grade_bands', 'assessments', 'assessment_marks']) delete old.tables[name];
    const res = await w.restore(old);
    expect(res.status).toBe(200);
    const admin = caller(t, (await json<any>(res)).data.token);
    expect((await admin.get('/api/grades/scale')).body.data.bands.map((b: any) => b.grade)).toEqual(['P', 'F']);
    expect((await admin.get(`/api/grades/assessments?classId=${w.classId}`)).body.data).toEqual([]);
  });

  it('refuses a file whose marks point outside it or at another school’s assessment, changing nothing', async () => {
    const w = await school();
    const other = await school();
    const marks = await w.marks();
    const unknownStudent = w.snapshot();
    unknownStudent.tables.assessment_marks[0].studentNumber = 99999;
    const unknownAssessment = w.snapshot();
    unknownAssessment.tables.assessment_marks[0].assessmentId = 99999;
    const foreign = w.snapshot();
    foreign.tables.assessments[0].id = Number(other.id);
    for (const row of foreign.tables.assessment_marks) row.assessmentId = Number(other.id);
    for (const file of [unknownStudent, unknownAssessment]) {
      const res = await w.restore(file);
      expect({ status: res.status, error: (await json<any>(res)).error }).toEqual({ status: 422, error: DAMAGED });
    }
    const res = await w.restore(foreign);
    expect({ status: res.status, error: (await json<any>(res)).error }).toEqual({ status: 422, error: DAMAGED });
    expect(await w.marks()).toEqual(marks);
    expect(await other.marks()).toHaveLength(2);
  });
});
