import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { schedules, subjects } from '../../worker/db/schema';
import { createTestApp, signIn, type TestApp } from '../support/app';
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

describe('creating subjects', () => {
  it('creates a core subject of one credit by default, with references populated', async () => {
    const w = await classroom(t);
    const res = await w.admin.post('/api/subjects', {
      name: ' Science ',
      classId: w.classId,
      teacherId: w.teacher.teacherId,
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Subject created successfully');
    expect(res.body.data).toEqual({
      _id: expect.any(String),
      name: 'Science',
      code: null,
      description: null,
      classId: { _id: w.classId, name: '8', section: 'A' },
      teacherId: { _id: w.teacher.teacherId, name: 'Rahul Verma' },
      categoryId: null,
      credits: 1,
      type: 'core',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await w.admin.get(`/api/subjects/${res.body.data._id}`)).body.data).toEqual(res.body.data);
  });

  it('takes code, description, credits as text, type and category', async () => {
    const w = await classroom(t);
    const category = await w.admin.post('/api/subjects/categories', { name: 'Sciences' });
    const res = await w.admin.post('/api/subjects', {
      name: 'Physics',
      code: 'PHY8',
      description: 'Mechanics and light',
      classId: w.classId,
      teacherId: w.teacher.teacherId,
      credits: '4',
      type: 'practical',
      categoryId: category.body.data._id,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      code: 'PHY8',
      description: 'Mechanics and light',
      credits: 4,
      type: 'practical',
      categoryId: { _id: category.body.data._id, name: 'Sciences' },
    });
  });

  it('answers a detail per invalid field', async () => {
    const w = await classroom(t);
    const missing = await w.admin.post('/api/subjects', {});
    expect(missing.body.details).toEqual([
      { msg: 'Subject name is required', path: 'name' },
      { msg: 'Class is required', path: 'classId' },
      { msg: 'Teacher is required', path: 'teacherId' },
    ]);
    for (const credits of [0, 11, 2.5, 'ten']) {
      const res = await w.admin.post('/api/subjects', {
        name: 'Art',
        classId: w.classId,
        teacherId: w.teacher.teacherId,
        credits,
      });
      expect(res.status).toBe(400);
      expect(res.body.details[0].path).toBe('credits');
      expect(res.body.details[0].msg).toMatch(/^Credits must be a whole number/);
    }
    const type = await w.admin.post('/api/subjects', {
      name: 'Art',
      classId: w.classId,
      teacherId: w.teacher.teacherId,
      type: 'optional',
    });
    expect(type.body.details).toEqual([{ msg: 'Type must be core, elective or practical', path: 'type' }]);
  });

  it('refuses the same name twice in one class, in any case, but allows it in another class', async () => {
    const w = await classroom(t);
    const dup = await w.admin.post('/api/subjects', {
      name: 'MATHEMATICS',
      classId: w.classId,
      teacherId: w.teacher.teacherId,
    });
    expectError(dup, 409, 'A subject with this name already exists in this class');
    const c9 = await createClass(t, w.schoolId, { name: '9', section: 'A' });
    const other = await w.admin.post('/api/subjects', {
      name: 'Mathematics',
      classId: c9,
      teacherId: w.teacher.teacherId,
    });
    expect(other.status).toBe(201);
  });

  it("refuses another school's class, teacher or category with 404 and writes nothing", async () => {
    const w = await classroom(t);
    const other = await classroom(t);
    const category = await other.admin.post('/api/subjects/categories', { name: 'Theirs' });
    const body = { name: 'Art', classId: w.classId, teacherId: w.teacher.teacherId };
    expectError(await w.admin.post('/api/subjects', { ...body, classId: other.classId }), 404, 'Class not found');
    expectError(
      await w.admin.post('/api/subjects', { ...body, teacherId: other.teacher.teacherId }),
      404,
      'Teacher not found',
    );
    expectError(
      await w.admin.post('/api/subjects', { ...body, categoryId: category.body.data._id }),
      404,
      'Category not found',
    );
    const rows = await t.db.select().from(subjects).where(eq(subjects.schoolId, w.schoolId));
    expect(rows.map((s) => s.name)).toEqual(['Mathematics']);
  });
});

describe('listing subjects', () => {
  it('filters by class, teacher (main or co-teacher), type, category and search, paged', async () => {
    const w = await classroom(t);
    const priya = await addTeacher(t, w.schoolId, { name: 'Priya Nair' });
    const c9 = await createClass(t, w.schoolId, { name: '9', section: 'B' });
    const category = await w.admin.post('/api/subjects/categories', { name: 'Languages' });
    const english = await addSubject(t, w.schoolId, {
      name: 'English',
      code: 'ENG9',
      classId: c9,
      teacherId: priya.teacherId,
      type: 'elective',
      categoryId: category.body.data._id,
    });
    await addCoTeacher(t, w.schoolId, english, w.teacher.teacherId);
    await addSubject(t, w.schoolId, { name: 'Drama', classId: null, teacherId: null });

    const all = await w.admin.get('/api/subjects');
    expect(all.body.total).toBe(3);
    expect(all.body.data.map((s: any) => s.name)).toEqual(['Drama', 'English', 'Mathematics']);
    expect(all.body.data[0]).toMatchObject({ classId: null, teacherId: null, categoryId: null });
    expect(all.body.data[1]).toMatchObject({
      classId: { _id: c9, name: '9', section: 'B' },
      teacherId: { _id: priya.teacherId, name: 'Priya Nair' },
      categoryId: { _id: category.body.data._id, name: 'Languages' },
    });
    const names = async (query: string) =>
      (await w.admin.get(`/api/subjects?${query}`)).body.data.map((s: any) => s.name);
    expect(await names(`classId=${c9}`)).toEqual(['English']);
    expect(await names(`teacherId=${w.teacher.teacherId}`)).toEqual(['English', 'Mathematics']);
    expect(await names(`teacherId=${priya.teacherId}`)).toEqual(['English']);
    expect(await names('type=elective')).toEqual(['English']);
    expect(await names(`categoryId=${category.body.data._id}`)).toEqual(['English']);
    expect(await names('search=eng9')).toEqual(['English']);
    expect(await names('search=math')).toEqual(['Mathematics']);
    const page = await w.admin.get('/api/subjects?limit=1&page=3');
    expect(page.body).toMatchObject({ total: 3, data: [{ name: 'Mathematics' }] });
    expect((await w.admin.get('/api/subjects?type=hobby')).status).toBe(400);
  });

  it('lists unassigned subjects, subjects by category id or name, and statistics', async () => {
    const w = await classroom(t);
    const category = await w.admin.post('/api/subjects/categories', { name: 'Arts' });
    const categoryId = category.body.data._id;
    await addSubject(t, w.schoolId, { name: 'Drama', classId: null, teacherId: w.teacher.teacherId, categoryId });
    await addSubject(t, w.schoolId, {
      name: 'Music',
      classId: w.classId,
      teacherId: null,
      credits: 2,
      type: 'elective',
      categoryId,
    });
    await addSubject(t, w.schoolId, {
      name: 'Lab',
      classId: w.classId,
      teacherId: w.teacher.teacherId,
      type: 'practical',
      credits: 3,
    });

    const unassigned = await w.admin.get('/api/subjects/unassigned');
    expect(unassigned.body.data.map((s: any) => s.name)).toEqual(['Drama', 'Music']);
    expect(unassigned.body.total).toBe(2);

    const byId = await w.admin.get(`/api/subjects/category/${categoryId}`);
    expect(byId.body.data.map((s: any) => s.name)).toEqual(['Drama', 'Music']);
    expect(byId.body.category).toEqual({ _id: categoryId, name: 'Arts' });
    const byName = await w.admin.get('/api/subjects/category/arts');
    expect(byName.body.total).toBe(2);
    expectError(await w.admin.get('/api/subjects/category/Unknown'), 404, 'Category not found');

    const stats = await w.admin.get('/api/subjects/stats');
    expect(stats.body.data).toEqual({
      total: 4,
      totalCredits: 7,
      byType: { core: 2, elective: 1, practical: 1 },
      byCategory: [{ _id: categoryId, name: 'Arts', count: 2 }],
      uncategorised: 2,
      unassigned: 2,
      withoutClass: 1,
      withoutTeacher: 1,
    });
  });
});

describe('changing subjects', () => {
  it('updates only the given fields', async () => {
    const w = await classroom(t);
    const res = await w.admin.put(`/api/subjects/${w.subjectId}`, { credits: 5, description: 'Algebra', code: '' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Subject updated successfully');
    expect(res.body.data).toMatchObject({
      name: 'Mathematics',
      code: null,
      description: 'Algebra',
      credits: 5,
      classId: { _id: w.classId },
      teacherId: { _id: w.teacher.teacherId },
    });
    await addSubject(t, w.schoolId, { name: 'Science', classId: w.classId, teacherId: w.teacher.teacherId });
    const dup = await w.admin.put(`/api/subjects/${w.subjectId}`, { name: 'science' });
    expectError(dup, 409, 'A subject with this name already exists in this class');
    const other = await classroom(t);
    expectError(await w.admin.put(`/api/subjects/${other.subjectId}`, { credits: 2 }), 404, 'Subject not found');
    expectError(
      await w.admin.put(`/api/subjects/${w.subjectId}`, { teacherId: other.teacher.teacherId }),
      404,
      'Teacher not found',
    );
    expectError(await w.admin.put(`/api/subjects/${w.subjectId}`, { classId: other.classId }), 404, 'Class not found');
  });

  it('assigns a main teacher, who takes over the timetable slots of the old one after a clash check', async () => {
    const w = await classroom(t);
    const priya = await addTeacher(t, w.schoolId, { name: 'Priya Nair' });
    const slot = await addSchedule(t, w.schoolId, {
      teacherId: w.teacher.teacherId,
      classId: w.classId,
      subjectId: w.subjectId,
    });
    const c7 = await createClass(t, w.schoolId, { name: '7', section: 'C' });
    const science7 = await addSubject(t, w.schoolId, { name: 'Science', classId: c7, teacherId: priya.teacherId });
    const busy = await addSchedule(t, w.schoolId, {
      teacherId: priya.teacherId,
      classId: c7,
      subjectId: science7,
      startTime: '09:30',
      endTime: '10:15',
    });
    const clash = await w.admin.put(`/api/subjects/${w.subjectId}/assign-teacher`, { teacherId: priya.teacherId });
    expectError(clash, 409, 'Teacher clash: Priya Nair already teaches 7-C Science on Monday 09:30-10:15');

    await t.db.update(schedules).set({ startTime: '09:45' }).where(eq(schedules.id, busy));
    const res = await w.admin.put(`/api/subjects/${w.subjectId}/assign-teacher`, { teacherId: priya.teacherId });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Subject assigned to teacher successfully');
    expect(res.body.data.teacherId).toEqual({ _id: priya.teacherId, name: 'Priya Nair' });
    const [moved] = await t.db.select().from(schedules).where(eq(schedules.id, slot));
    expect(moved.teacherId).toBe(priya.teacherId);
  });

  it('lists a promoted co-teacher once and moves the old main teacher slots to them', async () => {
    const w = await classroom(t);
    const priya = await addTeacher(t, w.schoolId, { name: 'Priya Nair' });
    await t.db.update(subjects).set({ teacherId: priya.teacherId }).where(eq(subjects.id, w.subjectId));
    await addCoTeacher(t, w.schoolId, w.subjectId, w.teacher.teacherId);
    const priyaSlot = await addSchedule(t, w.schoolId, {
      teacherId: priya.teacherId,
      classId: w.classId,
      subjectId: w.subjectId,
    });
    const rahulSlot = await addSchedule(t, w.schoolId, {
      teacherId: w.teacher.teacherId,
      classId: w.classId,
      subjectId: w.subjectId,
      dayOfWeek: 'Tuesday',
    });
    const res = await w.admin.put(`/api/subjects/${w.subjectId}/assign-teacher`, { teacherId: w.teacher.teacherId });
    expect(res.status).toBe(200);
    const rows = await t.db.select().from(schedules).where(eq(schedules.subjectId, w.subjectId));
    expect(rows.find((r) => r.id === priyaSlot)?.teacherId).toBe(w.teacher.teacherId);
    expect(rows.find((r) => r.id === rahulSlot)?.teacherId).toBe(w.teacher.teacherId);
    const teachers = await w.admin.get(`/api/subjects/${w.subjectId}/teachers`);
    expect(teachers.body.data.map((x: any) => [x.name, x.role])).toEqual([['Rahul Verma', 'main']]);
  });

  it('leaves the slots of an old main teacher who stays as co-teacher', async () => {
    const w = await classroom(t);
    const priya = await addTeacher(t, w.schoolId, { name: 'Priya Nair' });
    await addCoTeacher(t, w.schoolId, w.subjectId, w.teacher.teacherId);
    const slot = await addSchedule(t, w.schoolId, {
      teacherId: w.teacher.teacherId,
      classId: w.classId,
      subjectId: w.subjectId,
    });
    const res = await w.admin.put(`/api/subjects/${w.subjectId}`, { teacherId: priya.teacherId });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(schedules).where(eq(schedules.id, slot));
    expect(row.teacherId).toBe(w.teacher.teacherId);
  });

  it('refuses to leave slots without a teacher', async () => {
    const w = await classroom(t);
    await addSchedule(t, w.schoolId, { teacherId: w.teacher.teacherId, classId: w.classId, subjectId: w.subjectId });
    const res = await w.admin.put(`/api/subjects/${w.subjectId}`, { teacherId: null });
    expectError(
      res,
      409,
      'This subject has 1 timetable slot(s) with Rahul Verma; assign another teacher or remove those slots first.',
    );
  });

  it('assigns to and removes from a class, unless the subject is on the timetable', async () => {
    const w = await classroom(t);
    const c9 = await createClass(t, w.schoolId, { name: '9', section: 'A' });
    const moved = await w.admin.put(`/api/subjects/${w.subjectId}/assign-class`, { classId: c9 });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe('Subject assigned to class successfully');
    expect(moved.body.data.classId).toEqual({ _id: c9, name: '9', section: 'A' });
    const removed = await w.admin.put(`/api/subjects/${w.subjectId}/remove-class`);
    expect(removed.body.message).toBe('Subject removed from class successfully');
    expect(removed.body.data.classId).toBeNull();
    await w.admin.put(`/api/subjects/${w.subjectId}/assign-class`, { classId: w.classId });
    await addSchedule(t, w.schoolId, { teacherId: w.teacher.teacherId, classId: w.classId, subjectId: w.subjectId });
    const blocked = await w.admin.put(`/api/subjects/${w.subjectId}/remove-class`);
    expectError(
      blocked,
      409,
      'This subject is on the timetable of 8-A (1 slot(s)); remove those slots before moving it to another class.',
    );
    const other = await classroom(t);
    expectError(
      await w.admin.put(`/api/subjects/${w.subjectId}/assign-class`, { classId: other.classId }),
      404,
      'Class not found',
    );
    expectError(await w.admin.put(`/api/subjects/${other.subjectId}/remove-class`), 404, 'Subject not found');
  });
});

describe('teachers of a subject', () => {
  it('lists the main teacher and co-teachers, and adds a co-teacher once', async () => {
    const w = await classroom(t);
    const priya = await addTeacher(t, w.schoolId, { name: 'Priya Nair' });
    const added = await w.admin.post(`/api/subjects/${w.subjectId}/teachers`, { teacherId: priya.teacherId });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('Teacher added to subject successfully');
    expect(added.body.data.map((x: any) => [x.name, x.role])).toEqual([
      ['Rahul Verma', 'main'],
      ['Priya Nair', 'co-teacher'],
    ]);
    const list = await w.admin.get(`/api/subjects/${w.subjectId}/teachers`);
    expect(list.body.data).toEqual(added.body.data);
    expect(list.body.data[1]).toMatchObject({ _id: priya.teacherId, email: priya.email, department: 'Teaching' });
    const again = await w.admin.post(`/api/subjects/${w.subjectId}/teachers`, { teacherId: priya.teacherId });
    expectError(again, 409, 'This teacher already teaches this subject');
    const main = await w.admin.post(`/api/subjects/${w.subjectId}/teachers`, { teacherId: w.teacher.teacherId });
    expectError(main, 409, 'This teacher already teaches this subject');
    const other = await classroom(t);
    expectError(
      await w.admin.post(`/api/subjects/${w.subjectId}/teachers`, { teacherId: other.teacher.teacherId }),
      404,
      'Teacher not found',
    );
    expectError(await w.admin.get(`/api/subjects/${other.subjectId}/teachers`), 404, 'Subject not found');
  });
});

describe('deleting subjects', () => {
  it('removes the subject with its timetable slots', async () => {
    const w = await classroom(t);
    await addSchedule(t, w.schoolId, { teacherId: w.teacher.teacherId, classId: w.classId, subjectId: w.subjectId });
    const res = await w.admin.del(`/api/subjects/${w.subjectId}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Subject removed successfully');
    expect(res.body.data).toEqual({ _id: w.subjectId, schedulesRemoved: 1 });
    expect(await t.db.select().from(schedules).where(eq(schedules.schoolId, w.schoolId))).toEqual([]);
    expectError(await w.admin.get(`/api/subjects/${w.subjectId}`), 404, 'Subject not found');
  });

  it('refuses while the subject has assessments, which would go with it', async () => {
    const w = await classroom(t);
    const { made } = await classroomAssessment(w);
    expect(made.status).toBe(201);
    expectError(
      await w.admin.del(`/api/subjects/${w.subjectId}`),
      409,
      'Marks have been recorded for this subject; delete its assessments before deleting it.',
      'IN_USE',
    );
    expect((await w.admin.get(`/api/grades/assessments/${made.body.data._id}/marks`)).status).toBe(200);
  });

  it('refuses once attendance has been recorded, and answers 404 for another school', async () => {
    const w = await classroom(t);
    const { studentId } = await createStudent(t, w.schoolId, { classId: w.classId });
    await addStudentAttendance(t, w.schoolId, [
      { studentId, classId: w.classId, subjectId: w.subjectId, date: '2024-09-02', status: 'absent' },
    ]);
    expectError(
      await w.admin.del(`/api/subjects/${w.subjectId}`),
      409,
      'Attendance has been recorded for this subject; it cannot be deleted.',
    );
    const other = await classroom(t);
    expectError(await w.admin.del(`/api/subjects/${other.subjectId}`), 404, 'Subject not found');
    expect((await other.admin.get(`/api/subjects/${other.subjectId}`)).status).toBe(200);
  });
});

describe('subject categories', () => {
  it('creates, reads, renames and deletes a category, leaving its subjects uncategorised', async () => {
    const w = await classroom(t);
    const created = await w.admin.post('/api/subjects/categories', { name: 'Sciences', description: 'Lab subjects' });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Category created successfully');
    const id = created.body.data._id;
    expect(created.body.data).toMatchObject({ name: 'Sciences', description: 'Lab subjects', subjectCount: 0 });
    await w.admin.put(`/api/subjects/${w.subjectId}`, { categoryId: id });
    const read = await w.admin.get(`/api/subjects/categories/${id}`);
    expect(read.body.data.subjectCount).toBe(1);
    const list = await w.admin.get('/api/subjects/categories');
    expect(list.body.data.map((c: any) => c.name)).toEqual(['Sciences']);

    const renamed = await w.admin.put(`/api/subjects/categories/${id}`, { name: 'Natural Sciences' });
    expect(renamed.body.message).toBe('Category updated successfully');
    expect(renamed.body.data).toMatchObject({ name: 'Natural Sciences', description: 'Lab subjects' });
    expect((await w.admin.get(`/api/subjects/${w.subjectId}`)).body.data.categoryId.name).toBe('Natural Sciences');

    const deleted = await w.admin.del(`/api/subjects/categories/${id}`);
    expect(deleted.body.message).toBe('Category deleted successfully');
    expect(deleted.body.data).toEqual({ _id: id, subjectsUncategorised: 1 });
    expect((await w.admin.get(`/api/subjects/${w.subjectId}`)).body.data.categoryId).toBeNull();
    expectError(await w.admin.get(`/api/subjects/categories/${id}`), 404, 'Category not found');
  });

  it('keeps names unique per school in any case', async () => {
    const w = await schoolWithAdmin(t);
    await w.admin.post('/api/subjects/categories', { name: 'Arts' });
    const other = await w.admin.post('/api/subjects/categories', { name: 'Sports' });
    expectError(
      await w.admin.post('/api/subjects/categories', { name: 'ARTS' }),
      409,
      'A subject category with this name already exists',
    );
    expectError(
      await w.admin.put(`/api/subjects/categories/${other.body.data._id}`, { name: 'arts' }),
      409,
      'A subject category with this name already exists',
    );
    const elsewhere = await schoolWithAdmin(t);
    expect((await elsewhere.admin.post('/api/subjects/categories', { name: 'Arts' })).status).toBe(201);
    const missing = await w.admin.post('/api/subjects/categories', {});
    expect(missing.body.details).toEqual([{ msg: 'Category name is required', path: 'name' }]);
  });

  it("answers 404 for another school's category", async () => {
    const w = await schoolWithAdmin(t);
    const other = await schoolWithAdmin(t);
    const theirs = await other.admin.post('/api/subjects/categories', { name: 'Theirs' });
    const id = theirs.body.data._id;
    expectError(await w.admin.get(`/api/subjects/categories/${id}`), 404, 'Category not found');
    expectError(await w.admin.put(`/api/subjects/categories/${id}`, { name: 'Mine' }), 404, 'Category not found');
    expectError(await w.admin.del(`/api/subjects/categories/${id}`), 404, 'Category not found');
    expectError(await w.admin.get(`/api/subjects/category/${id}`), 404, 'Category not found');
    expectError(await w.admin.get('/api/subjects/category/Theirs'), 404, 'Category not found');
  });
});

describe('who may use the subjects', () => {
  it('answers 401 without a token and 403 to every other role', async () => {
    const w = await classroom(t);
    for (const path of ['/api/subjects', '/api/subjects/stats', `/api/subjects/${w.subjectId}`]) {
      expect((await caller(t).get(path)).status).toBe(401);
    }
    const rahul = await teacherCaller(t, w.teacher.email);
    const { email, parentEmail } = await createStudent(t, w.schoolId, { classId: w.classId });
    const student = caller(t, await signIn(t, email));
    const parent = caller(t, await signIn(t, parentEmail as string));
    for (const who of [rahul, student, parent]) {
      for (const path of [
        '/api/subjects',
        '/api/subjects/stats',
        '/api/subjects/unassigned',
        '/api/subjects/categories',
        `/api/subjects/${w.subjectId}`,
        `/api/subjects/${w.subjectId}/teachers`,
      ]) {
        expectError(await who.get(path), 403, ADMIN_ONLY);
      }
      expectError(
        await who.post('/api/subjects', { name: 'X', classId: w.classId, teacherId: w.teacher.teacherId }),
        403,
        ADMIN_ONLY,
      );
      expectError(await who.put(`/api/subjects/${w.subjectId}`, { credits: 2 }), 403, ADMIN_ONLY);
      expectError(await who.del(`/api/subjects/${w.subjectId}`), 403, ADMIN_ONLY);
      expectError(await who.post('/api/subjects/categories', { name: 'X' }), 403, ADMIN_ONLY);
    }
  });
});

describe('round trips', () => {
  it('do not grow with the number of subjects', async () => {
    const measure = async (count: number) => {
      const w = await schoolWithAdmin(t);
      const teacher = await addTeacher(t, w.schoolId);
      const classId = await createClass(t, w.schoolId);
      const category = await w.admin.post('/api/subjects/categories', { name: 'Core' });
      let first = '';
      for (let i = 0; i < count; i++) {
        const id = await addSubject(t, w.schoolId, {
          classId: i % 3 === 0 ? null : classId,
          teacherId: teacher.teacherId,
          categoryId: category.body.data._id,
        });
        first ||= id;
        await addCoTeacher(t, w.schoolId, id, (await addTeacher(t, w.schoolId)).teacherId);
      }
      const trips: number[] = [];
      for (const path of [
        '/api/subjects?limit=100',
        '/api/subjects/unassigned',
        '/api/subjects/stats',
        '/api/subjects/categories',
        `/api/subjects/category/${category.body.data._id}`,
        `/api/subjects/${first}/teachers`,
        `/api/classes/${classId}/subjects`,
      ]) {
        const res = await w.admin.get(path);
        expect(res.status).toBe(200);
        trips.push(res.trips);
      }
      return trips;
    };
    expect(await measure(30)).toEqual(await measure(2));
  });
});
