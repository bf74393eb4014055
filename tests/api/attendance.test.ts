import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, schools, studentAttendance } from '../../worker/db/schema';
import { createTestApp, signIn, type TestApp } from '../support/app';
import { caller, classroom, expectError, schoolWithAdmin, teacherCaller } from '../support/classroom';
import { addClassRoll, addCoTeacher, addSubject, addTeacher, createClass, createStudent } from '../support/factories';

const TODAY = '2025-03-14';
const YESTERDAY = '2025-03-13';
const TOMORROW = '2025-03-15';
const NOW = '2025-03-14T10:00:00.000Z';
const MARKED = 'Attendance marked successfully';
const NOT_YOURS = 'You can only mark attendance for classes and subjects you teach';
const FUTURE = 'Attendance cannot be marked for a future date';
const NOT_YOUR_CLASS = 'Access denied. You can only view classes you teach.';
const ADMIN_ONLY = 'Access denied. Required role: school_admin';
const STAFF_ONLY = 'Access denied. Required role: school_admin or teacher';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date(NOW);
});

/** A school with class 8-A, its Mathematics teacher (signed in) and a roll of students numbered 1…size. */
async function school(size = 3) {
  const w = await classroom(t);
  const roll = await addClassRoll(t, w.schoolId, w.classId, size);
  const teacher = await teacherCaller(t, w.teacher.email);
  return { ...w, roll, teacher, teacherId: w.teacher.teacherId, teacherUserId: w.teacher.userId };
}
type School = Awaited<ReturnType<typeof school>>;

function register(w: School, statuses: string[], extra: Record<string, unknown> = {}) {
  return {
    classId: w.classId,
    subjectId: w.subjectId,
    date: TODAY,
    records: statuses.map((status, i) => ({ studentId: w.roll[i].studentId, status })),
    ...extra,
  };
}

async function marksOf(schoolId: string) {
  return t.db
    .select()
    .from(studentAttendance)
    .where(eq(studentAttendance.schoolId, schoolId))
    .orderBy(studentAttendance.studentId);
}

async function countMarks(schoolId: string) {
  const [{ n }] = await t.db
    .select({ n: count() })
    .from(studentAttendance)
    .where(eq(studentAttendance.schoolId, schoolId));
  return n;
}

const eventsOf = (schoolId: string) => t.publisher.events.filter((e) => e.schoolId === schoolId);

