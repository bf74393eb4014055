import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { schedules, schools } from '../../worker/db/schema';
import { createTestApp, signIn, type TestApp, THIS_YEAR } from '../support/app';
import { caller, classroom, expectError, schoolWithAdmin, teacherCaller } from '../support/classroom';
import { addCoTeacher, addSchedule, addSubject, addTeacher, createClass, createStudent } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const ADMIN_ONLY = 'Access denied. Required role: school_admin';

/** 8-A (room 101, Rahul Verma, Mathematics) and 7-B (room 202, Priya Nair, Science), plus helpers. */
async function twoClasses() {
  const w = await classroom(t);
  const priya = await addTeacher(t, w.schoolId, { name: 'Priya Nair' });
  const class7b = await createClass(t, w.schoolId, {
    name: '7',
    section: 'B',
    room: '202',
    teacherId: priya.teacherId,
  });
  const science = await addSubject(t, w.schoolId, {
    name: 'Science',
    code: 'SCI7',
    classId: class7b,
    teacherId: priya.teacherId,
  });
  const slot = (values: Record<string, unknown> = {}) => ({
    teacherId: w.teacher.teacherId,
    classId: w.classId,
    subjectId: w.subjectId,
    dayOfWeek: 'Monday',
    startTime: '09:00',
    endTime: '09:45',
    ...values,
  });
  const science7b = (values: Record<string, unknown> = {}) =>
    slot({ teacherId: priya.teacherId, classId: class7b, subjectId: science, ...values });
  return { ...w, priya, class7b, science, slot, science7b };
}

