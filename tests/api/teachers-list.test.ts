import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, signIn, type TestApp, THIS_YEAR, unique } from '../support/app';
import { caller, classroom, expectError, schoolWithAdmin, teacherCaller } from '../support/classroom';
import { addCoTeacher, addSubject, addTeacher, createClass, createStudent } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const ADMIN_ONLY = 'Access denied. Required role: school_admin';

describe('listing teachers', () => {
  it('lists active and inactive teachers of the school, searchable and filtered by isActive', async () => {
    const w = await schoolWithAdmin(t);
    const email = `${unique('anita')}@example.org`.toLowerCase();
    const created = await w.admin.post('/api/auth/create-teacher', {
      name: 'Anita Desai',
      email,
      password: PASSWORD,
      phone: '555-0101',
      designation: 'Senior Teacher',
      primarySubject: 'Physics',
      subjects: ['Chemistry'],
    });
    expect(created.status).toBe(201);
    await addTeacher(t, w.schoolId, { name: 'Ben Old', isActive: false });
    const other = await schoolWithAdmin(t);
    await addTeacher(t, other.schoolId, { name: 'Other School Teacher' });

    const res = await w.admin.get('/api/teachers');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.data.map((x: any) => [x.name, x.isActive])).toEqual([
      ['Anita Desai', true],
      ['Ben Old', false],
    ]);
    expect(res.body.data[0]).toMatchObject({
      _id: created.body.data.teacher._id,
      name: 'Anita Desai',
      email,
      phone: '555-0101',
      department: 'Teaching',
      designation: 'Senior Teacher',
      subjects: [{ name: 'Physics' }, { name: 'Chemistry' }],
      isActive: true,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);

    const names = async (query: string) =>
      (await w.admin.get(`/api/teachers?${query}`)).body.data.map((x: any) => x.name);
    expect(await names('isActive=false')).toEqual(['Ben Old']);
    expect(await names('isActive=true')).toEqual(['Anita Desai']);
    expect(await names('search=desai')).toEqual(['Anita Desai']);
    expect(await names('search=0101')).toEqual(['Anita Desai']);
    expect(await names('search=senior')).toEqual(['Anita Desai']);
    expect((await w.admin.get('/api/teachers?limit=1&page=2')).body).toMatchObject({
      total: 2,
      data: [{ name: 'Ben Old' }],
    });
    expect((await w.admin.get('/api/teachers?isActive=maybe')).status).toBe(400);
  });

  it('reads one teacher with assigned classes and subjects', async () => {
    const w = await classroom(t);
    const c9 = await createClass(t, w.schoolId, { name: '9', section: 'A' });
    const priya = await addTeacher(t, w.schoolId, { name: 'Priya Nair' });
    const art = await addSubject(t, w.schoolId, { name: 'Art', classId: c9, teacherId: priya.teacherId });
    await addCoTeacher(t, w.schoolId, art, w.teacher.teacherId);
    const res = await w.admin.get(`/api/teachers/${w.teacher.teacherId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: w.teacher.teacherId,
      name: 'Rahul Verma',
      assignedClasses: [{ _id: w.classId, name: '8', section: 'A', academicYear: THIS_YEAR }],
      assignedSubjects: [
        { _id: art, name: 'Art', classId: { _id: c9, name: '9', section: 'A' }, role: 'co-teacher' },
        { _id: w.subjectId, name: 'Mathematics', code: 'MATH8', classId: { _id: w.classId }, role: 'main' },
      ],
    });
    const other = await classroom(t);
    expectError(await w.admin.get(`/api/teachers/${other.teacher.teacherId}`), 404, 'Teacher not found');
  });
});

describe('who may list teachers', () => {
  it('answers 401 without a token and 403 to other roles; teacher sign-in still works', async () => {
    const w = await classroom(t);
    expect((await caller(t).get('/api/teachers')).status).toBe(401);
    expect((await caller(t).get(`/api/teachers/${w.teacher.teacherId}`)).status).toBe(401);
    const login = await t.request('/api/teachers/login', {
      method: 'POST',
      json: { email: w.teacher.email, password: PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as any).teacher).toMatchObject({ _id: w.teacher.teacherId, name: 'Rahul Verma' });

    const rahul = await teacherCaller(t, w.teacher.email);
    const { email, parentEmail } = await createStudent(t, w.schoolId, { classId: w.classId });
    expectError(await rahul.get('/api/teachers'), 403, ADMIN_ONLY);
    // A teacher reads their own record (see teachers.test.ts); students and parents read none.
    expect((await rahul.get(`/api/teachers/${w.teacher.teacherId}`)).status).toBe(200);
    for (const who of [caller(t, await signIn(t, email)), caller(t, await signIn(t, parentEmail as string))]) {
      expectError(await who.get('/api/teachers'), 403, ADMIN_ONLY);
      expectError(
        await who.get(`/api/teachers/${w.teacher.teacherId}`),
        403,
        'Access denied. Required role: school_admin or teacher',
      );
    }
  });
});

describe('round trips', () => {
  it('do not grow with the number of teachers', async () => {
    const measure = async (count: number) => {
      const w = await schoolWithAdmin(t);
      let first = '';
      for (let i = 0; i < count; i++) {
        const { teacherId } = await addTeacher(t, w.schoolId);
        first ||= teacherId;
        await createClass(t, w.schoolId, {
          name: String((i % 12) + 1) as '1',
          section: (['A', 'B', 'C'] as const)[Math.floor(i / 12)],
          teacherId: first,
        });
        await addSubject(t, w.schoolId, { classId: null, teacherId: first });
      }
      const list = await w.admin.get('/api/teachers?limit=1000');
      expect(list.body.data).toHaveLength(count);
      const one = await w.admin.get(`/api/teachers/${first}`);
      expect(one.body.data.assignedClasses).toHaveLength(count);
      return [list.trips, one.trips];
    };
    expect(await measure(30)).toEqual(await measure(2));
  });
});