describe('POST /api/attendance/bulk: a whole register', () => {
  it('lets the subject teacher take the register, stores who marked it and when, and publishes the event', async () => {
    const w = await school(3);
    const res = await w.teacher.post('/api/attendance/bulk', {
      ...register(w, ['present', 'absent', 'late']),
      records: [
        { studentId: w.roll[0].studentId, status: 'present' },
        { studentId: w.roll[1].studentId, status: 'absent', remarks: ' Fever ' },
        { studentId: w.roll[2].studentId, status: 'late' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MARKED);
    expect(res.body.data).toMatchObject({
      successfulCount: 3,
      failedCount: 0,
      date: TODAY,
      classId: w.classId,
      subjectId: w.subjectId,
    });
    expect(res.body.data.records[1]).toEqual({
      _id: expect.any(String),
      classId: { _id: w.classId, name: '8', section: 'A' },
      studentId: { _id: w.roll[1].studentId, name: 'Pupil 2', rollNumber: '2' },
      subjectId: { _id: w.subjectId, name: 'Mathematics' },
      teacherId: { _id: w.teacherId, name: 'Rahul Verma' },
      status: 'absent',
      remarks: 'Fever',
      markedAt: NOW,
      date: TODAY,
    });

    const rows = await marksOf(w.schoolId);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({ teacherId: w.teacherId, markedBy: w.teacherUserId, markedAt: NOW });
    }
    expect(rows.map((r) => r.id).sort()).toEqual(res.body.data.records.map((r: { _id: string }) => r._id).sort());

    expect(eventsOf(w.schoolId)).toEqual([
      {
        schoolId: w.schoolId,
        event: {
          type: 'attendance_updated',
          data: { type: 'bulk_attendance_marked', successfulCount: 3, date: TODAY, classId: w.classId },
        },
      },
    ]);
    const [log] = await t.db.select().from(activityLogs).where(eq(activityLogs.schoolId, w.schoolId));
    expect(log).toMatchObject({ action: 'create', entity: 'attendance' });
    expect(log.summary).toContain('Mathematics attendance of 3 student(s) of 8-A');
  });

  it('records the marking teacher as the user who marked, and the subject teacher when an administrator marks', async () => {
    const w = await school(2);
    await w.admin.post('/api/attendance/bulk', register(w, ['present', 'present']));
    const rows = await marksOf(w.schoolId);
    expect(rows.map((r) => r.teacherId)).toEqual([w.teacherId, w.teacherId]);
    expect(rows.map((r) => r.markedBy)).toEqual([w.adminId, w.adminId]);

    await w.teacher.post('/api/attendance/bulk', register(w, ['absent', 'absent']));
    const again = await marksOf(w.schoolId);
    expect(again.map((r) => r.markedBy)).toEqual([w.teacherUserId, w.teacherUserId]);
  });

  it('lets a co-teacher mark and carries the co-teacher on the marks', async () => {
    const w = await school(2);
    const co = await addTeacher(t, w.schoolId, { name: 'Meera Iyer' });
    await addCoTeacher(t, w.schoolId, w.subjectId, co.teacherId);
    const coCaller = await teacherCaller(t, co.email);
    const res = await coCaller.post('/api/attendance/bulk', register(w, ['present', 'late']));
    expect(res.status).toBe(200);
    expect(res.body.data.records[0].teacherId).toEqual({ _id: co.teacherId, name: 'Meera Iyer' });
    expect((await marksOf(w.schoolId)).map((r) => r.teacherId)).toEqual([co.teacherId, co.teacherId]);
  });

  it('replaces earlier marks when the register is taken again: same records, never counted twice', async () => {
    const w = await school(3);
    const first = await w.teacher.post('/api/attendance/bulk', register(w, ['present', 'present', 'present']));
    t.clock.now = new Date('2025-03-14T11:30:00.000Z');
    try {
      const second = await w.teacher.post('/api/attendance/bulk', {
        ...register(w, ['absent', 'present', 'late']),
        records: [
          { studentId: w.roll[0].studentId, status: 'absent', remarks: 'Left early' },
          { studentId: w.roll[1].studentId, status: 'present' },
          { studentId: w.roll[2].studentId, status: 'late' },
        ],
      });
      expect(second.status).toBe(200);
      expect(second.body.data.records.map((r: { _id: string }) => r._id)).toEqual(
        first.body.data.records.map((r: { _id: string }) => r._id),
      );
    } finally {
      t.clock.now = new Date(NOW);
    }
    const rows = await marksOf(w.schoolId);
    expect(rows).toHaveLength(3);
    const byStudent = new Map(rows.map((r) => [r.studentId, r]));
    expect(byStudent.get(w.roll[0].studentId)).toMatchObject({
      status: 'absent',
      remarks: 'Left early',
      markedAt: '2025-03-14T11:30:00.000Z',
    });
    expect(byStudent.get(w.roll[2].studentId)?.status).toBe('late');

    // A single mark for the same student, subject and date replaces it too.
    const single = await w.admin.post('/api/attendance', {
      studentId: w.roll[0].studentId,
      classId: w.classId,
      subjectId: w.subjectId,
      date: TODAY,
      status: 'excused',
    });
    expect(single.body.data._id).toBe(first.body.data.records[0]._id);
    expect(single.body.data.remarks).toBeNull();
    expect(await countMarks(w.schoolId)).toBe(3);

    const stats = await w.admin.get(`/api/attendance/class/${w.classId}`);
    expect(stats.body.data.summary).toMatchObject({ total: 3, present: 1, absent: 0, late: 1, excused: 1 });
  });

  it('costs the same database round trips for a register of 5 and of 40 students', async () => {
    const small = await school(5);
    const large = await school(40);
    const statuses = (n: number) => Array.from({ length: n }, (_, i) => (i % 3 === 0 ? 'absent' : 'present'));
    const a = await small.teacher.post('/api/attendance/bulk', register(small, statuses(5)));
    const b = await large.teacher.post('/api/attendance/bulk', register(large, statuses(40)));
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.data.successfulCount).toBe(40);
    expect(await countMarks(large.schoolId)).toBe(40);
    expect(b.trips).toBe(a.trips);
    // Session check, the school's today, one read batch, one write batch.
    expect(b.trips).toBeLessThanOrEqual(4);
  });

  it('is atomic: one student outside the class refuses the whole register, nothing is written or published', async () => {
    const w = await school(3);
    const other = await createClass(t, w.schoolId, { name: '9', section: 'B' });
    const [stranger] = await addClassRoll(t, w.schoolId, other, 1, { prefix: 'Visitor' });
    const res = await w.teacher.post('/api/attendance/bulk', {
      ...register(w, ['present', 'present']),
      records: [
        { studentId: w.roll[0].studentId, status: 'present' },
        { studentId: stranger.studentId, status: 'present' },
        { studentId: w.roll[1].studentId, status: 'present' },
      ],
    });
    expectError(res, 400, 'Student Visitor 1 is not in this class', 'NOT_IN_CLASS');
    expect(await countMarks(w.schoolId)).toBe(0);
    expect(eventsOf(w.schoolId)).toEqual([]);
  });

  it("refuses another school's student as not found and writes nothing", async () => {
    const w = await school(2);
    const elsewhere = await school(1);
    const res = await w.admin.post('/api/attendance/bulk', {
      ...register(w, ['present', 'present']),
      records: [
        { studentId: w.roll[0].studentId, status: 'present' },
        { studentId: elsewhere.roll[0].studentId, status: 'absent' },
      ],
    });
    expectError(res, 404, 'Student not found');
    expect(await countMarks(w.schoolId)).toBe(0);
    expect(await countMarks(elsewhere.schoolId)).toBe(0);
  });

  it('refuses a teacher who does not teach the subject, even the class teacher of the class', async () => {
    const w = await school(2);
    const stranger = await addTeacher(t, w.schoolId, { name: 'Anil Kapoor' });
    const strangerCaller = await teacherCaller(t, stranger.email);
    expectError(await strangerCaller.post('/api/attendance/bulk', register(w, ['present'])), 403, NOT_YOURS);

    // The class teacher of 9-B who does not teach its Science.
    const classTeacher = await addTeacher(t, w.schoolId, { name: 'Class Teacher' });
    const nine = await createClass(t, w.schoolId, { name: '9', section: 'B', teacherId: classTeacher.teacherId });
    const science = await addSubject(t, w.schoolId, { name: 'Science', classId: nine, teacherId: w.teacherId });
    const [pupil] = await addClassRoll(t, w.schoolId, nine, 1);
    const classTeacherCaller = await teacherCaller(t, classTeacher.email);
    const res = await classTeacherCaller.post('/api/attendance/bulk', {
      classId: nine,
      subjectId: science,
      date: TODAY,
      records: [{ studentId: pupil.studentId, status: 'present' }],
    });
    expectError(res, 403, NOT_YOURS);
    expect(await countMarks(w.schoolId)).toBe(0);
  });

  it('refuses a subject not taught in the class, and unknown or foreign classes and subjects', async () => {
    const w = await school(1);
    const nine = await createClass(t, w.schoolId, { name: '9', section: 'A' });
    const ninesMaths = await addSubject(t, w.schoolId, { name: 'Mathematics', classId: nine, teacherId: w.teacherId });
    expectError(
      await w.teacher.post('/api/attendance/bulk', register(w, ['present'], { subjectId: ninesMaths })),
      400,
      'This subject is not taught in this class',
      'SUBJECT_NOT_IN_CLASS',
    );
    const elsewhere = await school(1);
    expectError(
      await w.admin.post('/api/attendance/bulk', register(w, ['present'], { classId: elsewhere.classId })),
      404,
      'Class not found',
    );
    expectError(
      await w.admin.post('/api/attendance/bulk', register(w, ['present'], { subjectId: elsewhere.subjectId })),
      404,
      'Subject not found',
    );
    expectError(
      await w.admin.post('/api/attendance/bulk', register(w, ['present'], { classId: 'no-such-class' })),
      404,
      'Class not found',
    );
    expect(await countMarks(w.schoolId)).toBe(0);
  });

  it("refuses a future date, judged by the school's own today", async () => {
    const w = await school(1);
    expectError(
      await w.teacher.post('/api/attendance/bulk', register(w, ['present'], { date: TOMORROW })),
      400,
      FUTURE,
      'FUTURE_DATE',
    );
    expect((await w.teacher.post('/api/attendance/bulk', register(w, ['present'], { date: YESTERDAY }))).status).toBe(
      200,
    );
    // At 10:00 UTC it is already the 15th on Kiritimati (UTC+14).
    await t.db.update(schools).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(schools.id, w.schoolId));
    expect((await w.teacher.post('/api/attendance/bulk', register(w, ['late'], { date: TOMORROW }))).status).toBe(200);
    expectError(
      await w.teacher.post('/api/attendance/bulk', register(w, ['late'], { date: '2025-03-16' })),
      400,
      FUTURE,
      'FUTURE_DATE',
    );
  });

  it('answers Validation failed with details for bad statuses, duplicates and missing fields', async () => {
    const w = await school(2);
    const bad = await w.teacher.post('/api/attendance/bulk', register(w, ['present', 'sleeping']));
    expectError(bad, 400, 'Validation failed');
    expect(bad.body.details).toEqual([
      { msg: 'Status must be present, absent, late or excused', path: 'records.1.status' },
    ]);
    const duplicate = await w.teacher.post('/api/attendance/bulk', {
      ...register(w, []),
      records: [
        { studentId: w.roll[0].studentId, status: 'present' },
        { studentId: w.roll[0].studentId, status: 'absent' },
      ],
    });
    expectError(duplicate, 400, 'Validation failed');
    expect(duplicate.body.details).toEqual([
      { msg: 'A student appears more than once in this register', path: 'records.1.studentId' },
    ]);
    const missing = await w.teacher.post('/api/attendance/bulk', { records: [] });
    expect(missing.body.details).toEqual([
      { msg: 'Class is required', path: 'classId' },
      { msg: 'Subject is required', path: 'subjectId' },
      { msg: 'Date is required', path: 'date' },
      { msg: 'Records must list at least one student', path: 'records' },
    ]);
    const badDate = await w.teacher.post('/api/attendance/bulk', register(w, ['present'], { date: '14/03/2025' }));
    expect(badDate.body.details).toEqual([{ msg: 'Date must be a date (YYYY-MM-DD)', path: 'date' }]);
    expect(await countMarks(w.schoolId)).toBe(0);
  });

  it('needs a token, and refuses students and parents', async () => {
    const w = await school(1);
    expectError(
      await caller(t).post('/api/attendance/bulk', register(w, ['present'])),
      401,
      'Access denied. No token provided.',
    );
    const child = await createStudent(t, w.schoolId, { classId: w.classId });
    const studentToken = await signIn(t, child.email, undefined, '/api/students/login');
    const parentToken = await signIn(t, child.parentEmail as string, undefined, '/api/students/parents/login');
    for (const token of [studentToken, parentToken]) {
      const who = caller(t, token);
      expectError(await who.post('/api/attendance/bulk', register(w, ['present'])), 403, STAFF_ONLY);
      expectError(await who.get(`/api/attendance/class-date?classId=${w.classId}`), 403, STAFF_ONLY);
      expectError(await who.get(`/api/attendance/student/${child.studentId}`), 403, STAFF_ONLY);
    }
  });
});