describe('creating a schedule', () => {
  it('creates a slot with the school year and semester, the class room, and populated references', async () => {
    const w = await twoClasses();
    await t.db.update(schools).set({ semester: 'Term 1' }).where(eq(schools.id, w.schoolId));
    const res = await w.admin.post('/api/schedules', { ...w.slot(), notes: 'Bring compasses' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Schedule created successfully');
    expect(res.body.data).toMatchObject({
      teacherId: { _id: w.teacher.teacherId, name: 'Rahul Verma' },
      classId: { _id: w.classId, name: '8', section: 'A' },
      subjectId: { _id: w.subjectId, name: 'Mathematics', code: 'MATH8' },
      dayOfWeek: 'Monday',
      startTime: '09:00',
      endTime: '09:45',
      room: '101',
      academicYear: THIS_YEAR,
      semester: 'Term 1',
      notes: 'Bring compasses',
    });
    const read = await w.admin.get(`/api/schedules/${res.body.data._id}`);
    expect(read.body.data).toEqual(res.body.data);
  });

  it('takes a given room, year and semester', async () => {
    const w = await twoClasses();
    const res = await w.admin.post(
      '/api/schedules',
      w.slot({ room: 'Lab 2', academicYear: '2025-2026', semester: 'Term 2' }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ room: 'Lab 2', academicYear: '2025-2026', semester: 'Term 2' });
  });

  it('answers Validation failed with a detail per missing field', async () => {
    const w = await twoClasses();
    const res = await w.admin.post('/api/schedules', {});
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Validation failed');
    expect(res.body.details.map((d: { msg: string }) => d.msg)).toEqual([
      'Teacher is required',
      'Class is required',
      'Subject is required',
      'Day is required',
      'Start time is required',
      'End time is required',
    ]);
  });

  it('checks day, time format and end after start', async () => {
    const w = await twoClasses();
    const saturday = await w.admin.post('/api/schedules', w.slot({ dayOfWeek: 'Saturday' }));
    expect(saturday.body.details).toEqual([{ msg: 'Day must be Monday to Friday', path: 'dayOfWeek' }]);
    const format = await w.admin.post('/api/schedules', w.slot({ startTime: '9:00', endTime: '24:00' }));
    expect(format.body.details.map((d: { msg: string }) => d.msg)).toEqual([
      'Start time must be HH:MM (24-hour)',
      'End time must be HH:MM (24-hour)',
    ]);
    for (const endTime of ['09:00', '08:59']) {
      const res = await w.admin.post('/api/schedules', w.slot({ endTime }));
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([{ msg: 'End time must be after start time', path: 'endTime' }]);
    }
  });

  it('refuses a subject the teacher does not teach to that class, accepts a co-teacher', async () => {
    const w = await twoClasses();
    const wrongTeacher = await w.admin.post('/api/schedules', w.slot({ teacherId: w.priya.teacherId }));
    expectError(wrongTeacher, 400, 'This teacher does not teach this subject to this class');
    const wrongClass = await w.admin.post('/api/schedules', w.slot({ classId: w.class7b }));
    expectError(wrongClass, 400, 'This teacher does not teach this subject to this class');
    const unassigned = await addSubject(t, w.schoolId, { name: 'Art', classId: null, teacherId: w.teacher.teacherId });
    const noClass = await w.admin.post('/api/schedules', w.slot({ subjectId: unassigned }));
    expectError(noClass, 400, 'This teacher does not teach this subject to this class');

    await addCoTeacher(t, w.schoolId, w.subjectId, w.priya.teacherId);
    const co = await w.admin.post('/api/schedules', w.slot({ teacherId: w.priya.teacherId }));
    expect(co.status).toBe(201);
  });

  it("refuses another school's teacher, class or subject in the body with 404", async () => {
    const w = await twoClasses();
    const other = await classroom(t);
    expectError(
      await w.admin.post('/api/schedules', w.slot({ teacherId: other.teacher.teacherId })),
      404,
      'Teacher not found',
    );
    expectError(await w.admin.post('/api/schedules', w.slot({ classId: other.classId })), 404, 'Class not found');
    expectError(await w.admin.post('/api/schedules', w.slot({ subjectId: other.subjectId })), 404, 'Subject not found');
    expectError(await w.admin.post('/api/schedules', w.slot({ teacherId: 'missing' })), 404, 'Teacher not found');
    const rows = await t.db.select().from(schedules).where(eq(schedules.schoolId, w.schoolId));
    expect(rows).toEqual([]);
  });
});

describe('clash detection', () => {
  it('allows back-to-back periods and refuses an overlap of one minute', async () => {
    const w = await twoClasses();
    expect((await w.admin.post('/api/schedules', w.slot())).status).toBe(201);
    const after = await w.admin.post('/api/schedules', w.slot({ startTime: '09:45', endTime: '10:30' }));
    expect(after.status).toBe(201);
    const before = await w.admin.post('/api/schedules', w.slot({ startTime: '08:15', endTime: '09:00' }));
    expect(before.status).toBe(201);
    const oneMinute = await w.admin.post('/api/schedules', w.slot({ startTime: '10:29', endTime: '11:15' }));
    expectError(oneMinute, 409, 'Teacher clash: Rahul Verma already teaches 8-A Mathematics on Monday 09:45-10:30');
    const oneMinuteBefore = await w.admin.post('/api/schedules', w.slot({ startTime: '07:30', endTime: '08:16' }));
    expectError(
      oneMinuteBefore,
      409,
      'Teacher clash: Rahul Verma already teaches 8-A Mathematics on Monday 08:15-09:00',
    );
  });

  it('refuses containing and contained intervals and an identical one', async () => {
    const w = await twoClasses();
    await w.admin.post('/api/schedules', w.slot());
    const message = 'Teacher clash: Rahul Verma already teaches 8-A Mathematics on Monday 09:00-09:45';
    expectError(await w.admin.post('/api/schedules', w.slot({ startTime: '08:30', endTime: '10:00' })), 409, message);
    expectError(await w.admin.post('/api/schedules', w.slot({ startTime: '09:10', endTime: '09:20' })), 409, message);
    expectError(await w.admin.post('/api/schedules', w.slot()), 409, message);
  });

  it('refuses the same teacher in two classes at once', async () => {
    const w = await twoClasses();
    const class8b = await createClass(t, w.schoolId, { name: '8', section: 'B', room: '102' });
    const maths8b = await addSubject(t, w.schoolId, {
      name: 'Mathematics',
      classId: class8b,
      teacherId: w.teacher.teacherId,
    });
    await w.admin.post('/api/schedules', w.slot());
    const res = await w.admin.post(
      '/api/schedules',
      w.slot({ classId: class8b, subjectId: maths8b, startTime: '09:30', endTime: '10:15' }),
    );
    expectError(res, 409, 'Teacher clash: Rahul Verma already teaches 8-A Mathematics on Monday 09:00-09:45');
  });

  it('refuses the same class with two teachers at once', async () => {
    const w = await twoClasses();
    const english = await addSubject(t, w.schoolId, {
      name: 'English',
      classId: w.classId,
      teacherId: w.priya.teacherId,
    });
    await w.admin.post('/api/schedules', w.slot());
    const res = await w.admin.post(
      '/api/schedules',
      w.slot({
        teacherId: w.priya.teacherId,
        subjectId: english,
        room: 'Library',
        startTime: '09:15',
        endTime: '10:00',
      }),
    );
    expectError(res, 409, 'Class clash: 8-A already has Mathematics with Rahul Verma on Monday 09:00-09:45');
  });

  it('refuses the same room for two classes at once, in any case; an empty room never clashes', async () => {
    const w = await twoClasses();
    await w.admin.post('/api/schedules', w.slot());
    const res = await w.admin.post('/api/schedules', w.science7b({ room: '101' }));
    expectError(res, 409, 'Room clash: room 101 is used by 8-A Mathematics on Monday 09:00-09:45');
    const other = await w.admin.post('/api/schedules', w.slot({ room: 'LAB', dayOfWeek: 'Tuesday' }));
    expect(other.status).toBe(201);
    const sameRoomOtherCase = await w.admin.post('/api/schedules', w.science7b({ room: 'lab', dayOfWeek: 'Tuesday' }));
    expectError(sameRoomOtherCase, 409, 'Room clash: room LAB is used by 8-A Mathematics on Tuesday 09:00-09:45');
    await t.db.update(schedules).set({ room: null }).where(eq(schedules.schoolId, w.schoolId));
    const noRoom = await w.admin.post('/api/schedules', w.science7b({ room: '' }));
    expect(noRoom.status).toBe(201);
    expect(noRoom.body.data.room).toBeNull();
  });

  it('reports a teacher clash before a class or room clash', async () => {
    const w = await twoClasses();
    await w.admin.post('/api/schedules', w.slot());
    const res = await w.admin.post('/api/schedules', w.slot({ startTime: '09:40', endTime: '10:00' }));
    expect(res.body.error).toMatch(/^Teacher clash: /);
  });

  it('allows the same times on another day, in another academic year or another semester', async () => {
    const w = await twoClasses();
    await w.admin.post('/api/schedules', w.slot());
    expect((await w.admin.post('/api/schedules', w.slot({ dayOfWeek: 'Tuesday' }))).status).toBe(201);
    expect((await w.admin.post('/api/schedules', w.slot({ academicYear: '2025-2026' }))).status).toBe(201);
    expect((await w.admin.post('/api/schedules', w.slot({ semester: 'Summer' }))).status).toBe(201);
  });

  it('lets an update keep or shift its own time, and refuses an update onto another slot', async () => {
    const w = await twoClasses();
    const first = await w.admin.post('/api/schedules', w.slot());
    const second = await w.admin.post('/api/schedules', w.slot({ startTime: '10:00', endTime: '10:45' }));
    const id = first.body.data._id;
    const same = await w.admin.put(`/api/schedules/${id}`, { notes: 'unchanged times' });
    expect(same.status).toBe(200);
    expect(same.body.message).toBe('Schedule updated successfully');
    const shifted = await w.admin.put(`/api/schedules/${id}`, { startTime: '09:10', endTime: '09:55' });
    expect(shifted.status).toBe(200);
    expect(shifted.body.data).toMatchObject({ startTime: '09:10', endTime: '09:55', notes: 'unchanged times' });
    const onto = await w.admin.put(`/api/schedules/${id}`, { startTime: '10:30', endTime: '11:00' });
    expectError(onto, 409, 'Teacher clash: Rahul Verma already teaches 8-A Mathematics on Monday 10:00-10:45');
    const bad = await w.admin.put(`/api/schedules/${second.body.data._id}`, { endTime: '09:00' });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([{ msg: 'End time must be after start time', path: 'endTime' }]);
  });
});

describe('reading, updating and deleting schedules', () => {
  it('lists with populated references, filters and paging; the year defaults to the current one', async () => {
    const w = await twoClasses();
    await w.admin.post('/api/schedules', w.slot({ dayOfWeek: 'Tuesday' }));
    await w.admin.post('/api/schedules', w.slot());
    await w.admin.post('/api/schedules', w.science7b({ startTime: '10:00', endTime: '10:45' }));
    await w.admin.post('/api/schedules', w.slot({ academicYear: '2023-2024' }));

    const all = await w.admin.get('/api/schedules');
    expect(all.body.total).toBe(3);
    expect(all.body.data.map((s: any) => `${s.dayOfWeek} ${s.startTime} ${s.subjectId.name}`)).toEqual([
      'Monday 09:00 Mathematics',
      'Monday 10:00 Science',
      'Tuesday 09:00 Mathematics',
    ]);
    expect((await w.admin.get(`/api/schedules?teacherId=${w.priya.teacherId}`)).body.total).toBe(1);
    expect((await w.admin.get(`/api/schedules?classId=${w.classId}`)).body.total).toBe(2);
    expect((await w.admin.get('/api/schedules?dayOfWeek=Tuesday')).body.total).toBe(1);
    expect((await w.admin.get('/api/schedules?academicYear=all')).body.total).toBe(4);
    expect((await w.admin.get('/api/schedules?academicYear=2023-2024')).body.total).toBe(1);
    expect((await w.admin.get('/api/schedules?semester=Summer')).body.total).toBe(0);
    const page = await w.admin.get('/api/schedules?limit=2&page=2');
    expect(page.body.data).toHaveLength(1);
    expect(page.body.total).toBe(3);
    const bad = await w.admin.get('/api/schedules?dayOfWeek=Sunday&academicYear=2024');
    expect(bad.status).toBe(400);
  });

  it('updates with the same checks and deletes', async () => {
    const w = await twoClasses();
    const created = await w.admin.post('/api/schedules', w.slot());
    const id = created.body.data._id;
    const moved = await w.admin.put(`/api/schedules/${id}`, w.science7b({ dayOfWeek: 'Friday' }));
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({
      teacherId: { name: 'Priya Nair' },
      classId: { name: '7', section: 'B' },
      room: '202',
      dayOfWeek: 'Friday',
    });
    const notTaught = await w.admin.put(`/api/schedules/${id}`, { teacherId: w.teacher.teacherId });
    expectError(notTaught, 400, 'This teacher does not teach this subject to this class');
    const other = await classroom(t);
    expectError(await w.admin.put(`/api/schedules/${id}`, { classId: other.classId }), 404, 'Class not found');

    const deleted = await w.admin.del(`/api/schedules/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Schedule deleted successfully');
    expectError(await w.admin.get(`/api/schedules/${id}`), 404, 'Schedule not found');
    expectError(await w.admin.del(`/api/schedules/${id}`), 404, 'Schedule not found');
  });

  it("answers 404 for another school's schedule on every path", async () => {
    const w = await twoClasses();
    const other = await twoClasses();
    const theirs = await other.admin.post('/api/schedules', other.slot());
    const id = theirs.body.data._id;
    expectError(await w.admin.get(`/api/schedules/${id}`), 404, 'Schedule not found');
    expectError(await w.admin.put(`/api/schedules/${id}`, { notes: 'x' }), 404, 'Schedule not found');
    expectError(await w.admin.del(`/api/schedules/${id}`), 404, 'Schedule not found');
    expectError(await w.admin.get(`/api/schedules/teacher/${other.teacher.teacherId}`), 404, 'Teacher not found');
    expectError(await w.admin.get(`/api/schedules/class/${other.classId}`), 404, 'Class not found');
    expect((await w.admin.get(`/api/schedules?teacherId=${other.teacher.teacherId}`)).body.total).toBe(0);
    expect((await other.admin.get(`/api/schedules/${id}`)).status).toBe(200);
  });

  it('groups the week by day, with class and teacher filters', async () => {
    const w = await twoClasses();
    await w.admin.post('/api/schedules', w.slot({ dayOfWeek: 'Wednesday', startTime: '11:00', endTime: '11:45' }));
    await w.admin.post('/api/schedules', w.slot({ dayOfWeek: 'Wednesday' }));
    await w.admin.post('/api/schedules', w.science7b({ dayOfWeek: 'Friday' }));
    const week = await w.admin.get('/api/schedules/weekly');
    expect(week.status).toBe(200);
    expect(Object.keys(week.body.data.days)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    expect(week.body.data.days.Wednesday.map((s: any) => s.startTime)).toEqual(['09:00', '11:00']);
    expect(week.body.data.days.Friday).toHaveLength(1);
    expect(week.body.data).toMatchObject({ academicYear: THIS_YEAR, semester: 'Annual', total: 3 });
    const byClass = await w.admin.get(`/api/schedules/weekly?classId=${w.class7b}`);
    expect(byClass.body.data.total).toBe(1);
    const byTeacher = await w.admin.get(`/api/schedules/weekly?teacherId=${w.teacher.teacherId}`);
    expect(byTeacher.body.data.total).toBe(2);
  });

  it('lists a teacher week and a class week', async () => {
    const w = await twoClasses();
    await w.admin.post('/api/schedules', w.slot({ dayOfWeek: 'Thursday' }));
    await w.admin.post('/api/schedules', w.slot());
    await w.admin.post('/api/schedules', w.science7b());
    const teacher = await w.admin.get(`/api/schedules/teacher/${w.teacher.teacherId}`);
    expect(teacher.body.data.map((s: any) => s.dayOfWeek)).toEqual(['Monday', 'Thursday']);
    expect(teacher.body.total).toBe(2);
    const klass = await w.admin.get(`/api/schedules/class/${w.class7b}`);
    expect(klass.body.data.map((s: any) => s.subjectId.name)).toEqual(['Science']);
  });

  it('offers teachers with the classes they may pick, classes, and subjects with their teachers', async () => {
    const w = await twoClasses();
    const class9 = await createClass(t, w.schoolId, { name: '9', section: 'C' });
    const physics9 = await addSubject(t, w.schoolId, {
      name: 'Physics',
      classId: class9,
      teacherId: w.priya.teacherId,
    });
    await addCoTeacher(t, w.schoolId, physics9, w.teacher.teacherId);
    await addTeacher(t, w.schoolId, { name: 'Inactive Ian', isActive: false });
    await createClass(t, w.schoolId, { name: '9', section: 'D', academicYear: '2023-2024' });
    const res = await w.admin.get('/api/schedules/available');
    expect(res.status).toBe(200);
    const { teachers, classes, subjects } = res.body.data;
    expect(teachers.map((x: any) => x.name).sort()).toEqual(['Priya Nair', 'Rahul Verma']);
    const rahul = teachers.find((x: any) => x.name === 'Rahul Verma');
    expect(new Set(rahul.classIds)).toEqual(new Set([w.classId, class9]));
    const priya = teachers.find((x: any) => x.name === 'Priya Nair');
    expect(new Set(priya.classIds)).toEqual(new Set([w.class7b, class9]));
    expect(classes.map((c: any) => `${c.name}-${c.section}`)).toEqual(['7-B', '8-A', '9-C']);
    expect(subjects.find((s: any) => s._id === physics9)).toMatchObject({
      classId: class9,
      teacherId: w.priya.teacherId,
      teacherIds: [w.priya.teacherId, w.teacher.teacherId],
    });
  });
});

describe('who may use the schedules', () => {
  it('answers 401 without a token', async () => {
    for (const path of ['/api/schedules', '/api/schedules/weekly', '/api/schedules/available', '/api/schedules/x']) {
      const res = await caller(t).get(path);
      expect(res.status).toBe(401);
    }
    expect((await caller(t).post('/api/schedules', {})).status).toBe(401);
  });

  it('lets a teacher read only their own week and classes, and write nothing', async () => {
    const w = await twoClasses();
    await w.admin.post('/api/schedules', w.slot());
    await w.admin.post('/api/schedules', w.science7b({ dayOfWeek: 'Tuesday' }));
    const rahul = await teacherCaller(t, w.teacher.email);

    const own = await rahul.get(`/api/schedules/teacher/${w.teacher.teacherId}`);
    expect(own.status).toBe(200);
    expect(own.body.total).toBe(1);
    const week = await rahul.get('/api/schedules/weekly');
    expect(week.body.data.total).toBe(1);
    expect(week.body.data.days.Monday[0].subjectId.name).toBe('Mathematics');
    expect((await rahul.get(`/api/schedules/weekly?teacherId=${w.teacher.teacherId}`)).body.data.total).toBe(1);
    expect((await rahul.get(`/api/schedules/class/${w.classId}`)).status).toBe(200);

    const not = 'Access denied. You can only view your own schedule.';
    expectError(await rahul.get(`/api/schedules/teacher/${w.priya.teacherId}`), 403, not);
    expectError(await rahul.get(`/api/schedules/weekly?teacherId=${w.priya.teacherId}`), 403, not);
    expectError(
      await rahul.get(`/api/schedules/class/${w.class7b}`),
      403,
      'Access denied. You can only view classes you teach.',
    );
    const other = await classroom(t);
    expectError(await rahul.get(`/api/schedules/teacher/${other.teacher.teacherId}`), 404, 'Teacher not found');
    expectError(await rahul.get(`/api/schedules/class/${other.classId}`), 404, 'Class not found');

    for (const path of ['/api/schedules', '/api/schedules/available', `/api/schedules/${own.body.data[0]._id}`]) {
      expectError(await rahul.get(path), 403, ADMIN_ONLY);
    }
    expectError(await rahul.post('/api/schedules', w.slot({ dayOfWeek: 'Friday' })), 403, ADMIN_ONLY);
    expectError(await rahul.put(`/api/schedules/${own.body.data[0]._id}`, { notes: 'x' }), 403, ADMIN_ONLY);
    expectError(await rahul.del(`/api/schedules/${own.body.data[0]._id}`), 403, ADMIN_ONLY);
  });

  it('refuses students and parents', async () => {
    const w = await twoClasses();
    const { email, parentEmail } = await createStudent(t, w.schoolId, { classId: w.classId });
    const student = caller(t, await signIn(t, email));
    const parent = caller(t, await signIn(t, parentEmail as string));
    for (const who of [student, parent]) {
      for (const path of [
        '/api/schedules',
        '/api/schedules/weekly',
        `/api/schedules/class/${w.classId}`,
        `/api/schedules/teacher/${w.teacher.teacherId}`,
      ]) {
        expect((await who.get(path)).status).toBe(403);
      }
      expect((await who.post('/api/schedules', w.slot())).status).toBe(403);
    }
  });
});

describe('round trips', () => {
  it('do not grow with the number of slots', async () => {
    const measure = async (count: number) => {
      const w = await schoolWithAdmin(t);
      const teacher = await addTeacher(t, w.schoolId, { name: 'Busy Teacher' });
      const classId = await createClass(t, w.schoolId, { teacherId: teacher.teacherId, room: '1' });
      const subjectId = await addSubject(t, w.schoolId, { classId, teacherId: teacher.teacherId });
      for (let i = 0; i < count; i++) {
        await addSchedule(t, w.schoolId, {
          teacherId: teacher.teacherId,
          classId,
          subjectId,
          dayOfWeek: (['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const)[i % 5],
          startTime: `${String(7 + Math.floor(i / 5)).padStart(2, '0')}:00`,
          endTime: `${String(7 + Math.floor(i / 5)).padStart(2, '0')}:45`,
        });
      }
      const paths = [
        '/api/schedules',
        '/api/schedules/weekly',
        '/api/schedules/available',
        `/api/schedules/teacher/${teacher.teacherId}`,
        `/api/schedules/class/${classId}`,
      ];
      const trips: number[] = [];
      for (const path of paths) {
        const res = await w.admin.get(path);
        expect(res.status).toBe(200);
        trips.push(res.trips);
      }
      const clash = await w.admin.post('/api/schedules', {
        teacherId: teacher.teacherId,
        classId,
        subjectId,
        dayOfWeek: 'Monday',
        startTime: '07:30',
        endTime: '08:15',
      });
      expect(clash.status).toBe(409);
      trips.push(clash.trips);
      return trips;
    };
    const small = await measure(2);
    const large = await measure(30);
    expect(large).toEqual(small);
  });
});
