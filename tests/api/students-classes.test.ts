import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { students, users } from '../../worker/db/schema';
import { createTestApp, PASSWORD, signIn, type TestApp } from '../support/app';
import { caller, classroom, expectError, schoolWithAdmin, teacherCaller } from '../support/classroom';
import { createClass, createStudent } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const ADMIN_ONLY = 'Access denied. Required role: school_admin';

describe('listing students for the classroom screen', () => {
  it('lists students with their class by id, searchable and filtered, up to 1000 at once', async () => {
    const w = await classroom(t);
    const asha = await createStudent(t, w.schoolId, { classId: w.classId, name: 'Asha Rao' });
    const bilal = await createStudent(t, w.schoolId, { name: 'Bilal Khan' });
    await t.db.update(students).set({ rollNumber: 'R-77', status: 'inactive' }).where(eq(students.id, bilal.studentId));

    const res = await w.admin.get('/api/students?limit=1000');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.data.map((s: any) => s.name)).toEqual(['Asha Rao', 'Bilal Khan']);
    // A roster row: what the classroom shows, nothing more.
    expect(res.body.data[0]).toEqual({
      _id: asha.studentId,
      name: 'Asha Rao',
      rollNumber: expect.any(String),
      admissionNumber: expect.any(String),
      status: 'active',
      classId: w.classId,
    });
    expect(res.body.data[1].classId).toBeNull();
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);

    const names = async (query: string) =>
      (await w.admin.get(`/api/students?${query}`)).body.data.map((s: any) => s.name);
    expect(await names('search=asha')).toEqual(['Asha Rao']);
    expect(await names('search=r-77')).toEqual(['Bilal Khan']);
    expect(await names(`search=${encodeURIComponent(asha.email)}`)).toEqual(['Asha Rao']);
    expect(await names(`classId=${w.classId}`)).toEqual(['Asha Rao']);
    expect(await names('status=inactive')).toEqual(['Bilal Khan']);
    const page = await w.admin.get('/api/students?limit=1&page=2');
    expect(page.body).toMatchObject({ total: 2, data: [{ name: 'Bilal Khan' }] });
    expect((await w.admin.get('/api/students?limit=1001')).body.details).toEqual([
      { msg: 'Limit must be at most 1000', path: 'limit' },
    ]);
    expect((await w.admin.get('/api/students?status=gone')).status).toBe(400);
  });

  it("reads one student; another school's answers 404", async () => {
    const w = await classroom(t);
    const mine = await createStudent(t, w.schoolId, { classId: w.classId });
    const res = await w.admin.get(`/api/students/${mine.studentId}`);
    expect(res.body.data).toMatchObject({ _id: mine.studentId, classId: { _id: w.classId } });
    const other = await classroom(t);
    const theirs = await createStudent(t, other.schoolId);
    expectError(await w.admin.get(`/api/students/${theirs.studentId}`), 404, 'Student not found');
    expect((await w.admin.get('/api/students')).body.data.map((s: any) => s._id)).toEqual([mine.studentId]);
  });
});

