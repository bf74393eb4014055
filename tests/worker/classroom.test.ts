import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { d1Database } from '../../worker/db/d1';
import { batchOf } from '../../worker/db/database';
import { DbMeter } from '../../worker/db/meter';
import { schools, students, teachers, users } from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { issueToken } from '../../worker/lib/tokens';
import { markRowInserts } from '../../worker/modules/attendance/marks';

const worker = (exports as unknown as { default: Fetcher }).default;
const db = d1Database(env.DB, new DbMeter());

async function call(token: string, path: string, method = 'GET', json?: unknown) {
  const res = await worker.fetch(`http://portal.test${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: res.status, body: (await res.json()) as any, etag: res.headers.get('etag') };
}

/**
 * D1 answers a batched statement as objects keyed by column name: every joined list of the classroom
 * endpoints must keep the class name, the teacher name and the subject name apart.
 */
describe('classroom endpoints on D1', () => {
  it('populate class, teacher and subject names correctly through batched joins', async () => {
    const schoolId = newId();
    const adminId = newId();
    const teacherUserId = newId();
    const teacherId = newId();
    const studentUserId = newId();
    const studentId = newId();
    await db.batch([
      db.insert(schools).values({ id: schoolId, name: 'D1 Classroom School', code: `D1C-${schoolId.slice(0, 6)}` }),
      db.insert(users).values([
        {
          id: adminId,
          schoolId,
          role: 'school_admin',
          name: 'Ada Admin',
          email: `a.${adminId}@d1.example`,
          passwordHash: 'x',
        },
        {
          id: teacherUserId,
          schoolId,
          role: 'teacher',
          name: 'Rita Rao',
          email: `t.${teacherUserId}@d1.example`,
          passwordHash: 'x',
        },
        {
          id: studentUserId,
          schoolId,
          role: 'student',
          name: 'Sam Student',
          email: `s.${studentUserId}@d1.example`,
          passwordHash: 'x',
        },
      ]),
      db.insert(teachers).values({ id: teacherId, schoolId, userId: teacherUserId, designation: 'Teacher' }),
      db.insert(students).values({
        id: studentId,
        schoolId,
        userId: studentUserId,
        rollNumber: '1',
        admissionNumber: 'A1',
        dateOfBirth: '2012-01-01',
        gender: 'male',
        admissionDate: '2024-04-01',
      }),
    ]);
    const { token } = await issueToken(
      env.JWT_SECRET,
      { userId: adminId, schoolId, role: 'school_admin', tokenVersion: 0 },
      new Date(),
    );
    const { token: teacherToken } = await issueToken(
      env.JWT_SECRET,
      { userId: teacherUserId, schoolId, role: 'teacher', tokenVersion: 0 },
      new Date(),
    );

    const klass = await call(token, '/api/classes', 'POST', {
      name: '8',
      section: 'A',
      teacherId,
      capacity: 30,
      room: '101',
    });
    expect(klass.status).toBe(201);
    const classId = klass.body.data._id;
    const subject = await call(token, '/api/subjects', 'POST', { name: 'Mathematics', code: 'M8', classId, teacherId });
    expect(subject.status).toBe(201);
    const subjectId = subject.body.data._id;
    const category = await call(token, '/api/subjects/categories', 'POST', { name: 'Core' });
    await call(token, `/api/subjects/${subjectId}`, 'PUT', { categoryId: category.body.data._id });
    const slot = { teacherId, classId, subjectId, dayOfWeek: 'Monday', startTime: '09:00', endTime: '09:45' };
    expect((await call(token, '/api/schedules', 'POST', slot)).status).toBe(201);
    const clash = await call(token, '/api/schedules', 'POST', { ...slot, startTime: '09:30', endTime: '10:00' });
    expect(clash.body.error).toBe('Teacher clash: Rita Rao already teaches 8-A Mathematics on Monday 09:00-09:45');
    expect((await call(token, `/api/students/${studentId}/assign-class`, 'PUT', { classId })).status).toBe(200);
    await db.batch(
      batchOf(
        markRowInserts(db, [
          {
            schoolId,
            studentId,
            classId,
            subjectId,
            date: new Date().toISOString().slice(0, 10),
            status: 'present',
            markedAt: new Date().toISOString(),
          },
        ]),
      ),
    );

    const classes = await call(token, '/api/classes');
    expect(classes.body.data[0]).toMatchObject({
      _id: classId,
      name: '8',
      teacherId: { _id: teacherId, name: 'Rita Rao' },
      studentCount: 1,
      subjectCount: 1,
    });
    const subjects = await call(token, '/api/subjects');
    expect(subjects.body.data[0]).toMatchObject({
      _id: subjectId,
      name: 'Mathematics',
      classId: { _id: classId, name: '8', section: 'A' },
      teacherId: { _id: teacherId, name: 'Rita Rao' },
      categoryId: { name: 'Core' },
    });
    const expectedSlot = {
      teacherId: { _id: teacherId, name: 'Rita Rao' },
      classId: { _id: classId, name: '8', section: 'A' },
      subjectId: { _id: subjectId, name: 'Mathematics', code: 'M8' },
      room: '101',
    };
    expect((await call(token, '/api/schedules')).body.data[0]).toMatchObject(expectedSlot);
    expect((await call(token, '/api/schedules/weekly')).body.data.days.Monday[0]).toMatchObject(expectedSlot);
    expect((await call(teacherToken, `/api/schedules/teacher/${teacherId}`)).body.data[0]).toMatchObject(expectedSlot);
    const available = await call(token, '/api/schedules/available');
    expect(available.body.data.teachers[0]).toMatchObject({ _id: teacherId, name: 'Rita Rao', classIds: [classId] });
    // The roster leaves D1 as one JSON text; its conditional repeat answers 304 on D1 too.
    const students_ = await call(token, '/api/students');
    expect(students_.body.data[0]).toMatchObject({ name: 'Sam Student', classId });
    const cards = await call(token, '/api/students?view=cards');
    expect(cards.body.data[0]).toMatchObject({ name: 'Sam Student', classId, parents: expect.any(Array) });
    const again = await worker.fetch('http://portal.test/api/students', {
      headers: { Authorization: `Bearer ${token}`, 'If-None-Match': students_.etag ?? '' },
    });
    expect(again.status).toBe(304);
    const teacher = await call(token, `/api/teachers/${teacherId}`);
    expect(teacher.body.data).toMatchObject({
      name: 'Rita Rao',
      assignedSubjects: [{ name: 'Mathematics', classId: { name: '8', section: 'A' } }],
    });
    expect((await call(token, '/api/teachers')).body.data[0]).toMatchObject({ name: 'Rita Rao', isActive: true });
    const report = await call(token, `/api/classes/${classId}/reports/attendance`);
    expect(report.body.data.students[0]).toMatchObject({ student: { name: 'Sam Student' }, present: 1, rate: 100 });
    expect(report.body.data.subjects[0]).toMatchObject({ subject: { name: 'Mathematics' }, total: 1 });
    const performance = await call(token, `/api/classes/${classId}/reports/performance`);
    expect(performance.body.data.subjects[0]).toMatchObject({ teacherId: { name: 'Rita Rao' }, weeklyPeriods: 1 });
    expect((await call(token, '/api/subjects/stats')).body.data.byCategory).toEqual([
      { _id: category.body.data._id, name: 'Core', count: 1 },
    ]);
    expect((await call(token, '/api/classes/stats')).body.data).toMatchObject({ totalStudents: 1, totalClasses: 1 });
    const replaced = await call(token, `/api/classes/${classId}/schedule`, 'PUT', {
      schedule: [{ teacherId, subjectId, dayOfWeek: 'Tuesday', startTime: '10:00', endTime: '10:45' }],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data[0]).toMatchObject({ ...expectedSlot, dayOfWeek: 'Tuesday' });
    expect((await call(teacherToken, `/api/classes/${classId}`)).body.data.name).toBe('8');
  });
});
