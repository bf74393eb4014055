import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { schools, subjectTeachers, teacherAttendance, teachers } from '../../worker/db/schema';
import { createTestApp, PASSWORD, signIn, type TestApp, unique } from '../support/app';
import { caller, classroom, expectError, schoolWithAdmin, teacherCaller } from '../support/classroom';
import { addCoTeacher, addSchedule, addSubject, addTeacher, createClass } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const ADMIN_ONLY = 'Access denied. Required role: school_admin';
const NOT_YOURS = 'Access denied. You can only view your own profile.';
const EMAIL_TAKEN = 'A user with this email already exists';

const newEmail = (prefix = 'teacher') => `${unique(prefix)}@example.org`.toLowerCase();

function fullForm(extra: Record<string, unknown> = {}) {
  return {
    name: 'Meera Iyer',
    email: newEmail('meera'),
    password: PASSWORD,
    phone: '555-0110',
    dateOfBirth: '1988-02-14',
    gender: 'female',
    department: 'Teaching',
    designation: 'Senior Teacher',
    qualification: 'M.Sc. Physics, B.Ed.',
    experience: 9,
    salary: 52000,
    primarySubject: 'Physics',
    subjects: ['Physics', 'Mathematics', 'mathematics', 'Chemistry'],
    address: { street: '12 Lake Road', city: 'Pune', state: 'MH', zipCode: '411001' },
    ...extra,
  };
}

const teacherLogin = (email: string, password = PASSWORD) =>
  t.request('/api/teachers/login', { method: 'POST', json: { email, password } });