describe('placing students in classes', () => {
  it('assigns a student, moving them from their old class, and removes them', async () => {
    const w = await classroom(t);
    const c9 = await createClass(t, w.schoolId, { name: '9', section: 'B' });
    const { studentId } = await createStudent(t, w.schoolId, { classId: w.classId });

    const moved = await w.admin.put(`/api/students/${studentId}/assign-class`, { classId: c9 });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe('Student assigned to class successfully');
    expect(moved.body.data.classId).toEqual({ _id: c9, name: '9', section: 'B' });
    const counts = (await w.admin.get('/api/classes')).body.data.map((c: any) => [c.name, c.studentCount]);
    expect(counts).toEqual([
      ['8', 0],
      ['9', 1],
    ]);
    const again = await w.admin.put(`/api/students/${studentId}/assign-class`, { classId: c9 });
    expect(again.status).toBe(200);

    const removed = await w.admin.put(`/api/students/${studentId}/remove-class`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Student removed from class successfully');
    expect(removed.body.data.classId).toBeNull();
    expect((await w.admin.put(`/api/students/${studentId}/remove-class`)).status).toBe(200);
  });

  it('refuses a full class with a clear message', async () => {
    const w = await classroom(t);
    const small = await createClass(t, w.schoolId, { name: '2', section: 'A', capacity: 2 });
    await createStudent(t, w.schoolId, { classId: small });
    await createStudent(t, w.schoolId, { classId: small });
    const { studentId } = await createStudent(t, w.schoolId, { classId: w.classId });
    const res = await w.admin.put(`/api/students/${studentId}/assign-class`, { classId: small });
    expectError(res, 409, 'Class 2-A is full (2/2 students). Raise its capacity or choose another class.');
    expect((await w.admin.get(`/api/students/${studentId}`)).body.data.classId._id).toBe(w.classId);
  });

  it('gives a moved student the next free roll number when theirs is used in the new class', async () => {
    const w = await classroom(t);
    const c9 = await createClass(t, w.schoolId, { name: '9', section: 'A' });
    const first = await createStudent(t, w.schoolId, { classId: c9 });
    const second = await createStudent(t, w.schoolId, { classId: w.classId });
    await t.db.update(students).set({ rollNumber: '7' }).where(eq(students.id, first.studentId));
    await t.db.update(students).set({ rollNumber: '7' }).where(eq(students.id, second.studentId));
    await t.db
      .update(students)
      .set({ rollNumber: '12' })
      .where(eq(students.id, (await createStudent(t, w.schoolId, { classId: c9 })).studentId));
    const res = await w.admin.put(`/api/students/${second.studentId}/assign-class`, { classId: c9 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ classId: { _id: c9 }, rollNumber: '13' });
    expect((await w.admin.get(`/api/students/${first.studentId}`)).body.data.rollNumber).toBe('7');
  });

  it("refuses another school's student or class with 404", async () => {
    const w = await classroom(t);
    const other = await classroom(t);
    const mine = await createStudent(t, w.schoolId);
    const theirs = await createStudent(t, other.schoolId);
    expectError(
      await w.admin.put(`/api/students/${mine.studentId}/assign-class`, { classId: other.classId }),
      404,
      'Class not found',
    );
    expectError(
      await w.admin.put(`/api/students/${theirs.studentId}/assign-class`, { classId: w.classId }),
      404,
      'Student not found',
    );
    expectError(await w.admin.put(`/api/students/${theirs.studentId}/remove-class`), 404, 'Student not found');
    const missing = await w.admin.put(`/api/students/${mine.studentId}/assign-class`, {});
    expect(missing.body.details).toEqual([{ msg: 'Class is required', path: 'classId' }]);
  });
});

describe('who may use these student calls', () => {
  it('answers 401 without a token and 403 to other roles; the family sign-ins still work', async () => {
    const w = await classroom(t);
    const { studentId, email, parentEmail } = await createStudent(t, w.schoolId, { classId: w.classId });
    expect((await caller(t).get('/api/students')).status).toBe(401);
    expect((await caller(t).put(`/api/students/${studentId}/remove-class`)).status).toBe(401);

    const studentLogin = await t.request('/api/students/login', {
      method: 'POST',
      json: { email, password: PASSWORD },
    });
    expect(studentLogin.status).toBe(200);
    const parentLogin = await t.request('/api/students/parents/login', {
      method: 'POST',
      json: { email: parentEmail, password: PASSWORD },
    });
    expect(parentLogin.status).toBe(200);

    const rahul = await teacherCaller(t, w.teacher.email);
    const student = caller(t, await signIn(t, email));
    const parent = caller(t, await signIn(t, parentEmail as string));
    for (const who of [rahul, student, parent]) {
      expectError(await who.get('/api/students'), 403, ADMIN_ONLY);
      expectError(await who.get(`/api/students/${studentId}`), 403, ADMIN_ONLY);
      expectError(await who.put(`/api/students/${studentId}/assign-class`, { classId: w.classId }), 403, ADMIN_ONLY);
      expectError(await who.put(`/api/students/${studentId}/remove-class`), 403, ADMIN_ONLY);
    }
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user.role).toBe('student');
  });
});

describe('round trips', () => {
  it('do not grow with the number of students', async () => {
    const measure = async (count: number) => {
      const w = await schoolWithAdmin(t);
      const classId = await createClass(t, w.schoolId, { capacity: 100 });
      const ids: string[] = [];
      for (let i = 0; i < count; i++) ids.push((await createStudent(t, w.schoolId, { classId })).studentId);
      const list = await w.admin.get('/api/students?limit=1000');
      expect(list.body.data).toHaveLength(count);
      const other = await createClass(t, w.schoolId, { name: '9', capacity: 100 });
      const assign = await w.admin.put(`/api/students/${ids[0]}/assign-class`, { classId: other });
      expect(assign.status).toBe(200);
      return [list.trips, assign.trips];
    };
    expect(await measure(30)).toEqual(await measure(2));
  });
});
