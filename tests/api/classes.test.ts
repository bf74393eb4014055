import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activityLogs,
  classes,
  feeCategories,
  feeStructures,
  importantDateClasses,
  importantDates,
  schedules,
  subjects,
} from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { createTestApp, signIn, type TestApp, THIS_YEAR } from '../support/app';
import {
  caller,
  classroom,
  classroomAssessment,
  expectError,
  schoolWithAdmin,
  teacherCaller,
} from '../support/classroom';
import {
  addCoTeacher,
  addSchedule,
  addStudentAttendance,
  addSubject,
  addTeacher,
  createClass,
  createStudent,
} from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const ADMIN_ONLY = 'Access denied. Required role: school_admin';

describe('creating classes', () => {
  it('creates a class in the current academic year with the teacher populated', async () => {
    const w = await schoolWithAdmin(t);
    const teacher = await addTeacher(t, w.schoolId, { name: 'Rahul Verma' });
    const res = await w.admin.post('/api/classes', {
      name: '8',
      section: 'A',
      teacherId: teacher.teacherId,
      capacity: '40',
      room: ' 101 ',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Class created successfully');
    expect(res.body.data).toMatchObject({
      name: '8',
      section: 'A',
      teacherId: { _id: teacher.teacherId, name: 'Rahul Verma' },
      capacity: 40,
      room: '101',
      academicYear: THIS_YEAR,
      studentCount: 0,
      subjectCount: 0,
    });
    const read = await w.admin.get(`/api/classes/${res.body.data._id}`);
    expect(read.body.data).toEqual(res.body.data);
    const [log] = await t.db.select().from(activityLogs).where(eq(activityLogs.entityId, res.body.data._id));
    expect(log).toMatchObject({ action: 'create', entity: 'class' });
  });

  it('accepts a number for the name, a lower-case section, a blank room and a given academic year', async () => {
    const w = await schoolWithAdmin(t);
    const teacher = await addTeacher(t, w.schoolId);
    const res = await w.admin.post('/api/classes', {
      name: 12,
      section: 'e',
      teacherId: teacher.teacherId,
      capacity: 1,
      room: '',
      academicYear: '2025-2026',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: '12', section: 'E', room: null, academicYear: '2025-2026' });
    await w.admin.put('/api/settings/school-info', { academicYear: '2026-2027' });
    const next = await w.admin.post('/api/classes', {
      name: 12,
      section: 'E',
      teacherId: teacher.teacherId,
      capacity: 5,
    });
    expect(next.body.data.academicYear).toBe('2026-2027');
    expect((await w.admin.get('/api/classes')).body.data.map((c: any) => c.academicYear)).toEqual(['2026-2027']);
  });

  it('answers a detail per invalid field', async () => {
    const w = await schoolWithAdmin(t);
    const missing = await w.admin.post('/api/classes', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Validation failed');
    expect(missing.body.details).toEqual([
      { msg: 'Class name is required', path: 'name' },
      { msg: 'Section is required', path: 'section' },
      { msg: 'Teacher is required', path: 'teacherId' },
      { msg: 'Capacity is required', path: 'capacity' },
    ]);
    const wrong = await w.admin.post('/api/classes', {
      name: '13',
      section: 'F',
      teacherId: 'x',
      capacity: '4.5',
      academicYear: '2024-2026',
    });
    expect(wrong.body.details.map((d: { msg: string }) => d.msg)).toEqual([
      'Class name must be 1 to 12',
      'Section must be A to E',
      'Capacity must be a whole number',
      'Academic year must span two consecutive years',
    ]);
    for (const capacity of [0, -3, '0']) {
      const res = await w.admin.post('/api/classes', { name: '1', section: 'A', teacherId: 'x', capacity });
      expect(res.body.details).toEqual([{ msg: 'Capacity must be at least 1', path: 'capacity' }]);
    }
    const text = await w.admin.post('/api/classes', { name: '1', section: 'A', teacherId: 'x', capacity: 'forty' });
    expect(text.body.details).toEqual([{ msg: 'Capacity must be a whole number', path: 'capacity' }]);
  });

  it('refuses a duplicate name and section in the same academic year only', async () => {
    const w = await schoolWithAdmin(t);
    const teacher = await addTeacher(t, w.schoolId);
    const body = { name: '5', section: 'C', teacherId: teacher.teacherId, capacity: 30 };
    expect((await w.admin.post('/api/classes', body)).status).toBe(201);
    const again = await w.admin.post('/api/classes', body);
    expectError(again, 409, 'A class with this name and section already exists for this academic year');
    expect((await w.admin.post('/api/classes', { ...body, academicYear: '2025-2026' })).status).toBe(201);
    const otherSchool = await schoolWithAdmin(t);
    const theirTeacher = await addTeacher(t, otherSchool.schoolId);
    expect((await otherSchool.admin.post('/api/classes', { ...body, teacherId: theirTeacher.teacherId })).status).toBe(
      201,
    );
  });

  it('refuses a teacher of another school or an unknown one with 404 and writes nothing', async () => {
    const w = await schoolWithAdmin(t);
    const other = await classroom(t);
    const body = { name: '3', section: 'A', teacherId: other.teacher.teacherId, capacity: 20 };
    expectError(await w.admin.post('/api/classes', body), 404, 'Teacher not found');
    expectError(await w.admin.post('/api/classes', { ...body, teacherId: 'nope' }), 404, 'Teacher not found');
    expect(await t.db.select().from(classes).where(eq(classes.schoolId, w.schoolId))).toEqual([]);
  });
});

describe('listing classes', () => {
  it('lists the current year with counts, searches and filters by grade and year', async () => {
    const w = await classroom(t);
    const priya = await addTeacher(t, w.schoolId, { name: 'Priya Nair' });
    const c7b = await createClass(t, w.schoolId, {
      name: '7',
      section: 'B',
      room: 'Lab 3',
      teacherId: priya.teacherId,
    });
    const c10 = await createClass(t, w.schoolId, { name: '10', section: 'A' });
    await createClass(t, w.schoolId, { name: '8', section: 'A', academicYear: '2023-2024' });
    await createStudent(t, w.schoolId, { classId: w.classId });
    await createStudent(t, w.schoolId, { classId: w.classId });
    await addSubject(t, w.schoolId, { name: 'Science', classId: w.classId, teacherId: priya.teacherId });

    const list = await w.admin.get('/api/classes');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    expect(list.body.data.map((c: any) => `${c.name}-${c.section}`)).toEqual(['7-B', '8-A', '10-A']);
    const eightA = list.body.data[1];
    expect(eightA).toEqual({
      _id: w.classId,
      name: '8',
      section: 'A',
      teacherId: { _id: w.teacher.teacherId, name: 'Rahul Verma' },
      capacity: 40,
      room: '101',
      academicYear: THIS_YEAR,
      studentCount: 2,
      subjectCount: 2,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(list.body.data[2].teacherId).toBeNull();

    const names = async (query: string) =>
      (await w.admin.get(`/api/classes?${query}`)).body.data.map((c: any) => `${c.name}-${c.section}`);
    expect(await names('search=priya')).toEqual(['7-B']);
    expect(await names('search=lab')).toEqual(['7-B']);
    expect(await names('search=8-a')).toEqual(['8-A']);
    expect(await names('search=100%25')).toEqual([]);
    expect(await names('name=10')).toEqual(['10-A']);
    expect(await names(`teacherId=${priya.teacherId}`)).toEqual(['7-B']);
    expect(await names('academicYear=2023-2024')).toEqual(['8-A']);
    expect(await names('academicYear=all')).toEqual(['7-B', '8-A', '10-A', '8-A']);
    const page = await w.admin.get('/api/classes?limit=2&page=2');
    expect(page.body.data.map((c: any) => c._id)).toEqual([c10]);
    expect(page.body.total).toBe(3);
    expect(c7b).toBeTruthy();
    expect((await w.admin.get('/api/classes?name=13')).status).toBe(400);
  });
});

describe('updating classes', () => {
  it('changes only the fields given', async () => {
    const w = await classroom(t);
    const priya = await addTeacher(t, w.schoolId, { name: 'Priya Nair' });
    const res = await w.admin.put(`/api/classes/${w.classId}`, { teacherId: priya.teacherId, capacity: '35' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Class updated successfully');
    expect(res.body.data).toMatchObject({
      name: '8',
      section: 'A',
      room: '101',
      capacity: 35,
      teacherId: { _id: priya.teacherId, name: 'Priya Nair' },
      subjectCount: 1,
    });
    const room = await w.admin.put(`/api/classes/${w.classId}`, { room: null, section: 'B' });
    expect(room.body.data).toMatchObject({ room: null, section: 'B', teacherId: { name: 'Priya Nair' } });
  });

  it('refuses a capacity below the students in the class, a duplicate and a foreign teacher', async () => {
    const w = await classroom(t);
    for (let i = 0; i < 3; i++) await createStudent(t, w.schoolId, { classId: w.classId });
    const low = await w.admin.put(`/api/classes/${w.classId}`, { capacity: 2 });
    expectError(
      low,
      409,
      'Capacity cannot be less than the number of students in the class (3)',
      'CAPACITY_BELOW_STUDENTS',
    );
    expect((await w.admin.put(`/api/classes/${w.classId}`, { capacity: 3 })).status).toBe(200);

    await createClass(t, w.schoolId, { name: '8', section: 'B' });
    const duplicate = await w.admin.put(`/api/classes/${w.classId}`, { section: 'B' });
    expectError(duplicate, 409, 'A class with this name and section already exists for this academic year');

    const other = await classroom(t);
    const foreign = await w.admin.put(`/api/classes/${w.classId}`, { teacherId: other.teacher.teacherId });
    expectError(foreign, 404, 'Teacher not found');
    const invalid = await w.admin.put(`/api/classes/${w.classId}`, { capacity: 0, name: '0' });
    expect(invalid.status).toBe(400);
    expectError(await w.admin.put(`/api/classes/${other.classId}`, { capacity: 50 }), 404, 'Class not found');
  });
});

describe('deleting classes', () => {
  it('refuses while students remain, saying how many', async () => {
    const w = await classroom(t);
    await createStudent(t, w.schoolId, { classId: w.classId });
    await createStudent(t, w.schoolId, { classId: w.classId });
    const res = await w.admin.del(`/api/classes/${w.classId}`);
    expectError(res, 409, 'This class still has 2 student(s). Move or remove them before deleting the class.');
    expect((await w.admin.get(`/api/classes/${w.classId}`)).status).toBe(200);
  });

  it('refuses once attendance has been recorded, and while fees are set up', async () => {
    const w = await classroom(t);
    const { studentId } = await createStudent(t, w.schoolId, { classId: w.classId });
    await addStudentAttendance(t, w.schoolId, [
      { studentId, classId: w.classId, subjectId: w.subjectId, date: '2024-09-02', status: 'present' },
    ]);
    await w.admin.put(`/api/students/${studentId}/remove-class`);
    const marked = await w.admin.del(`/api/classes/${w.classId}`);
    expectError(marked, 409, 'Attendance has been recorded for this class; it cannot be deleted.');

    const w2 = await classroom(t);
    const categoryId = newId();
    await t.db.insert(feeCategories).values({ id: categoryId, schoolId: w2.schoolId, name: 'Tuition' });
    await t.db.insert(feeStructures).values({
      schoolId: w2.schoolId,
      classId: w2.classId,
      categoryId,
      amountMinor: 100_00,
      dueDate: '2024-10-01',
      academicYear: THIS_YEAR,
    });
    const fees = await w2.admin.del(`/api/classes/${w2.classId}`);
    expectError(fees, 409, 'Fees have been set up for this class; remove its fee structures before deleting it.');
  });

  it('refuses while the class has assessments, which would go with it', async () => {
    const w = await classroom(t);
    const { made } = await classroomAssessment(w);
    expect(made.status).toBe(201);
    const res = await w.admin.del(`/api/classes/${w.classId}`);
    expectError(
      res,
      409,
      'Marks have been recorded for this class; delete its assessments before deleting it.',
      'IN_USE',
    );
    expect((await w.admin.get(`/api/grades/assessments/${made.body.data._id}/marks`)).status).toBe(200);
    expect((await w.admin.get(`/api/classes/${w.classId}`)).status).toBe(200);
  });

  it('deletes the class with its timetable and date scoping, leaving its subjects unassigned', async () => {
    const w = await classroom(t);
    for (const dayOfWeek of ['Monday', 'Tuesday'] as const) {
      await addSchedule(t, w.schoolId, {
        teacherId: w.teacher.teacherId,
        classId: w.classId,
        subjectId: w.subjectId,
        dayOfWeek,
      });
    }
    const dateId = newId();
    await t.db
      .insert(importantDates)
      .values({ id: dateId, schoolId: w.schoolId, title: 'Trip', date: '2024-10-10', applyToAllClasses: false });
    await t.db
      .insert(importantDateClasses)
      .values({ schoolId: w.schoolId, importantDateId: dateId, classId: w.classId });

    const res = await w.admin.del(`/api/classes/${w.classId}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(
      'Class deleted successfully. 2 schedule(s) removed. 1 subject(s) left without a class. 1 important date(s) no longer list it.',
    );
    expect(res.body.data).toEqual({
      _id: w.classId,
      schedulesRemoved: 2,
      subjectsUnassigned: 1,
      importantDatesUnlinked: 1,
    });
    expectError(await w.admin.get(`/api/classes/${w.classId}`), 404, 'Class not found');
    expect(await t.db.select().from(schedules).where(eq(schedules.schoolId, w.schoolId))).toEqual([]);
    const [subject] = await t.db.select().from(subjects).where(eq(subjects.id, w.subjectId));
    expect(subject.classId).toBeNull();
    expect(await t.db.select().from(importantDates).where(eq(importantDates.id, dateId))).toHaveLength(1);

    const plain = await createClass(t, w.schoolId, { name: '2', section: 'A' });
    const simple = await w.admin.del(`/api/classes/${plain}`);
    expect(simple.body.message).toBe('Class deleted successfully');
  });

  it("answers 404 for another school's class", async () => {
    const w = await classroom(t);
    const other = await classroom(t);
    expectError(await w.admin.del(`/api/classes/${other.classId}`), 404, 'Class not found');
    expect((await other.admin.get(`/api/classes/${other.classId}`)).status).toBe(200);
  });
});

describe('subjects and teacher of a class', () => {
  it('lists, adds and assigns subjects of this school', async () => {
    const w = await classroom(t);
    const loose = await addSubject(t, w.schoolId, { name: 'Art', classId: null, teacherId: w.teacher.teacherId });
    const c9 = await createClass(t, w.schoolId, { name: '9', section: 'A' });
    const music9 = await addSubject(t, w.schoolId, { name: 'Music', classId: c9, teacherId: null });

    const before = await w.admin.get(`/api/classes/${w.classId}/subjects`);
    expect(before.body.data.map((s: any) => s.name)).toEqual(['Mathematics']);
    expect(before.body.data[0]).toMatchObject({
      classId: { _id: w.classId, name: '8', section: 'A' },
      teacherId: { name: 'Rahul Verma' },
    });

    const added = await w.admin.post(`/api/classes/${w.classId}/subjects`, { subjectIds: [loose] });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Subjects assigned to class successfully');
    expect(added.body.data.map((s: any) => s.name)).toEqual(['Art', 'Mathematics']);

    const moved = await w.admin.put(`/api/classes/${w.classId}/assign-subjects`, { subjectIds: [music9, loose] });
    expect(moved.body.data.map((s: any) => s.name)).toEqual(['Art', 'Mathematics', 'Music']);
    expect((await w.admin.get(`/api/classes/${c9}/subjects`)).body.data).toEqual([]);

    const other = await classroom(t);
    expectError(
      await w.admin.put(`/api/classes/${w.classId}/assign-subjects`, { subjectIds: [other.subjectId] }),
      404,
      'Subject not found',
    );
    expectError(
      await w.admin.post(`/api/classes/${other.classId}/subjects`, { subjectIds: [loose] }),
      404,
      'Class not found',
    );
    const empty = await w.admin.post(`/api/classes/${w.classId}/subjects`, { subjectIds: [] });
    expect(empty.body.details).toEqual([{ msg: 'Choose at least one subject', path: 'subjectIds' }]);
  });

  it('refuses to take a subject from another class timetable or a second subject of the same name', async () => {
    const w = await classroom(t);
    const c9 = await createClass(t, w.schoolId, { name: '9', section: 'A' });
    const maths9 = await addSubject(t, w.schoolId, {
      name: 'mathematics',
      classId: c9,
      teacherId: w.teacher.teacherId,
    });
    const duplicate = await w.admin.post(`/api/classes/${w.classId}/subjects`, { subjectIds: [maths9] });
    expectError(duplicate, 409, 'A subject with this name already exists in this class: mathematics');
    const art9 = await addSubject(t, w.schoolId, { name: 'Art', classId: c9, teacherId: w.teacher.teacherId });
    await addSchedule(t, w.schoolId, { teacherId: w.teacher.teacherId, classId: c9, subjectId: art9 });
    const slotted = await w.admin.post(`/api/classes/${w.classId}/subjects`, { subjectIds: [art9] });
    expectError(
      slotted,
      409,
      "Art is on another class's timetable (1 slot(s)); remove those slots before moving it to 8-A.",
    );
  });

  it('reads and assigns the class teacher by both paths', async () => {
    const w = await classroom(t);
    const read = await w.admin.get(`/api/classes/${w.classId}/teacher`);
    expect(read.body.data).toMatchObject({
      _id: w.teacher.teacherId,
      name: 'Rahul Verma',
      email: w.teacher.email,
      department: 'Teaching',
    });
    const priya = await addTeacher(t, w.schoolId, { name: 'Priya Nair' });
    for (const path of ['teacher', 'assign-teacher']) {
      const res = await w.admin.put(`/api/classes/${w.classId}/${path}`, { teacherId: priya.teacherId });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Class teacher assigned successfully');
      expect(res.body.data.teacherId).toEqual({ _id: priya.teacherId, name: 'Priya Nair' });
    }
    const none = await createClass(t, w.schoolId, { name: '1', section: 'A' });
    expect((await w.admin.get(`/api/classes/${none}/teacher`)).body.data).toBeNull();
    const other = await classroom(t);
    expectError(
      await w.admin.put(`/api/classes/${w.classId}/assign-teacher`, { teacherId: other.teacher.teacherId }),
      404,
      'Teacher not found',
    );
    expectError(
      await w.admin.put(`/api/classes/${other.classId}/teacher`, { teacherId: priya.teacherId }),
      404,
      'Class not found',
    );
    expectError(await w.admin.get(`/api/classes/${other.classId}/teacher`), 404, 'Class not found');
    const missing = await w.admin.put(`/api/classes/${w.classId}/teacher`, {});
    expect(missing.body.details).toEqual([{ msg: 'Teacher is required', path: 'teacherId' }]);
  });
});

describe('replacing the weekly timetable of a class', () => {
  async function setup() {
    const w = await classroom(t);
    const priya = await addTeacher(t, w.schoolId, { name: 'Priya Nair' });
    const english = await addSubject(t, w.schoolId, {
      name: 'English',
      classId: w.classId,
      teacherId: priya.teacherId,
    });
    const maths = (values: Record<string, unknown> = {}) => ({
      teacherId: w.teacher.teacherId,
      subjectId: w.subjectId,
      dayOfWeek: 'Monday',
      startTime: '09:00',
      endTime: '09:45',
      ...values,
    });
    const eng = (values: Record<string, unknown> = {}) =>
      maths({ teacherId: priya.teacherId, subjectId: english, ...values });
    const slotsOf = async (schoolId: string) =>
      (await t.db.select().from(schedules).where(eq(schedules.schoolId, schoolId)))
        .map((s) => `${s.dayOfWeek} ${s.startTime}-${s.endTime}`)
        .sort();
    return { ...w, priya, english, maths, eng, slotsOf };
  }

  it('replaces the current term atomically and leaves other terms alone', async () => {
    const w = await setup();
    await addSchedule(t, w.schoolId, {
      teacherId: w.teacher.teacherId,
      classId: w.classId,
      subjectId: w.subjectId,
      dayOfWeek: 'Friday',
    });
    await addSchedule(t, w.schoolId, {
      teacherId: w.teacher.teacherId,
      classId: w.classId,
      subjectId: w.subjectId,
      dayOfWeek: 'Friday',
      academicYear: '2023-2024',
    });
    const res = await w.admin.put(`/api/classes/${w.classId}/schedule`, {
      schedule: [
        w.eng({ startTime: '09:45', endTime: '10:30' }),
        w.maths(),
        w.maths({ dayOfWeek: 'Tuesday', room: 'Lab' }),
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Class schedule updated successfully. 3 slot(s) saved, 1 replaced.');
    expect(res.body.data.map((s: any) => `${s.dayOfWeek} ${s.startTime} ${s.subjectId.name} ${s.room}`)).toEqual([
      'Monday 09:00 Mathematics 101',
      'Monday 09:45 English 101',
      'Tuesday 09:00 Mathematics Lab',
    ]);
    expect(res.body.data[0]).toMatchObject({
      teacherId: { name: 'Rahul Verma' },
      classId: { _id: w.classId, name: '8', section: 'A' },
      academicYear: THIS_YEAR,
      semester: 'Annual',
    });
    expect(await w.slotsOf(w.schoolId)).toEqual([
      'Friday 09:00-09:45',
      'Monday 09:00-09:45',
      'Monday 09:45-10:30',
      'Tuesday 09:00-09:45',
    ]);
    const cleared = await w.admin.put(`/api/classes/${w.classId}/schedule`, { schedule: [] });
    expect(cleared.body.message).toBe('Class schedule updated successfully. 0 slot(s) saved, 3 replaced.');
    expect(await w.slotsOf(w.schoolId)).toEqual(['Friday 09:00-09:45']);
  });

  it('refuses two overlapping slots in the body and writes nothing', async () => {
    const w = await setup();
    await w.admin.put(`/api/classes/${w.classId}/schedule`, { schedule: [w.maths({ dayOfWeek: 'Friday' })] });
    const res = await w.admin.put(`/api/classes/${w.classId}/schedule`, {
      schedule: [w.maths(), w.eng({ startTime: '09:30', endTime: '10:15' })],
    });
    expectError(res, 409, 'Class clash: 8-A already has Mathematics with Rahul Verma on Monday 09:00-09:45');
    expect(res.body.details).toEqual([{ msg: res.body.error, path: 'schedule.1' }]);
    const sameTeacher = await w.admin.put(`/api/classes/${w.classId}/schedule`, {
      schedule: [w.maths(), w.maths({ startTime: '09:44', endTime: '10:00' })],
    });
    expectError(sameTeacher, 409, 'Teacher clash: Rahul Verma already teaches 8-A Mathematics on Monday 09:00-09:45');
    expect(await w.slotsOf(w.schoolId)).toEqual(['Friday 09:00-09:45']);
    const backToBack = await w.admin.put(`/api/classes/${w.classId}/schedule`, {
      schedule: [w.maths(), w.eng({ startTime: '09:45', endTime: '10:30' })],
    });
    expect(backToBack.status).toBe(200);
  });

  it("refuses clashes with other classes' slots, but not with the slots it replaces", async () => {
    const w = await setup();
    await w.admin.put(`/api/classes/${w.classId}/schedule`, { schedule: [w.maths()] });
    expect((await w.admin.put(`/api/classes/${w.classId}/schedule`, { schedule: [w.maths()] })).status).toBe(200);

    const c9 = await createClass(t, w.schoolId, { name: '9', section: 'A', room: '101' });
    const maths9 = await addSubject(t, w.schoolId, { name: 'Maths', classId: c9, teacherId: w.teacher.teacherId });
    const art9 = await addSubject(t, w.schoolId, { name: 'Art', classId: c9, teacherId: w.priya.teacherId });
    const teacherClash = await w.admin.put(`/api/classes/${c9}/schedule`, {
      schedule: [w.maths({ subjectId: maths9, startTime: '09:30', endTime: '10:00', room: 'Hall' })],
    });
    expectError(teacherClash, 409, 'Teacher clash: Rahul Verma already teaches 8-A Mathematics on Monday 09:00-09:45');
    const roomClash = await w.admin.put(`/api/classes/${c9}/schedule`, {
      schedule: [w.eng({ subjectId: art9 })],
    });
    expectError(roomClash, 409, 'Room clash: room 101 is used by 8-A Mathematics on Monday 09:00-09:45');
    expect(await w.slotsOf(w.schoolId)).toEqual(['Monday 09:00-09:45']);
  });

  it('checks every slot like a single create', async () => {
    const w = await setup();
    const notTaught = await w.admin.put(`/api/classes/${w.classId}/schedule`, {
      schedule: [w.maths(), w.maths({ teacherId: w.priya.teacherId, dayOfWeek: 'Tuesday' })],
    });
    expectError(notTaught, 400, 'This teacher does not teach this subject to this class');
    expect(notTaught.body.details).toEqual([
      { msg: 'This teacher does not teach this subject to this class', path: 'schedule.1' },
    ]);
    await addCoTeacher(t, w.schoolId, w.subjectId, w.priya.teacherId);
    const coTeacher = await w.admin.put(`/api/classes/${w.classId}/schedule`, {
      schedule: [w.maths({ teacherId: w.priya.teacherId })],
    });
    expect(coTeacher.status).toBe(200);

    const other = await classroom(t);
    expectError(
      await w.admin.put(`/api/classes/${w.classId}/schedule`, { schedule: [w.maths({ subjectId: other.subjectId })] }),
      404,
      'Subject not found',
    );
    expectError(
      await w.admin.put(`/api/classes/${w.classId}/schedule`, {
        schedule: [w.maths({ teacherId: other.teacher.teacherId })],
      }),
      404,
      'Teacher not found',
    );
    expectError(await w.admin.put(`/api/classes/${other.classId}/schedule`, { schedule: [] }), 404, 'Class not found');
    const wrongClass = await w.admin.put(`/api/classes/${w.classId}/schedule`, {
      schedule: [w.maths({ classId: other.classId })],
    });
    expect(wrongClass.body.details).toEqual([{ msg: 'Every slot must be for this class', path: 'schedule.0.classId' }]);
    const invalid = await w.admin.put(`/api/classes/${w.classId}/schedule`, {
      schedule: [w.maths(), w.maths({ dayOfWeek: 'Sunday' }), w.maths({ endTime: '08:00' })],
    });
    expect(invalid.body.details).toEqual([
      { msg: 'Day must be Monday to Friday', path: 'schedule.1.dayOfWeek' },
      { msg: 'End time must be after start time', path: 'schedule.2.endTime' },
    ]);
  });
});

describe('class statistics', () => {
  it('counts capacity use for the current year', async () => {
    const w = await schoolWithAdmin(t);
    const teacher = await addTeacher(t, w.schoolId);
    const full = await createClass(t, w.schoolId, {
      name: '6',
      section: 'A',
      capacity: 2,
      teacherId: teacher.teacherId,
    });
    const near = await createClass(t, w.schoolId, { name: '6', section: 'B', capacity: 5 });
    await createClass(t, w.schoolId, { name: '7', section: 'A', capacity: 3 });
    await createClass(t, w.schoolId, { name: '7', section: 'B', capacity: 100, academicYear: '2023-2024' });
    for (let i = 0; i < 2; i++) await createStudent(t, w.schoolId, { classId: full });
    for (let i = 0; i < 4; i++) await createStudent(t, w.schoolId, { classId: near });
    await createStudent(t, w.schoolId);

    const res = await w.admin.get('/api/classes/stats');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      academicYear: THIS_YEAR,
      totalClasses: 3,
      totalStudents: 6,
      totalCapacity: 10,
      averageClassSize: 2,
      utilisation: 60,
      nearCapacity: 1,
      full: 1,
      classesWithoutTeacher: 2,
      studentsWithoutClass: 1,
      byGrade: [
        { name: '6', classes: 2, students: 6, capacity: 7 },
        { name: '7', classes: 1, students: 0, capacity: 3 },
      ],
    });
    const all = await w.admin.get('/api/classes/stats?academicYear=all');
    expect(all.body.data).toMatchObject({ academicYear: 'all', totalClasses: 4, totalCapacity: 110 });
  });
});

describe('class reports', () => {
  async function withMarks() {
    const w = await classroom(t);
    const priya = await addTeacher(t, w.schoolId, { name: 'Priya Nair' });
    const english = await addSubject(t, w.schoolId, {
      name: 'English',
      code: 'ENG8',
      credits: 3,
      type: 'core',
      classId: w.classId,
      teacherId: priya.teacherId,
    });
    const ana = await createStudent(t, w.schoolId, { classId: w.classId, name: 'Ana' });
    const ben = await createStudent(t, w.schoolId, { classId: w.classId, name: 'Ben' });
    const cy = await createStudent(t, w.schoolId, { classId: w.classId, name: 'Cy' });
    const dee = await createStudent(t, w.schoolId, { classId: w.classId, name: 'Dee' });
    t.clock.now = new Date('2024-10-31T12:00:00Z');
    const marks: Parameters<typeof addStudentAttendance>[2] = [];
    const days = Array.from({ length: 10 }, (_, i) => `2024-10-${String(i + 10).padStart(2, '0')}`);
    days.forEach((date, i) => {
      marks.push({ studentId: ana.studentId, classId: w.classId, subjectId: w.subjectId, date, status: 'present' });
      marks.push({
        studentId: ben.studentId,
        classId: w.classId,
        subjectId: w.subjectId,
        date,
        status: i < 8 ? 'present' : i === 8 ? 'late' : 'absent',
      });
      marks.push({
        studentId: cy.studentId,
        classId: w.classId,
        subjectId: english,
        date,
        status: i < 5 ? 'absent' : i < 7 ? 'excused' : 'present',
      });
    });
    marks.push({
      studentId: ana.studentId,
      classId: w.classId,
      subjectId: english,
      date: '2024-08-01',
      status: 'absent',
    });
    await addStudentAttendance(t, w.schoolId, marks);
    return { ...w, priya, english, ana, ben, cy, dee };
  }

  it('reports attendance per student and per subject over the last 30 days by default', async () => {
    const w = await withMarks();
    const res = await w.admin.get(`/api/classes/${w.classId}/reports/attendance`);
    expect(res.status).toBe(200);
    const body = res.body.data;
    expect(body).toMatchObject({ from: '2024-10-02', to: '2024-10-31' });
    expect(body.class).toMatchObject({ _id: w.classId, name: '8', section: 'A' });
    expect(
      body.students.map((s: any) => [s.student.name, s.present, s.absent, s.late, s.excused, s.total, s.rate]),
    ).toEqual([
      ['Ana', 10, 0, 0, 0, 10, 100],
      ['Ben', 8, 1, 1, 0, 10, 90],
      ['Cy', 3, 5, 0, 2, 10, 37.5],
      ['Dee', 0, 0, 0, 0, 0, null],
    ]);
    expect(body.subjects).toEqual([
      {
        subject: { _id: w.english, name: 'English', code: 'ENG8' },
        present: 3,
        absent: 5,
        late: 0,
        excused: 2,
        total: 10,
        rate: 37.5,
      },
      {
        subject: { _id: w.subjectId, name: 'Mathematics', code: 'MATH8' },
        present: 18,
        absent: 1,
        late: 1,
        excused: 0,
        total: 20,
        rate: 95,
      },
    ]);
    expect(body.summary).toMatchObject({ students: 4, days: 10, present: 21, total: 30 });

    const range = await w.admin.get(`/api/classes/${w.classId}/reports/attendance?from=2024-08-01&to=2024-08-31`);
    expect(range.body.data.students.find((s: any) => s.student.name === 'Ana')).toMatchObject({ absent: 1, rate: 0 });
    const bad = await w.admin.get(`/api/classes/${w.classId}/reports/attendance?from=2024-09-10&to=2024-09-01`);
    expect(bad.body.details).toEqual([{ msg: 'From must not be after To', path: 'from' }]);
  });

  it('lists a former student who has marks in the range', async () => {
    const w = await withMarks();
    await w.admin.put(`/api/students/${w.ben.studentId}/remove-class`);
    const res = await w.admin.get(`/api/classes/${w.classId}/reports/attendance`);
    expect(res.body.data.students.map((s: any) => [s.student.name, s.inClass])).toEqual([
      ['Ana', true],
      ['Cy', true],
      ['Dee', true],
      ['Ben', false],
    ]);
    expect(res.body.data.summary.students).toBe(3);
  });

  it('gives an attendance-based standing and the subject load', async () => {
    const w = await withMarks();
    await addSchedule(t, w.schoolId, { teacherId: w.priya.teacherId, classId: w.classId, subjectId: w.english });
    await addSchedule(t, w.schoolId, {
      teacherId: w.priya.teacherId,
      classId: w.classId,
      subjectId: w.english,
      dayOfWeek: 'Tuesday',
      startTime: '10:00',
      endTime: '11:00',
    });
    const res = await w.admin.get(`/api/classes/${w.classId}/reports/performance`);
    expect(res.status).toBe(200);
    const body = res.body.data;
    expect(body.students.map((s: any) => [s.student.name, s.attendanceRate, s.standing])).toEqual([
      ['Ana', 100, 'good'],
      ['Ben', 90, 'good'],
      ['Cy', 37.5, 'at risk'],
      ['Dee', null, 'no data'],
    ]);
    expect(body.subjects).toEqual([
      {
        _id: w.english,
        name: 'English',
        code: 'ENG8',
        type: 'core',
        credits: 3,
        teacherId: { _id: w.priya.teacherId, name: 'Priya Nair' },
        weeklyPeriods: 2,
        weeklyMinutes: 105,
      },
      {
        _id: w.subjectId,
        name: 'Mathematics',
        code: 'MATH8',
        type: 'core',
        credits: 1,
        teacherId: { _id: w.teacher.teacherId, name: 'Rahul Verma' },
        weeklyPeriods: 0,
        weeklyMinutes: 0,
      },
    ]);
    expect(body.summary).toEqual({
      students: 4,
      good: 2,
      watch: 0,
      atRisk: 1,
      noData: 1,
      totalCredits: 4,
      weeklyPeriods: 2,
      weeklyMinutes: 105,
    });
    const watch = await w.admin.get(`/api/classes/${w.classId}/reports/performance?from=2024-10-12&to=2024-10-19`);
    expect(watch.body.data.students.find((s: any) => s.student.name === 'Ben')).toMatchObject({
      attendanceRate: 87.5,
      standing: 'watch',
    });
    const other = await classroom(t);
    expectError(await w.admin.get(`/api/classes/${other.classId}/reports/performance`), 404, 'Class not found');
    expectError(await w.admin.get(`/api/classes/${other.classId}/reports/attendance`), 404, 'Class not found');
  });
});

describe('who may use the classes', () => {
  it('answers 401 without a token', async () => {
    const anonymous = caller(t);
    for (const path of ['/api/classes', '/api/classes/stats', '/api/classes/x', '/api/classes/x/subjects']) {
      expect((await anonymous.get(path)).status).toBe(401);
    }
    expect((await anonymous.post('/api/classes', {})).status).toBe(401);
  });

  it('lets a teacher read the classes they teach and nothing else', async () => {
    const w = await classroom(t);
    const priya = await addTeacher(t, w.schoolId, { name: 'Priya Nair' });
    const c7 = await createClass(t, w.schoolId, { name: '7', section: 'A' });
    const c9 = await createClass(t, w.schoolId, { name: '9', section: 'A' });
    const coSubject = await addSubject(t, w.schoolId, { name: 'Art', classId: c9, teacherId: priya.teacherId });
    await addCoTeacher(t, w.schoolId, coSubject, w.teacher.teacherId);
    const rahul = await teacherCaller(t, w.teacher.email);

    expect((await rahul.get(`/api/classes/${w.classId}`)).body.data.name).toBe('8');
    expect((await rahul.get(`/api/classes/${w.classId}/subjects`)).body.data).toHaveLength(1);
    expect((await rahul.get(`/api/classes/${w.classId}/teacher`)).status).toBe(200);
    expect((await rahul.get(`/api/classes/${c9}`)).status).toBe(200);
    const notMine = 'Access denied. You can only view classes you teach.';
    expectError(await rahul.get(`/api/classes/${c7}`), 403, notMine);
    expectError(await rahul.get(`/api/classes/${c7}/subjects`), 403, notMine);
    const other = await classroom(t);
    expectError(await rahul.get(`/api/classes/${other.classId}`), 404, 'Class not found');

    for (const path of ['/api/classes', '/api/classes/stats', `/api/classes/${w.classId}/reports/attendance`]) {
      expectError(await rahul.get(path), 403, ADMIN_ONLY);
    }
    const body = { name: '1', section: 'A', teacherId: w.teacher.teacherId, capacity: 10 };
    expectError(await rahul.post('/api/classes', body), 403, ADMIN_ONLY);
    expectError(await rahul.put(`/api/classes/${w.classId}`, { capacity: 1 }), 403, ADMIN_ONLY);
    expectError(await rahul.del(`/api/classes/${w.classId}`), 403, ADMIN_ONLY);
    expectError(await rahul.put(`/api/classes/${w.classId}/teacher`, { teacherId: priya.teacherId }), 403, ADMIN_ONLY);
    expectError(await rahul.put(`/api/classes/${w.classId}/schedule`, { schedule: [] }), 403, ADMIN_ONLY);
    expectError(await rahul.post(`/api/classes/${w.classId}/subjects`, { subjectIds: [coSubject] }), 403, ADMIN_ONLY);
  });

  it('refuses students and parents', async () => {
    const w = await classroom(t);
    const { email, parentEmail } = await createStudent(t, w.schoolId, { classId: w.classId });
    for (const who of [caller(t, await signIn(t, email)), caller(t, await signIn(t, parentEmail as string))]) {
      expect((await who.get('/api/classes')).status).toBe(403);
      expect((await who.get(`/api/classes/${w.classId}`)).status).toBe(403);
      expect((await who.get(`/api/classes/${w.classId}/subjects`)).status).toBe(403);
    }
  });
});

describe('round trips', () => {
  it('do not grow with the number of classes, students and marks', async () => {
    const measure = async (count: number) => {
      const w = await schoolWithAdmin(t);
      const teacher = await addTeacher(t, w.schoolId);
      const classIds: string[] = [];
      for (let i = 0; i < count; i++) {
        classIds.push(
          await createClass(t, w.schoolId, {
            name: String((i % 12) + 1) as '1',
            section: (['A', 'B', 'C'] as const)[Math.floor(i / 12)],
            teacherId: teacher.teacherId,
          }),
        );
      }
      const first = classIds[0];
      const subjectId = await addSubject(t, w.schoolId, { classId: first, teacherId: teacher.teacherId });
      const studentIds: string[] = [];
      for (let i = 0; i < count; i++)
        studentIds.push((await createStudent(t, w.schoolId, { classId: first })).studentId);
      await addStudentAttendance(
        t,
        w.schoolId,
        studentIds.map((studentId) => ({
          studentId,
          classId: first,
          subjectId,
          date: '2024-10-01',
          status: 'present',
        })),
      );
      t.clock.now = new Date('2024-10-15T12:00:00Z');
      const trips: number[] = [];
      for (const path of [
        '/api/classes?limit=100',
        '/api/classes/stats',
        `/api/classes/${first}/subjects`,
        `/api/classes/${first}/reports/attendance`,
        `/api/classes/${first}/reports/performance`,
      ]) {
        const res = await w.admin.get(path);
        expect(res.status).toBe(200);
        trips.push(res.trips);
      }
      return trips;
    };
    const small = await measure(2);
    const large = await measure(30);
    expect(large).toEqual(small);
  });
});