describe('POST /api/attendance and /api/students/:id/attendance: one mark', () => {
  it('marks one student with the populated record, and replaces the mark when marked again', async () => {
    const w = await school(2);
    const body = {
      studentId: w.roll[1].studentId,
      classId: w.classId,
      subjectId: w.subjectId,
      date: YESTERDAY,
      status: 'late',
      remarks: 'Bus was late',
    };
    const res = await w.teacher.post('/api/attendance', body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MARKED);
    expect(res.body.data).toEqual({
      _id: expect.any(String),
      classId: { _id: w.classId, name: '8', section: 'A' },
      studentId: { _id: w.roll[1].studentId, name: 'Pupil 2', rollNumber: '2' },
      subjectId: { _id: w.subjectId, name: 'Mathematics' },
      teacherId: { _id: w.teacherId, name: 'Rahul Verma' },
      status: 'late',
      remarks: 'Bus was late',
      markedAt: NOW,
      date: YESTERDAY,
    });
    const again = await w.teacher.post('/api/attendance', { ...body, status: 'present', remarks: '' });
    expect(again.body.data).toMatchObject({ _id: res.body.data._id, status: 'present', remarks: null });
    expect(await countMarks(w.schoolId)).toBe(1);
    // One mark tells the class's room, as a register does, so the registers not yet taken update.
    const marked = {
      type: 'attendance_updated',
      data: { type: 'attendance_marked', successfulCount: 1, date: YESTERDAY, classId: w.classId },
    };
    expect(eventsOf(w.schoolId).map((e) => e.event)).toEqual([marked, marked]);
  });

  it('applies the same rules to one mark as to a register', async () => {
    const w = await school(1);
    const [outsider] = await addClassRoll(t, w.schoolId, null, 1, { prefix: 'Unplaced' });
    const body = { studentId: w.roll[0].studentId, classId: w.classId, subjectId: w.subjectId, date: TODAY };
    expectError(
      await w.teacher.post('/api/attendance', { ...body, status: 'present', date: TOMORROW }),
      400,
      FUTURE,
      'FUTURE_DATE',
    );
    expectError(
      await w.teacher.post('/api/attendance', { ...body, status: 'present', studentId: outsider.studentId }),
      400,
      'Student Unplaced 1 is not in this class',
      'NOT_IN_CLASS',
    );
    const stranger = await addTeacher(t, w.schoolId);
    expectError(
      await (await teacherCaller(t, stranger.email)).post('/api/attendance', { ...body, status: 'absent' }),
      403,
      NOT_YOURS,
    );
    const bad = await w.teacher.post('/api/attendance', { ...body, status: 'gone' });
    expect(bad.body).toEqual({
      success: false,
      error: 'Validation failed',
      code: 'VALIDATION_FAILED',
      details: [{ msg: 'Status must be present, absent, late or excused', path: 'status' }],
    });
    expect(await countMarks(w.schoolId)).toBe(0);
  });

  it("marks through the student's path, the class defaulting to the student's own, and reads it back", async () => {
    const w = await school(1);
    const student = w.roll[0].studentId;
    const res = await w.teacher.post(`/api/students/${student}/attendance`, {
      subjectId: w.subjectId,
      date: TODAY,
      status: 'absent',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MARKED);
    expect(res.body.data).toMatchObject({ studentId: { _id: student }, classId: { _id: w.classId }, status: 'absent' });
    const read = await w.teacher.get(`/api/students/${student}/attendance`);
    expect(read.status).toBe(200);
    expect(read.body.data.statistics).toEqual({
      total: 1,
      present: 0,
      absent: 1,
      late: 0,
      excused: 0,
      attendanceRate: 0,
    });
    expectError(
      await w.teacher.post(`/api/students/${student}/attendance`, {
        subjectId: w.subjectId,
        date: TOMORROW,
        status: 'late',
      }),
      400,
      FUTURE,
      'FUTURE_DATE',
    );
    const [unplaced] = await addClassRoll(t, w.schoolId, null, 1, { prefix: 'Newcomer' });
    expectError(
      await w.admin.post(`/api/students/${unplaced.studentId}/attendance`, {
        subjectId: w.subjectId,
        date: TODAY,
        status: 'present',
      }),
      400,
      'Student Newcomer 1 is not in any class',
      'NOT_IN_CLASS',
    );
    const elsewhere = await school(1);
    expectError(
      await w.admin.post(`/api/students/${elsewhere.roll[0].studentId}/attendance`, {
        subjectId: w.subjectId,
        date: TODAY,
        status: 'present',
      }),
      404,
      'Student not found',
    );
    expectError(await w.admin.get(`/api/students/${elsewhere.roll[0].studentId}/attendance`), 404, 'Student not found');
  });
});

describe('PUT and DELETE /api/attendance/:id', () => {
  it('corrects status and remarks, carrying the correcting teacher and time', async () => {
    const w = await school(1);
    const marked = await w.admin.post('/api/attendance/bulk', register(w, ['absent']));
    const id = marked.body.data.records[0]._id;
    t.clock.now = new Date('2025-03-14T11:00:00.000Z');
    let res: Awaited<ReturnType<School['admin']['put']>>;
    try {
      res = await w.teacher.put(`/api/attendance/${id}`, { status: 'late', remarks: 'Arrived at 9:20' });
    } finally {
      t.clock.now = new Date(NOW);
    }
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Attendance updated successfully');
    expect(res.body.data).toMatchObject({
      _id: id,
      status: 'late',
      remarks: 'Arrived at 9:20',
      markedAt: '2025-03-14T11:00:00.000Z',
      teacherId: { _id: w.teacherId, name: 'Rahul Verma' },
      studentId: { _id: w.roll[0].studentId, name: 'Pupil 1', rollNumber: '1' },
    });
    const [row] = await marksOf(w.schoolId);
    expect(row).toMatchObject({ status: 'late', remarks: 'Arrived at 9:20', markedBy: w.teacherUserId });
    const onlyRemarks = await w.admin.put(`/api/attendance/${id}`, { remarks: null });
    expect(onlyRemarks.body.data).toMatchObject({ status: 'late', remarks: null });
  });

  it('refuses teachers of other subjects, bad bodies and other schools’ records', async () => {
    const w = await school(1);
    const marked = await w.admin.post('/api/attendance/bulk', register(w, ['absent']));
    const id = marked.body.data.records[0]._id;
    const stranger = await addTeacher(t, w.schoolId);
    expectError(
      await (await teacherCaller(t, stranger.email)).put(`/api/attendance/${id}`, { status: 'present' }),
      403,
      NOT_YOURS,
    );
    const empty = await w.admin.put(`/api/attendance/${id}`, {});
    expect(empty.body.details).toEqual([{ msg: 'Give a status or remarks to change', path: 'status' }]);
    expect((await w.admin.put(`/api/attendance/${id}`, { status: 'asleep' })).body.details).toEqual([
      { msg: 'Status must be present, absent, late or excused', path: 'status' },
    ]);
    const elsewhere = await school(1);
    expectError(
      await elsewhere.admin.put(`/api/attendance/${id}`, { status: 'present' }),
      404,
      'Attendance record not found',
    );
    expectError(await elsewhere.admin.del(`/api/attendance/${id}`), 404, 'Attendance record not found');
    expect((await marksOf(w.schoolId))[0].status).toBe('absent');
    expectError(
      await caller(t).put(`/api/attendance/${id}`, { status: 'present' }),
      401,
      'Access denied. No token provided.',
    );
  });

  it('lets only the administrator delete a mark', async () => {
    const w = await school(1);
    const marked = await w.admin.post('/api/attendance/bulk', register(w, ['absent']));
    const id = marked.body.data.records[0]._id;
    expectError(await w.teacher.del(`/api/attendance/${id}`), 403, ADMIN_ONLY);
    const res = await w.admin.del(`/api/attendance/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { _id: id }, message: 'Attendance record deleted successfully' });
    expect(await countMarks(w.schoolId)).toBe(0);
    expectError(await w.admin.del(`/api/attendance/${id}`), 404, 'Attendance record not found');
    const logs = await t.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.schoolId, w.schoolId), eq(activityLogs.action, 'delete')));
    expect(logs).toHaveLength(1);
  });
});

/**
 * Class 8-A: Mathematics (Rahul Verma, also the class teacher) and Science (Sita Sen). Active pupils with roll
 * numbers 1, 2, 3, 4 and 10, and Pupil 5, inactive. Marks (p present, a absent, l late, e excused):
 *
 *              Maths 10  Maths 11  Maths 12  Science 10  Science 11
 *   Pupil 1       p         p         l          p           a
 *   Pupil 2       a         a         a          e
 *   Pupil 3       p         e         p          l
 *   Pupil 5                           p
 */
async function markedClass() {
  const w = await school(4);
  const [pupil10] = await addClassRoll(t, w.schoolId, w.classId, 1, { firstRoll: 10 });
  const [pupil5] = await addClassRoll(t, w.schoolId, w.classId, 1, { firstRoll: 5, status: 'inactive' });
  const sita = await addTeacher(t, w.schoolId, { name: 'Sita Sen' });
  const science = await addSubject(t, w.schoolId, { name: 'Science', classId: w.classId, teacherId: sita.teacherId });
  const [p1, p2, p3, p4] = w.roll.map((r) => r.studentId);
  const take = async (subjectId: string, date: string, marks: [string, string][]) => {
    const res = await w.admin.post('/api/attendance/bulk', {
      classId: w.classId,
      subjectId,
      date,
      records: marks.map(([studentId, status]) => ({ studentId, status })),
    });
    expect(res.status).toBe(200);
  };
  await take(w.subjectId, '2025-03-10', [
    [p1, 'present'],
    [p2, 'absent'],
    [p3, 'present'],
  ]);
  await take(w.subjectId, '2025-03-11', [
    [p1, 'present'],
    [p2, 'absent'],
    [p3, 'excused'],
  ]);
  await take(w.subjectId, '2025-03-12', [
    [p1, 'late'],
    [p2, 'absent'],
    [p3, 'present'],
    [pupil5.studentId, 'present'],
  ]);
  await take(science, '2025-03-10', [
    [p1, 'present'],
    [p2, 'excused'],
    [p3, 'late'],
  ]);
  await take(science, '2025-03-11', [[p1, 'absent']]);
  const sitaCaller = await teacherCaller(t, sita.email);
  return {
    ...w,
    science,
    sita: { ...sita, call: sitaCaller },
    p1,
    p2,
    p3,
    p4,
    p5: pupil5.studentId,
    p10: pupil10.studentId,
  };
}

describe('GET /api/attendance: filtered, paged, populated', () => {
  it('filters by class, student, subject, date, range and status, newest first', async () => {
    const w = await markedClass();
    const absent = await w.admin.get(`/api/attendance?classId=${w.classId}&status=absent`);
    expect(absent.status).toBe(200);
    expect(absent.body.total).toBe(4);
    expect(
      absent.body.data.map((r: { date: string; studentId: { name: string }; subjectId: { name: string } }) => [
        r.date,
        r.studentId.name,
        r.subjectId.name,
      ]),
    ).toEqual([
      ['2025-03-12', 'Pupil 2', 'Mathematics'],
      ['2025-03-11', 'Pupil 1', 'Science'],
      ['2025-03-11', 'Pupil 2', 'Mathematics'],
      ['2025-03-10', 'Pupil 2', 'Mathematics'],
    ]);
    const page = await w.admin.get(`/api/attendance?classId=${w.classId}&status=absent&limit=2&page=2`);
    expect(page.body.total).toBe(4);
    expect(page.body.data.map((r: { date: string }) => r.date)).toEqual(['2025-03-11', '2025-03-10']);
    expect(absent.body.data[1]).toEqual({
      _id: expect.any(String),
      classId: { _id: w.classId, name: '8', section: 'A' },
      studentId: { _id: w.p1, name: 'Pupil 1', rollNumber: '1' },
      subjectId: { _id: w.science, name: 'Science' },
      teacherId: { _id: w.sita.teacherId, name: 'Sita Sen' },
      status: 'absent',
      remarks: null,
      markedAt: NOW,
      date: '2025-03-11',
    });
    expect((await w.admin.get(`/api/attendance?studentId=${w.p1}`)).body.total).toBe(5);
    expect((await w.admin.get(`/api/attendance?subjectId=${w.science}`)).body.total).toBe(4);
    expect((await w.admin.get('/api/attendance?date=2025-03-10')).body.total).toBe(6);
    expect((await w.admin.get('/api/attendance?startDate=2025-03-11&endDate=2025-03-12')).body.total).toBe(8);
    expect((await w.admin.get('/api/attendance?status=gone')).body.details).toEqual([
      { msg: 'Status must be present, absent, late or excused', path: 'status' },
    ]);
    expect((await w.admin.get('/api/attendance?startDate=2025-03-12&endDate=2025-03-11')).body.details).toEqual([
      { msg: 'Start date must not be after end date', path: 'startDate' },
    ]);
  });

  it("shows teachers only the classes they teach, 403 for another class, 404 for another school's", async () => {
    const w = await markedClass();
    // Sita teaches Science in 8-A: she may read the whole class.
    expect((await w.sita.call.get('/api/attendance')).body.total).toBe(14);
    const stranger = await addTeacher(t, w.schoolId);
    const strangerCaller = await teacherCaller(t, stranger.email);
    expect((await strangerCaller.get('/api/attendance')).body).toMatchObject({ data: [], total: 0 });
    expectError(await strangerCaller.get(`/api/attendance?classId=${w.classId}`), 403, NOT_YOUR_CLASS);
    const elsewhere = await schoolWithAdmin(t);
    expectError(await elsewhere.admin.get(`/api/attendance?classId=${w.classId}`), 404, 'Class not found');
    expect((await elsewhere.admin.get(`/api/attendance?studentId=${w.p1}`)).body.total).toBe(0);
    expectError(await caller(t).get('/api/attendance'), 401, 'Access denied. No token provided.');
  });
});

describe('GET /api/attendance/class-date: the attendance screen', () => {
  it('answers every subject of the class on the date, and one card per student', async () => {
    const w = await markedClass();
    const res = await w.sita.call.get(`/api/attendance/class-date?classId=${w.classId}&date=2025-03-10`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(6);
    expect(res.body.data.class).toEqual({ _id: w.classId, name: '8', section: 'A' });
    expect(res.body.data.date).toBe('2025-03-10');
    expect(res.body.data.records).toHaveLength(6);
    const cards = res.body.data.students;
    expect(cards.map((c: { student: { name: string } }) => c.student.name)).toEqual(['Pupil 1', 'Pupil 2', 'Pupil 3']);
    expect(cards[1]).toEqual({
      student: { _id: w.p2, name: 'Pupil 2', rollNumber: '2' },
      subjects: [
        {
          _id: expect.any(String),
          subject: { _id: w.subjectId, name: 'Mathematics' },
          teacher: { _id: w.teacherId, name: 'Rahul Verma' },
          status: 'absent',
          remarks: null,
          markedAt: NOW,
        },
        {
          _id: expect.any(String),
          subject: { _id: w.science, name: 'Science' },
          teacher: { _id: w.sita.teacherId, name: 'Sita Sen' },
          status: 'excused',
          remarks: null,
          markedAt: NOW,
        },
      ],
      presentCount: 0,
      totalCount: 2,
    });
    expect(cards[2]).toMatchObject({ presentCount: 2, totalCount: 2 });
    const empty = await w.admin.get(`/api/attendance/class-date?classId=${w.classId}`);
    expect(empty.body.data).toMatchObject({ date: TODAY, records: [], students: [] });
  });

  it('refuses teachers of other classes and other schools', async () => {
    const w = await markedClass();
    const stranger = await addTeacher(t, w.schoolId);
    expectError(
      await (await teacherCaller(t, stranger.email)).get(`/api/attendance/class-date?classId=${w.classId}`),
      403,
      NOT_YOUR_CLASS,
    );
    const elsewhere = await schoolWithAdmin(t);
    expectError(await elsewhere.admin.get(`/api/attendance/class-date?classId=${w.classId}`), 404, 'Class not found');
    expect((await w.admin.get('/api/attendance/class-date')).body.details).toEqual([
      { msg: 'Class is required', path: 'classId' },
    ]);
  });
});

describe('GET /api/attendance/student/:id: marks and rates', () => {
  it('counts the marks by status and rates them (late attends, excused left out)', async () => {
    const w = await markedClass();
    const res = await w.teacher.get(`/api/attendance/student/${w.p1}`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
    expect(res.body.data.student).toEqual({
      _id: w.p1,
      name: 'Pupil 1',
      rollNumber: '1',
      classId: { _id: w.classId, name: '8', section: 'A' },
    });
    // 3 present + 1 late attended out of 5 marks, none excused: 80 %.
    expect(res.body.data.statistics).toEqual({
      total: 5,
      present: 3,
      absent: 1,
      late: 1,
      excused: 0,
      attendanceRate: 80,
    });
    expect(
      res.body.data.records.map((r: { date: string; subjectId: { name: string } }) => `${r.date} ${r.subjectId.name}`),
    ).toEqual([
      '2025-03-12 Mathematics',
      '2025-03-11 Mathematics',
      '2025-03-11 Science',
      '2025-03-10 Mathematics',
      '2025-03-10 Science',
    ]);
    // 11th to 12th: present, late, absent: 2 of 3.
    const range = await w.admin.get(`/api/attendance/student/${w.p1}?startDate=2025-03-11&endDate=2025-03-12`);
    expect(range.body.data.statistics).toEqual({
      total: 3,
      present: 1,
      absent: 1,
      late: 1,
      excused: 0,
      attendanceRate: 66.67,
    });
    expect(range.body.data).toMatchObject({ startDate: '2025-03-11', endDate: '2025-03-12' });
    // Pupil 3: present 2, late 1, excused 1: 3 of 3 counted marks.
    expect((await w.admin.get(`/api/attendance/student/${w.p3}`)).body.data.statistics.attendanceRate).toBe(100);
    // Pupil 2: absent 3, excused 1.
    expect((await w.admin.get(`/api/attendance/student/${w.p2}`)).body.data.statistics).toEqual({
      total: 4,
      present: 0,
      absent: 3,
      late: 0,
      excused: 1,
      attendanceRate: 0,
    });
    expect((await w.admin.get(`/api/attendance/student/${w.p4}`)).body.data.statistics.total).toBe(0);
    const paged = await w.admin.get(`/api/attendance/student/${w.p1}?limit=2&page=3`);
    expect(paged.body.data.records).toHaveLength(1);
    expect(paged.body.data.statistics.total).toBe(5);
  });

  it('refuses teachers of other classes, and other schools’ students', async () => {
    const w = await markedClass();
    const stranger = await addTeacher(t, w.schoolId);
    expectError(
      await (await teacherCaller(t, stranger.email)).get(`/api/attendance/student/${w.p1}`),
      403,
      NOT_YOUR_CLASS,
    );
    const elsewhere = await schoolWithAdmin(t);
    expectError(await elsewhere.admin.get(`/api/attendance/student/${w.p1}`), 404, 'Student not found');
  });
});

describe('GET /api/attendance/class/:id: class statistics', () => {
  it('matches the hand-computed figures per student, subject and date', async () => {
    const w = await markedClass();
    const res = await w.teacher.get(`/api/attendance/class/${w.classId}`);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.class).toEqual({ _id: w.classId, name: '8', section: 'A' });
    // 14 marks: 6 present, 4 absent, 2 late, 2 excused: 8 attended of 12 counted.
    expect(data.summary).toEqual({
      students: 5,
      days: 3,
      total: 14,
      present: 6,
      absent: 4,
      late: 2,
      excused: 2,
      attendanceRate: 66.67,
    });
    const line = (s: { student: { name: string }; inClass: boolean; total: number; attendanceRate: number }) => [
      s.student.name,
      s.inClass,
      s.total,
      s.attendanceRate,
    ];
    expect(data.students.map(line)).toEqual([
      ['Pupil 1', true, 5, 80],
      ['Pupil 2', true, 4, 0],
      ['Pupil 3', true, 4, 100],
      ['Pupil 4', true, 0, 0],
      ['Pupil 10', true, 0, 0],
      ['Pupil 5', false, 1, 100],
    ]);
    expect(data.subjects).toEqual([
      {
        subject: { _id: w.subjectId, name: 'Mathematics' },
        total: 10,
        present: 5,
        absent: 3,
        late: 1,
        excused: 1,
        attendanceRate: 66.67,
      },
      {
        subject: { _id: w.science, name: 'Science' },
        total: 4,
        present: 1,
        absent: 1,
        late: 1,
        excused: 1,
        attendanceRate: 66.67,
      },
    ]);
    expect(data.dates).toEqual([
      { date: '2025-03-10', total: 6, present: 3, absent: 1, late: 1, excused: 1, attendanceRate: 80 },
      { date: '2025-03-11', total: 4, present: 1, absent: 2, late: 0, excused: 1, attendanceRate: 33.33 },
      { date: '2025-03-12', total: 4, present: 2, absent: 1, late: 1, excused: 0, attendanceRate: 75 },
    ]);
    const range = await w.admin.get(`/api/attendance/class/${w.classId}?startDate=2025-03-11&endDate=2025-03-11`);
    expect(range.body.data.summary).toMatchObject({ days: 1, total: 4, attendanceRate: 33.33 });
  });

  it('refuses teachers of other classes, and other schools’ classes', async () => {
    const w = await markedClass();
    const stranger = await addTeacher(t, w.schoolId);
    expectError(
      await (await teacherCaller(t, stranger.email)).get(`/api/attendance/class/${w.classId}`),
      403,
      NOT_YOUR_CLASS,
    );
    const elsewhere = await schoolWithAdmin(t);
    expectError(await elsewhere.admin.get(`/api/attendance/class/${w.classId}`), 404, 'Class not found');
  });
});

describe('GET /api/attendance/summary: the four cards', () => {
  it('counts students present (attended a period) and absent (absent all day) among active students', async () => {
    const w = await markedClass();
    // 12th: Pupil 1 late, Pupil 2 absent, Pupil 3 present; Pupil 5 is inactive and not counted.
    const twelfth = await w.admin.get('/api/attendance/summary?date=2025-03-12');
    expect(twelfth.status).toBe(200);
    expect(twelfth.body.data).toEqual({
      date: '2025-03-12',
      totalStudents: 5,
      markedStudents: 3,
      presentToday: 2,
      lateToday: 1,
      absentToday: 1,
      excusedToday: 0,
      notMarkedToday: 2,
      attendanceRate: 66.67,
    });
    // 11th: Pupil 1 present in Maths, absent in Science (present); Pupil 2 absent; Pupil 3 excused.
    expect((await w.admin.get('/api/attendance/summary?date=2025-03-11')).body.data).toMatchObject({
      markedStudents: 3,
      presentToday: 1,
      absentToday: 1,
      excusedToday: 1,
      attendanceRate: 50,
    });
    // 10th: Pupil 2 absent in Maths but excused in Science: not absent all day, counted as excused.
    expect((await w.admin.get('/api/attendance/summary?date=2025-03-10')).body.data).toMatchObject({
      presentToday: 2,
      absentToday: 0,
      excusedToday: 1,
      attendanceRate: 100,
    });
    expect((await w.admin.get('/api/attendance/summary')).body.data).toEqual({
      date: TODAY,
      totalStudents: 5,
      markedStudents: 0,
      presentToday: 0,
      lateToday: 0,
      absentToday: 0,
      excusedToday: 0,
      notMarkedToday: 5,
      attendanceRate: 0,
    });
    expectError(await w.teacher.get('/api/attendance/summary'), 403, ADMIN_ONLY);
  });
});

describe('GET /api/attendance/register: taking or re-opening a register', () => {
  it('lists the active students by roll number with their mark for the subject and date, or null', async () => {
    const w = await markedClass();
    const res = await w.teacher.get(
      `/api/attendance/register?classId=${w.classId}&subjectId=${w.subjectId}&date=2025-03-11`,
    );
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      class: { _id: w.classId, name: '8', section: 'A' },
      subject: { _id: w.subjectId, name: 'Mathematics' },
      teacher: { _id: w.teacherId, name: 'Rahul Verma' },
      date: '2025-03-11',
      canMark: true,
      markedCount: 3,
      statistics: { total: 3, present: 1, absent: 1, late: 0, excused: 1, attendanceRate: 50 },
    });
    expect(data.students.map((s: { rollNumber: string }) => s.rollNumber)).toEqual(['1', '2', '3', '4', '10']);
    expect(data.students[1]).toEqual({
      _id: w.p2,
      name: 'Pupil 2',
      rollNumber: '2',
      attendance: {
        _id: expect.any(String),
        status: 'absent',
        remarks: null,
        markedAt: NOW,
        teacherId: { _id: w.teacherId, name: 'Rahul Verma' },
      },
    });
    expect(data.students[3].attendance).toBeNull();

    const today = await w.admin.get(`/api/attendance/register?classId=${w.classId}&subjectId=${w.science}`);
    expect(today.body.data).toMatchObject({ date: TODAY, markedCount: 0, teacher: { name: 'Sita Sen' } });
    const ahead = await w.admin.get(
      `/api/attendance/register?classId=${w.classId}&subjectId=${w.science}&date=${TOMORROW}`,
    );
    expect(ahead.body.data.canMark).toBe(false);
  });

  it('opens only for teachers of the subject, and only for a subject of the class', async () => {
    const w = await markedClass();
    const query = (subjectId: string, classId = w.classId) =>
      `/api/attendance/register?classId=${classId}&subjectId=${subjectId}&date=2025-03-11`;
    // Rahul is the class teacher, but Science is Sita's.
    expectError(await w.teacher.get(query(w.science)), 403, NOT_YOURS);
    expect((await w.sita.call.get(query(w.science))).status).toBe(200);
    const nine = await createClass(t, w.schoolId, { name: '9', section: 'C' });
    expectError(
      await w.admin.get(query(w.subjectId, nine)),
      400,
      'This subject is not taught in this class',
      'SUBJECT_NOT_IN_CLASS',
    );
    const elsewhere = await schoolWithAdmin(t);
    expectError(await elsewhere.admin.get(query(w.subjectId)), 404, 'Class not found');
  });
});