describe('POST /api/teachers', () => {
  it('creates a teacher from the full form: subjects primary first without duplicates, department Teaching', async () => {
    const w = await schoolWithAdmin(t);
    const body = fullForm();
    const res = await w.admin.post('/api/teachers', body);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Teacher added successfully!');
    expect(res.body.data.teacher).toMatchObject({
      name: 'Meera Iyer',
      email: body.email,
      phone: '555-0110',
      role: 'teacher',
      department: 'Teaching',
      designation: 'Senior Teacher',
      qualification: 'M.Sc. Physics, B.Ed.',
      experience: 9,
      salary: 52000,
      dateOfBirth: '1988-02-14',
      gender: 'female',
      primarySubject: 'Physics',
      subjects: [{ name: 'Physics' }, { name: 'Mathematics' }, { name: 'Chemistry' }],
      address: { street: '12 Lake Road', city: 'Pune', state: 'MH', zipCode: '411001' },
      isActive: true,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/i);
    // The account signs in at the teacher sign-in.
    expect((await teacherLogin(body.email)).status).toBe(200);
  });

  it('creates a teacher from the simple form with experience and salary 0', async () => {
    const w = await schoolWithAdmin(t);
    const email = newEmail();
    const res = await w.admin.post('/api/teachers', { name: 'Sam Roy', email, password: PASSWORD, phone: '555-0111' });
    expect(res.status).toBe(201);
    expect(res.body.data.teacher).toMatchObject({ experience: 0, salary: 0, subjects: [], department: 'Teaching' });
  });

  it('answers the spec messages for missing, short, negative and duplicate values', async () => {
    const w = await schoolWithAdmin(t);
    const missing = await w.admin.post('/api/teachers', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Validation failed');
    expect(missing.body.details.map((d: any) => d.path)).toEqual(
      expect.arrayContaining(['name', 'email', 'password', 'phone']),
    );
    const short = await w.admin.post('/api/teachers', fullForm({ password: '12345' }));
    expect(short.body.details).toEqual([{ msg: 'Password must be at least 6 characters long', path: 'password' }]);
    const negative = await w.admin.post('/api/teachers', fullForm({ experience: -1, salary: 10.5 }));
    expect(negative.body.details.map((d: any) => d.msg)).toEqual([
      'Experience cannot be negative',
      'Salary must be a whole number',
    ]);
    const taken = fullForm();
    expect((await w.admin.post('/api/teachers', taken)).status).toBe(201);
    // Emails are unique across the platform, whatever their case.
    const other = await schoolWithAdmin(t);
    const again = await other.admin.post('/api/teachers', fullForm({ email: taken.email.toUpperCase() }));
    expectError(again, 409, EMAIL_TAKEN);
    expect(again.body.error).toContain('email already exists');
    expectError(await w.admin.post('/api/teachers', fullForm({ email: w.adminEmail })), 409, EMAIL_TAKEN);
  });
});

describe('GET /api/schools/:schoolId/teachers', () => {
  it("lists the caller's own school only; another school's id answers 404", async () => {
    const w = await classroom(t);
    await addTeacher(t, w.schoolId, { name: 'Zoe Old', isActive: false });
    const other = await classroom(t);
    const res = await w.admin.get(`/api/schools/${w.schoolId}/teachers?isActive=true`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 1, data: [{ name: 'Rahul Verma' }] });
    expect((await w.admin.get(`/api/schools/${w.schoolId}/teachers`)).body.total).toBe(2);
    expectError(await w.admin.get(`/api/schools/${other.schoolId}/teachers`), 404, 'School not found');
    expectError(await w.admin.get('/api/schools/no-such-school/teachers'), 404, 'School not found');
    const rahul = await teacherCaller(t, w.teacher.email);
    expectError(await rahul.get(`/api/schools/${w.schoolId}/teachers`), 403, ADMIN_ONLY);
    expect((await caller(t).get(`/api/schools/${w.schoolId}/teachers`)).status).toBe(401);
  });
});

describe('GET /api/teachers/stats', () => {
  it('counts teachers, the payroll of active ones, who joined this school month, subjects and the newest five', async () => {
    const w = await schoolWithAdmin(t);
    await t.db.update(schools).set({ currency: 'INR', timeZone: 'Asia/Kolkata' }).where(eq(schools.id, w.schoolId));
    // 20:00 UTC on 31 March is already 1 April in Kolkata.
    t.clock.now = new Date('2025-03-31T20:00:00.000Z');
    try {
      const made = [];
      for (const [name, salary, subjects] of [
        ['Asha', 30000, ['Mathematics', 'Physics']],
        ['Bala', 25000, ['Mathematics']],
        ['Chitra', 40000, ['English']],
      ] as const) {
        const res = await w.admin.post('/api/teachers', {
          name,
          email: newEmail(name),
          password: PASSWORD,
          phone: '555-0100',
          salary,
          primarySubject: subjects[0],
          subjects: subjects.slice(1),
        });
        made.push(res.body.data.teacher);
      }
      const old = await addTeacher(t, w.schoolId, { name: 'Dev Old', isActive: false });
      await t.db
        .update(teachers)
        .set({ joinedOn: '2025-03-10', salaryMinor: 9_900_000, subjects: ['Mathematics'] })
        .where(eq(teachers.id, old.teacherId));
      const res = await w.admin.get('/api/teachers/stats');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        totalTeachers: 4,
        activeTeachers: 3,
        inactiveTeachers: 1,
        totalSalary: 95000,
        currency: 'INR',
        month: '2025-04',
        newThisMonth: 3,
        subjectDistribution: [
          { subject: 'Mathematics', count: 2 },
          { subject: 'English', count: 1 },
          { subject: 'Physics', count: 1 },
        ],
      });
      expect(res.body.data.recentTeachers).toHaveLength(4);
      expect(res.body.data.recentTeachers.map((x: any) => x.name)).toContain('Chitra');
    } finally {
      t.clock.now = new Date();
    }
  });

  it('shows five recent teachers and costs the same round trips for 2 and 20 teachers', async () => {
    const measure = async (n: number) => {
      const w = await schoolWithAdmin(t);
      for (let i = 0; i < n; i++) await addTeacher(t, w.schoolId);
      const res = await w.admin.get('/api/teachers/stats');
      expect(res.body.data.totalTeachers).toBe(n);
      expect(res.body.data.recentTeachers).toHaveLength(Math.min(n, 5));
      return res.trips;
    };
    expect(await measure(20)).toBe(await measure(2));
  });
});

