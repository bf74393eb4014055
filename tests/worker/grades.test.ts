import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { jsonInserts } from '../../worker/db/bulk';
import { d1Database } from '../../worker/db/d1';
import { DbMeter } from '../../worker/db/meter';
import { classes, schools, students, subjects, teachers, users } from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { issueToken } from '../../worker/lib/tokens';

const worker = (exports as unknown as { default: Fetcher }).default;
const db = d1Database(env.DB, new DbMeter());

async function call(token: string, path: string, method = 'GET', json?: unknown) {
  const res = await worker.fetch(`http://portal.test${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/**
 * On D1: a mark sheet written as one JSON upsert, guards and all, replaces earlier marks, and the sheet reads
 * them back by the marks' key; a new school has the default grading scale (a trigger of the migration).
 */
describe('the gradebook on D1', () => {
  it('saves a class’s marks twice without duplicates and reads them back', async () => {
    const schoolId = newId();
    const adminId = newId();
    const teacherUserId = newId();
    const teacherId = newId();
    const classId = newId();
    const subjectId = newId();
    const size = 12;
    const pupils = Array.from({ length: size }, (_, i) => ({
      userId: newId(),
      studentId: newId(),
      roll: String(i + 1),
    }));
    const date = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await db.batch([
      db.insert(schools).values({ id: schoolId, name: 'D1 Register School', code: `D1R-${schoolId.slice(0, 6)}` }),
      db.insert(users).values({
        id: adminId,
        schoolId,
        role: 'school_admin',
        name: 'Ada Admin',
        email: `a.${adminId}@d1.example`,
        passwordHash: 'x',
      }),
      db.insert(users).values({
        id: teacherUserId,
        schoolId,
        role: 'teacher',
        name: 'Rita Rao',
        email: `t.${teacherUserId}@d1.example`,
        passwordHash: 'x',
      }),
      db.insert(teachers).values({ id: teacherId, schoolId, userId: teacherUserId }),
      db.insert(classes).values({
        id: classId,
        schoolId,
        name: '7',
        section: 'B',
        capacity: 40,
        academicYear: '2024-2025',
        teacherId,
      }),
      db.insert(subjects).values({ id: subjectId, schoolId, name: 'Geography', classId, teacherId }),
      ...jsonInserts(
        db,
        users,
        pupils.map((p) => ({
          id: p.userId,
          schoolId,
          role: 'student' as const,
          name: `Pupil ${p.roll}`,
          email: `p.${p.userId}@d1.example`,
          passwordHash: 'x',
        })),
      ),
      ...jsonInserts(
        db,
        students,
        pupils.map((p) => ({
          id: p.studentId,
          schoolId,
          userId: p.userId,
          classId,
          rollNumber: p.roll,
          admissionNumber: `A${p.roll}`,
          dateOfBirth: '2012-01-01',
          gender: 'male' as const,
          admissionDate: '2024-04-01',
        })),
      ),
    ] as unknown as [never]);
    const { token } = await issueToken(
      env.JWT_SECRET,
      { userId: teacherUserId, schoolId, role: 'teacher', tokenVersion: 0 },
      new Date(),
    );
    const { token: adminToken } = await issueToken(
      env.JWT_SECRET,
      { userId: adminId, schoolId, role: 'school_admin', tokenVersion: 0 },
      new Date(),
    );

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
  });
});