describe('GET /api/teachers/:id', () => {
  it('lets a teacher read their own record, not another teacher of the school (403) nor of another school (404)', async () => {
    const w = await classroom(t);
    const priya = await addTeacher(t, w.schoolId, { name: 'Priya Nair' });
    const other = await classroom(t);
    const rahul = await teacherCaller(t, w.teacher.email);
    const own = await rahul.get(`/api/teachers/${w.teacher.teacherId}`);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({
      _id: w.teacher.teacherId,
      name: 'Rahul Verma',
      assignedClasses: [{ _id: w.classId, name: '8', section: 'A' }],
      assignedSubjects: [{ _id: w.subjectId, name: 'Mathematics', role: 'main' }],
    });
    expectError(await rahul.get(`/api/teachers/${priya.teacherId}`), 403, NOT_YOURS);
    expectError(await rahul.get(`/api/teachers/${other.teacher.teacherId}`), 404, 'Teacher not found');
    expectError(await rahul.get('/api/teachers'), 403, ADMIN_ONLY);
    expectError(await rahul.get('/api/teachers/stats'), 403, ADMIN_ONLY);
  });
});

describe('PUT /api/teachers/:id', () => {
  it('updates profile and account fields with the spec rules', async () => {
    const w = await schoolWithAdmin(t);
    const created = (await w.admin.post('/api/teachers', fullForm())).body.data.teacher;
    const email = newEmail('renamed');
    const res = await w.admin.put(`/api/teachers/${created._id}`, {
      name: 'Meera S. Iyer',
      email: email.toUpperCase(),
      phone: '555-0199',
      experience: '10',
      salary: 56000,
      designation: '',
      primarySubject: 'Chemistry',
      address: { city: 'Mumbai' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Teacher updated successfully');
    expect(res.body.data).toMatchObject({
      _id: created._id,
      name: 'Meera S. Iyer',
      email,
      phone: '555-0199',
      experience: 10,
      salary: 56000,
      designation: null,
      primarySubject: 'Chemistry',
      subjects: [{ name: 'Chemistry' }, { name: 'Physics' }, { name: 'Mathematics' }],
      address: { street: '12 Lake Road', city: 'Mumbai' },
    });
    const subjectsOnly = await w.admin.put(`/api/teachers/${created._id}`, { subjects: ['Art', 'Music', 'art'] });
    expect(subjectsOnly.body.data.subjects).toEqual([{ name: 'Art' }, { name: 'Music' }]);
    // The new email signs in; the record reads back the same.
    expect((await teacherLogin(email)).status).toBe(200);
    expect((await w.admin.get(`/api/teachers/${created._id}`)).body.data.name).toBe('Meera S. Iyer');
  });

  it('refuses bad values, a used email (409), and another school (404)', async () => {
    const w = await classroom(t);
    const id = w.teacher.teacherId;
    const bad = await w.admin.put(`/api/teachers/${id}`, { experience: -2, salary: 'lots', name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: any) => d.msg).sort()).toEqual(
      ['Experience cannot be negative', 'Name is required', 'Salary must be a number'].sort(),
    );
    expectError(await w.admin.put(`/api/teachers/${id}`, {}), 400, 'Validation failed');
    const short = await w.admin.put(`/api/teachers/${id}`, { password: 'abc' });
    expect(short.body.details[0].msg).toBe('Password must be at least 6 characters long');
    const other = await classroom(t);
    const taken = await w.admin.put(`/api/teachers/${id}`, { email: other.teacher.email });
    expectError(taken, 409, EMAIL_TAKEN);
    // Its own email is no conflict.
    expect((await w.admin.put(`/api/teachers/${id}`, { email: w.teacher.email })).status).toBe(200);
    expectError(await w.admin.put(`/api/teachers/${other.teacher.teacherId}`, { name: 'X' }), 404, 'Teacher not found');
  });

  it('resets a password: the new one signs in and earlier sessions end', async () => {
    const w = await classroom(t);
    const before = await signIn(t, w.teacher.email, PASSWORD, '/api/teachers/login');
    const res = await w.admin.put(`/api/teachers/${w.teacher.teacherId}`, { password: 'a-new-password' });
    expect(res.status).toBe(200);
    expect((await caller(t, before).get(`/api/teachers/${w.teacher.teacherId}`)).status).toBe(401);
    expect((await teacherLogin(w.teacher.email)).status).toBe(401);
    expect((await teacherLogin(w.teacher.email, 'a-new-password')).status).toBe(200);
  });

  it('is closed to teachers, even for their own record', async () => {
    const w = await classroom(t);
    const priya = await addTeacher(t, w.schoolId, { name: 'Priya Nair' });
    const rahul = await teacherCaller(t, w.teacher.email);
    expectError(await rahul.put(`/api/teachers/${w.teacher.teacherId}`, { salary: 99999 }), 403, ADMIN_ONLY);
    expectError(await rahul.put(`/api/teachers/${priya.teacherId}`, { name: 'Hacked' }), 403, ADMIN_ONLY);
    expectError(await rahul.del(`/api/teachers/${priya.teacherId}`), 403, ADMIN_ONLY);
    expectError(await rahul.post('/api/teachers', fullForm()), 403, ADMIN_ONLY);
    expect((await caller(t).put(`/api/teachers/${priya.teacherId}`, { name: 'X' })).status).toBe(401);
  });
});

describe('DELETE /api/teachers/:id (deactivation)', () => {
  it('keeps the record and history, ends sessions and sign-in; PUT isActive true reactivates', async () => {
    const w = await classroom(t);
    const id = w.teacher.teacherId;
    await t.db.insert(teacherAttendance).values({
      schoolId: w.schoolId,
      teacherId: id,
      date: '2025-01-06',
      status: 'present',
      markedAt: '2025-01-06T09:00:00.000Z',
    });
    const token = await signIn(t, w.teacher.email, PASSWORD, '/api/teachers/login');
    const res = await w.admin.del(`/api/teachers/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/^Teacher deactivated successfully/);
    expect(res.body.data).toMatchObject({ _id: id, isActive: false });

    expect((await caller(t, token).get(`/api/teachers/${id}`)).status).toBe(401);
    expect((await teacherLogin(w.teacher.email)).status).toBe(401);
    const kept = await w.admin.get(`/api/teachers/${id}`);
    expect(kept.body.data).toMatchObject({ isActive: false, assignedClasses: [{ _id: w.classId }] });
    const marks = await w.admin.get(`/api/teachers/${id}/attendance?startDate=2025-01-01&endDate=2025-01-31`);
    expect(marks.body.total).toBe(1);
    expect((await w.admin.del(`/api/teachers/${id}`)).status).toBe(200);

    const back = await w.admin.put(`/api/teachers/${id}`, { isActive: true });
    expect(back.body.data.isActive).toBe(true);
    expect((await teacherLogin(w.teacher.email)).status).toBe(200);
    // The token from before the deactivation stays dead.
    expect((await caller(t, token).get(`/api/teachers/${id}`)).status).toBe(401);

    const other = await classroom(t);
    expectError(await w.admin.del(`/api/teachers/${other.teacher.teacherId}`), 404, 'Teacher not found');
  });
});

describe('PUT /api/teachers/:id/assign-subjects and assign-classes', () => {
  it('makes the teacher main teacher of the subjects, moving the previous teacher’s slots', async () => {
    const w = await classroom(t);
    const priya = await addTeacher(t, w.schoolId, { name: 'Priya Nair' });
    const science = await addSubject(t, w.schoolId, {
      name: 'Science',
      classId: w.classId,
      teacherId: w.teacher.teacherId,
    });
    await addCoTeacher(t, w.schoolId, science, priya.teacherId);
    const slot = await addSchedule(t, w.schoolId, {
      teacherId: w.teacher.teacherId,
      classId: w.classId,
      subjectId: w.subjectId,
    });
    const res = await w.admin.put(`/api/teachers/${priya.teacherId}/assign-subjects`, {
      subjectIds: [w.subjectId, science],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(
      'Subjects assigned to teacher successfully. 1 timetable slot(s) moved to this teacher.',
    );
    expect(res.body.data.assignedSubjects).toEqual([
      expect.objectContaining({ _id: w.subjectId, role: 'main' }),
      expect.objectContaining({ _id: science, role: 'main' }),
    ]);
    const co = await t.db.select().from(subjectTeachers).where(eq(subjectTeachers.subjectId, science));
    expect(co).toEqual([]);
    const week = await w.admin.get(`/api/schedules/teacher/${priya.teacherId}`);
    expect(week.body.data.map((s: any) => s._id)).toEqual([slot]);
  });

  it('refuses a move that would clash with the teacher’s week, unknown ids and inactive teachers', async () => {
    const w = await classroom(t);
    const priya = await addTeacher(t, w.schoolId, { name: 'Priya Nair' });
    const c9 = await createClass(t, w.schoolId, { name: '9', section: 'A', teacherId: priya.teacherId });
    const art = await addSubject(t, w.schoolId, { name: 'Art', classId: c9, teacherId: priya.teacherId });
    await addSchedule(t, w.schoolId, { teacherId: w.teacher.teacherId, classId: w.classId, subjectId: w.subjectId });
    await addSchedule(t, w.schoolId, { teacherId: priya.teacherId, classId: c9, subjectId: art });
    const clash = await w.admin.put(`/api/teachers/${priya.teacherId}/assign-subjects`, { subjectIds: [w.subjectId] });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatch(/^Teacher clash: Priya Nair already teaches 9-A Art on Monday 09:00-09:45/);

    const other = await classroom(t);
    expectError(
      await w.admin.put(`/api/teachers/${priya.teacherId}/assign-subjects`, { subjectIds: [other.subjectId] }),
      404,
      'Subject not found',
    );
    expectError(
      await w.admin.put(`/api/teachers/${other.teacher.teacherId}/assign-subjects`, { subjectIds: [art] }),
      404,
      'Teacher not found',
    );
    const bad = await w.admin.put(`/api/teachers/${priya.teacherId}/assign-subjects`, { subjectIds: [] });
    expect(bad.body.details[0].msg).toBe('Choose at least one subject');
    const old = await addTeacher(t, w.schoolId, { isActive: false });
    expect((await w.admin.put(`/api/teachers/${old.teacherId}/assign-subjects`, { subjectIds: [art] })).status).toBe(
      409,
    );
  });

  it('makes the teacher class teacher of the classes', async () => {
    const w = await classroom(t);
    const priya = await addTeacher(t, w.schoolId, { name: 'Priya Nair' });
    const c9 = await createClass(t, w.schoolId, { name: '9', section: 'B' });
    const res = await w.admin.put(`/api/teachers/${priya.teacherId}/assign-classes`, { classIds: [w.classId, c9] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Classes assigned to teacher successfully');
    expect(res.body.data.assignedClasses.map((c: any) => `${c.name}-${c.section}`)).toEqual(['8-A', '9-B']);
    const rahul = await w.admin.get(`/api/teachers/${w.teacher.teacherId}`);
    expect(rahul.body.data.assignedClasses).toEqual([]);

    const other = await classroom(t);
    expectError(
      await w.admin.put(`/api/teachers/${priya.teacherId}/assign-classes`, { classIds: [other.classId] }),
      404,
      'Class not found',
    );
    const teacher = await teacherCaller(t, w.teacher.email);
    expectError(
      await teacher.put(`/api/teachers/${w.teacher.teacherId}/assign-classes`, { classIds: [c9] }),
      403,
      ADMIN_ONLY,
    );
  });
});

describe('PUT /api/teachers/:id/schedule', () => {
  async function setup() {
    const w = await classroom(t);
    const priya = await addTeacher(t, w.schoolId, { name: 'Priya Nair' });
    const c9 = await createClass(t, w.schoolId, { name: '9', section: 'A', room: '201' });
    const physics = await addSubject(t, w.schoolId, { name: 'Physics', classId: c9, teacherId: w.teacher.teacherId });
    const english = await addSubject(t, w.schoolId, {
      name: 'English',
      classId: w.classId,
      teacherId: priya.teacherId,
    });
    return { ...w, priya, c9, physics, english };
  }
  const slot = (classId: string, subjectId: string, values: Record<string, unknown> = {}) => ({
    classId,
    subjectId,
    dayOfWeek: 'Monday',
    startTime: '09:00',
    endTime: '09:45',
    ...values,
  });

  it("replaces the teacher's week in the current year and semester, leaving other teachers' slots", async () => {
    const w = await setup();
    await addSchedule(t, w.schoolId, { teacherId: w.teacher.teacherId, classId: w.classId, subjectId: w.subjectId });
    const kept = await addSchedule(t, w.schoolId, {
      teacherId: w.priya.teacherId,
      classId: w.classId,
      subjectId: w.english,
      startTime: '10:00',
      endTime: '10:45',
    });
    const res = await w.admin.put(`/api/teachers/${w.teacher.teacherId}/schedule`, {
      schedule: [
        slot(w.c9, w.physics, { dayOfWeek: 'Tuesday', notes: 'Lab' }),
        slot(w.classId, w.subjectId, { startTime: '11:00', endTime: '11:45' }),
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Teacher schedule updated successfully. 2 slot(s) saved, 1 replaced.');
    expect(res.body.data).toMatchObject([
      { dayOfWeek: 'Monday', startTime: '11:00', classId: { _id: w.classId }, room: '101' },
      { dayOfWeek: 'Tuesday', subjectId: { name: 'Physics' }, room: '201', notes: 'Lab' },
    ]);
    const priyaWeek = await w.admin.get(`/api/schedules/teacher/${w.priya.teacherId}`);
    expect(priyaWeek.body.data.map((s: any) => s._id)).toEqual([kept]);
    const cleared = await w.admin.put(`/api/teachers/${w.teacher.teacherId}/schedule`, { schedule: [] });
    expect(cleared.body.message).toBe('Teacher schedule updated successfully. 0 slot(s) saved, 2 replaced.');
  });

  it('refuses clashes, subjects the teacher does not teach, and other schools', async () => {
    const w = await setup();
    await addSchedule(t, w.schoolId, { teacherId: w.priya.teacherId, classId: w.classId, subjectId: w.english });
    const classClash = await w.admin.put(`/api/teachers/${w.teacher.teacherId}/schedule`, {
      schedule: [slot(w.classId, w.subjectId, { startTime: '09:30', endTime: '10:15' })],
    });
    expect(classClash.status).toBe(409);
    expect(classClash.body.error).toBe('Class clash: 8-A already has English with Priya Nair on Monday 09:00-09:45');
    const ownClash = await w.admin.put(`/api/teachers/${w.teacher.teacherId}/schedule`, {
      schedule: [
        slot(w.c9, w.physics, { dayOfWeek: 'Friday' }),
        slot(w.classId, w.subjectId, { dayOfWeek: 'Friday', startTime: '09:15', endTime: '10:00' }),
      ],
    });
    expect(ownClash.status).toBe(409);
    expect(ownClash.body.error).toMatch(/^Teacher clash: Rahul Verma already teaches 9-A Physics/);
    const notTaught = await w.admin.put(`/api/teachers/${w.teacher.teacherId}/schedule`, {
      schedule: [slot(w.classId, w.english, { dayOfWeek: 'Friday' })],
    });
    expectError(notTaught, 400, 'This teacher does not teach this subject to this class');
    const backwards = await w.admin.put(`/api/teachers/${w.teacher.teacherId}/schedule`, {
      schedule: [slot(w.c9, w.physics, { startTime: '10:00', endTime: '09:00' })],
    });
    expect(backwards.body.details[0].msg).toBe('End time must be after start time');
    const other = await classroom(t);
    expectError(
      await w.admin.put(`/api/teachers/${w.teacher.teacherId}/schedule`, {
        schedule: [slot(other.classId, other.subjectId)],
      }),
      404,
      'Class not found',
    );
    expectError(
      await w.admin.put(`/api/teachers/${other.teacher.teacherId}/schedule`, { schedule: [] }),
      404,
      'Teacher not found',
    );
  });

  it('costs the same round trips for 2 and 20 slots', async () => {
    const measure = async (n: number) => {
      const w = await setup();
      const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
      const schedule = Array.from({ length: n }, (_, i) => {
        const hour = String(8 + Math.floor(i / 5)).padStart(2, '0');
        return slot(w.classId, w.subjectId, {
          dayOfWeek: days[i % 5],
          startTime: `${hour}:00`,
          endTime: `${hour}:45`,
        });
      });
      const res = await w.admin.put(`/api/teachers/${w.teacher.teacherId}/schedule`, { schedule });
      expect(res.body.total).toBe(n);
      return res.trips;
    };
    expect(await measure(20)).toBe(await measure(2));
  });
});

describe('teacher documents', () => {
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]).toString('base64');

  it('uploads, lists, downloads and deletes a teacher’s documents; closed to teachers and other schools', async () => {
    const w = await classroom(t);
    const upload = await w.admin.post(`/api/teachers/${w.teacher.teacherId}/documents`, {
      name: 'degree.png',
      contentType: 'image/png',
      dataBase64: PNG,
    });
    expect(upload.status).toBe(201);
    expect(upload.body.data).toMatchObject({ name: 'degree.png', ownerType: 'teacher', ownerId: w.teacher.teacherId });
    const docId = upload.body.data._id;
    const list = await w.admin.get(`/api/teachers/${w.teacher.teacherId}/documents`);
    expect(list.body.data.map((d: any) => d._id)).toEqual([docId]);
    const file = await t.request(`/api/teachers/${w.teacher.teacherId}/documents/${docId}/download`, {
      token: w.token,
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');

    const other = await classroom(t);
    expectError(await other.admin.get(`/api/teachers/${w.teacher.teacherId}/documents`), 404, 'Teacher not found');
    const rahul = await teacherCaller(t, w.teacher.email);
    expectError(await rahul.get(`/api/teachers/${w.teacher.teacherId}/documents`), 403, ADMIN_ONLY);
    expect((await w.admin.del(`/api/teachers/${w.teacher.teacherId}/documents/${docId}`)).status).toBe(200);
    expect((await w.admin.get(`/api/teachers/${w.teacher.teacherId}/documents`)).body.data).toEqual([]);
  });
});

describe('who may call the teacher endpoints', () => {
  it('answers 401 without a token on every new endpoint', async () => {
    const w = await classroom(t);
    const id = w.teacher.teacherId;
    const anon = caller(t);
    for (const call of [
      anon.post('/api/teachers', fullForm()),
      anon.get('/api/teachers/stats'),
      anon.del(`/api/teachers/${id}`),
      anon.put(`/api/teachers/${id}/assign-subjects`, { subjectIds: [w.subjectId] }),
      anon.put(`/api/teachers/${id}/assign-classes`, { classIds: [w.classId] }),
      anon.put(`/api/teachers/${id}/schedule`, { schedule: [] }),
      anon.get(`/api/teachers/${id}/documents`),
    ]) {
      expect((await call).status).toBe(401);
    }
    const rahul = await teacherCaller(t, w.teacher.email);
    expectError(await rahul.put(`/api/teachers/${id}/schedule`, { schedule: [] }), 403, ADMIN_ONLY);
    expectError(await rahul.put(`/api/teachers/${id}/assign-subjects`, { subjectIds: [w.subjectId] }), 403, ADMIN_ONLY);
  });
});
