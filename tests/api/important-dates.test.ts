import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, classes, importantDateClasses, importantDates, schools } from '../../worker/db/schema';
import { createTestApp, createTestSchool, PASSWORD, roundTrips, signIn, type TestApp } from '../support/app';
import { addCoTeacher, addSubject, addTeacher, createClass, createStudent } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

interface Call {
  status: number;
  body: any;
  trips: number;
}

function as(token?: string) {
  const send = async (method: string, path: string, json?: unknown): Promise<Call> => {
    const res = await t.request(`/api/important-dates${path}`, { method, token, json });
    return { status: res.status, body: await res.json(), trips: roundTrips(res) };
  };
  return {
    get: (path = '') => send('GET', path),
    post: (json: unknown) => send('POST', '', json),
    put: (id: string, json: unknown) => send('PUT', `/${id}`, json),
    del: (id: string) => send('DELETE', `/${id}`),
  };
}

/** A school with its administrator signed in and two classes, 8-A and 9-B. */
async function school() {
  const created = await createTestSchool(t);
  const token = await signIn(t, created.adminEmail);
  const classA = await createClass(t, created.schoolId, { name: '8', section: 'A' });
  const classB = await createClass(t, created.schoolId, { name: '9', section: 'B' });
  return { ...created, token, admin: as(token), classA, classB };
}

async function teacherToken(schoolId: string) {
  const teacher = await addTeacher(t, schoolId);
  return { ...teacher, token: await signIn(t, teacher.email, PASSWORD, '/api/teachers/login') };
}

const holiday = { title: 'Diwali Break', date: '2025-10-20', type: 'holiday', priority: 'high' };

function titles(call: Call): string[] {
  return call.body.data.map((d: { title: string }) => d.title);
}

function details(call: Call): string[] {
  return call.body.details.map((d: { msg: string }) => d.msg);
}

async function add(admin: ReturnType<typeof as>, body: Record<string, unknown>) {
  const res = await admin.post({ type: 'event', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string };
}

describe('creating a date', () => {
  it('stores a date for all classes, logs it, publishes it and answers the full shape', async () => {
    const s = await school();
    const res = await s.admin.post({
      ...holiday,
      description: 'School closed for the festival.',
      startTime: '09:00',
      endTime: '13:30',
      location: 'Main campus',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Important date created successfully');
    const date = res.body.data;
    expect(date).toEqual({
      _id: expect.any(String),
      title: 'Diwali Break',
      description: 'School closed for the festival.',
      date: '2025-10-20',
      formattedDate: '2025-10-20',
      type: 'holiday',
      priority: 'high',
      classes: [],
      applyToAllClasses: true,
      startTime: '09:00',
      endTime: '13:30',
      location: 'Main campus',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const read = await s.admin.get(`/${date._id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(date);

    const logs = await t.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.schoolId, s.schoolId), eq(activityLogs.entityId, date._id)));
    expect(logs).toMatchObject([{ action: 'create', entity: 'important_date', userName: 'Ada Admin' }]);

    expect(t.publisher.events.filter((e) => e.schoolId === s.schoolId)).toEqual([
      {
        schoolId: s.schoolId,
        event: {
          type: 'important_date_created',
          data: { _id: date._id, title: 'Diwali Break', date: '2025-10-20', applyToAllClasses: true, classIds: [] },
        },
      },
    ]);
  });

  it('takes classes as ids or as { _id } objects, and defaults to an event of medium priority', async () => {
    const s = await school();
    const byIds = await s.admin.post({ title: 'Science Fair', date: '2025-11-05', classes: [s.classB, s.classA] });
    expect(byIds.status).toBe(201);
    expect(byIds.body.data).toMatchObject({
      type: 'event',
      priority: 'medium',
      applyToAllClasses: false,
      classes: [
        { _id: s.classA, name: '8', section: 'A' },
        { _id: s.classB, name: '9', section: 'B' },
      ],
      description: null,
      startTime: null,
      endTime: null,
      location: null,
    });
    const byObjects = await s.admin.post({
      title: 'Maths Olympiad',
      date: '2025-11-06',
      type: 'exam',
      classes: [{ _id: s.classA }, { _id: s.classA }],
      applyToAllClasses: false,
    });
    expect(byObjects.status).toBe(201);
    expect(byObjects.body.data.classes).toEqual([{ _id: s.classA, name: '8', section: 'A' }]);
    const rows = await t.db
      .select()
      .from(importantDateClasses)
      .where(eq(importantDateClasses.importantDateId, byObjects.body.data._id));
    expect(rows).toHaveLength(1);
    const published = t.publisher.events.filter((e) => e.schoolId === s.schoolId).at(-1);
    expect(published?.event).toMatchObject({
      type: 'important_date_created',
      data: { applyToAllClasses: false, classIds: [s.classA] },
    });
  });

  it('applies to all classes when told so, whatever classes were ticked before', async () => {
    const s = await school();
    const res = await s.admin.post({ ...holiday, classes: [s.classA], applyToAllClasses: true });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ applyToAllClasses: true, classes: [] });
  });

  it("answers 'Validation failed' with the spec's messages, and stores nothing", async () => {
    const s = await school();
    const blank = await s.admin.post({
      title: '   ',
      date: '',
      type: '',
      startTime: '10:00',
      endTime: '09:00',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('Validation failed');
    expect(details(blank)).toEqual([
      'Title is required',
      'Date is required',
      'Event type is required',
      'End time must be after start time',
    ]);
    expect(blank.body.details.map((d: { path: string }) => d.path)).toEqual(['title', 'date', 'type', 'endTime']);

    const missing = await s.admin.post({});
    expect(missing.status).toBe(400);
    expect(details(missing)).toEqual(['Title is required', 'Date is required']);

    const sameTime = await s.admin.post({ ...holiday, startTime: '10:00', endTime: '10:00' });
    expect(details(sameTime)).toEqual(['End time must be after start time']);

    const nullType = await s.admin.post({ ...holiday, type: null });
    expect(details(nullType)).toEqual(['Event type is required']);

    const wrong = await s.admin.post({
      ...holiday,
      date: '2025-02-30',
      type: 'party',
      priority: 'urgent',
      startTime: '9am',
      classes: 'all',
      applyToAllClasses: 'yes',
    });
    expect(details(wrong)).toEqual([
      'Date must be a valid date (YYYY-MM-DD)',
      'Event type must be one of holiday, exam, event, meeting, deadline, other',
      'Priority must be one of low, medium, high, critical',
      'Classes must be a list of class ids',
      'Apply to all classes must be true or false',
      'Start time must be a time of day (HH:MM)',
    ]);

    const noClasses = await s.admin.post({ ...holiday, applyToAllClasses: false, classes: [] });
    expect(noClasses.status).toBe(400);
    expect(details(noClasses)).toEqual(['Choose at least one class or apply to all classes']);

    const list = await s.admin.get();
    expect(list.body.total).toBe(0);
    expect(t.publisher.events.filter((e) => e.schoolId === s.schoolId)).toEqual([]);
  });

  it("answers 404 'Class not found' for another school's class or an unknown one, and stores nothing", async () => {
    const s = await school();
    const other = await school();
    for (const classes of [[s.classA, other.classA], ['no-such-class'], [{ _id: other.classB }]]) {
      const res = await s.admin.post({ ...holiday, classes });
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 404, error: 'Class not found' });
    }
    const rows = await t.db.select().from(importantDates).where(eq(importantDates.schoolId, s.schoolId));
    expect(rows).toEqual([]);
  });
});

describe('updating a date', () => {
  it('changes the fields sent, keeps the rest, logs and publishes it', async () => {
    const s = await school();
    const created = await add(s.admin, {
      ...holiday,
      description: 'Closed',
      startTime: '09:00',
      endTime: '12:00',
      location: 'Campus',
    });
    t.clock.now = new Date(Date.now() + 60_000);
    const res = await s.admin.put(created._id, { title: '  Diwali Holidays ', priority: 'critical', location: '' });
    t.clock.now = new Date();
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Important date updated successfully');
    expect(res.body.data).toMatchObject({
      _id: created._id,
      title: 'Diwali Holidays',
      priority: 'critical',
      type: 'holiday',
      date: '2025-10-20',
      description: 'Closed',
      startTime: '09:00',
      endTime: '12:00',
      location: null,
      applyToAllClasses: true,
    });
    expect(res.body.data.updatedAt > res.body.data.createdAt).toBe(true);
    expect((await s.admin.get(`/${created._id}`)).body.data).toEqual(res.body.data);

    const logs = await t.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.schoolId, s.schoolId), eq(activityLogs.action, 'update')));
    expect(logs).toMatchObject([{ entity: 'important_date', entityId: created._id }]);
    expect(t.publisher.events.filter((e) => e.schoolId === s.schoolId).at(-1)?.event).toEqual({
      type: 'important_date_updated',
      data: { _id: created._id, title: 'Diwali Holidays', date: '2025-10-20', applyToAllClasses: true, classIds: [] },
    });
  });

  it('moves a date between all classes and chosen classes, replacing its class list', async () => {
    const s = await school();
    const created = await add(s.admin, holiday);
    const scoped = await s.admin.put(created._id, { classes: [{ _id: s.classB }], applyToAllClasses: false });
    expect(scoped.body.data).toMatchObject({
      applyToAllClasses: false,
      classes: [{ _id: s.classB, name: '9', section: 'B' }],
    });
    const swapped = await s.admin.put(created._id, { classes: [s.classA] });
    expect(swapped.body.data.classes).toEqual([{ _id: s.classA, name: '8', section: 'A' }]);
    const renamed = await s.admin.put(created._id, { title: 'Renamed' });
    expect(renamed.body.data).toMatchObject({ applyToAllClasses: false, classes: [{ _id: s.classA }] });
    expect(t.publisher.events.filter((e) => e.schoolId === s.schoolId).at(-1)?.event.data).toMatchObject({
      classIds: [s.classA],
    });

    const all = await s.admin.put(created._id, { applyToAllClasses: true, classes: [s.classA, s.classB] });
    expect(all.body.data).toMatchObject({ applyToAllClasses: true, classes: [] });
    const rows = await t.db
      .select()
      .from(importantDateClasses)
      .where(eq(importantDateClasses.importantDateId, created._id));
    expect(rows).toEqual([]);
  });

  it('checks the same rules as create, against the stored times too', async () => {
    const s = await school();
    const other = await school();
    const created = await add(s.admin, { ...holiday, startTime: '10:00' });
    const blank = await s.admin.put(created._id, { title: ' ', date: '', type: '' });
    expect(blank.status).toBe(400);
    expect(details(blank)).toEqual(['Title is required', 'Date is required', 'Event type is required']);
    const early = await s.admin.put(created._id, { endTime: '09:30' });
    expect({ status: early.status, error: early.body.error, details: details(early) }).toEqual({
      status: 400,
      error: 'Validation failed',
      details: ['End time must be after start time'],
    });
    const foreignClass = await s.admin.put(created._id, { classes: [other.classA] });
    expect({ status: foreignClass.status, error: foreignClass.body.error }).toEqual({
      status: 404,
      error: 'Class not found',
    });
    const unscoped = await s.admin.put(created._id, { applyToAllClasses: false });
    expect(details(unscoped)).toEqual(['Choose at least one class or apply to all classes']);
    expect((await s.admin.get(`/${created._id}`)).body.data).toMatchObject({
      title: 'Diwali Break',
      endTime: null,
      applyToAllClasses: true,
    });
  });
});

describe('deleting a date', () => {
  it('removes it with its classes, logs and publishes it', async () => {
    const s = await school();
    const created = await add(s.admin, { title: 'Unit Test', date: '2025-09-01', type: 'exam', classes: [s.classA] });
    const res = await s.admin.del(created._id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Important date deleted successfully');
    const again = await s.admin.get(`/${created._id}`);
    expect({ status: again.status, error: again.body.error }).toEqual({
      status: 404,
      error: 'Important date not found',
    });
    expect(
      await t.db.select().from(importantDateClasses).where(eq(importantDateClasses.importantDateId, created._id)),
    ).toEqual([]);
    const logs = await t.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.schoolId, s.schoolId), eq(activityLogs.action, 'delete')));
    expect(logs).toMatchObject([{ entity: 'important_date', entityId: created._id }]);
    expect(t.publisher.events.filter((e) => e.schoolId === s.schoolId).at(-1)?.event).toEqual({
      type: 'important_date_deleted',
      data: {
        _id: created._id,
        title: 'Unit Test',
        date: '2025-09-01',
        applyToAllClasses: false,
        classIds: [s.classA],
      },
    });
    const twice = await s.admin.del(created._id);
    expect(twice.status).toBe(404);
  });
});

describe('listing dates', () => {
  it('sorts by date, then start time, and filters by dates, type, priority and class', async () => {
    const s = await school();
    await add(s.admin, { title: 'Afternoon Meeting', date: '2025-05-02', type: 'meeting', startTime: '14:00' });
    await add(s.admin, { title: 'Morning Assembly', date: '2025-05-02', type: 'event', startTime: '08:00' });
    await add(s.admin, { title: 'Labour Day', date: '2025-05-01', type: 'holiday', priority: 'high' });
    await add(s.admin, { title: 'Fee Deadline', date: '2025-06-10', type: 'deadline', priority: 'critical' });
    await add(s.admin, { title: '8-A Exam', date: '2025-05-20', type: 'exam', classes: [s.classA] });
    await add(s.admin, { title: '9-B Exam', date: '2025-05-21', type: 'exam', classes: [s.classB] });

    const all = await s.admin.get();
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(6);
    expect(titles(all)).toEqual([
      'Labour Day',
      'Morning Assembly',
      'Afternoon Meeting',
      '8-A Exam',
      '9-B Exam',
      'Fee Deadline',
    ]);
    expect(titles(await s.admin.get('?startDate=2025-05-02&endDate=2025-05-20'))).toEqual([
      'Morning Assembly',
      'Afternoon Meeting',
      '8-A Exam',
    ]);
    expect(titles(await s.admin.get('?type=exam'))).toEqual(['8-A Exam', '9-B Exam']);
    expect(titles(await s.admin.get('?priority=critical'))).toEqual(['Fee Deadline']);
    expect(titles(await s.admin.get(`?classId=${s.classA}&type=exam`))).toEqual(['8-A Exam']);
    expect(titles(await s.admin.get(`?classId=${s.classB}`))).toEqual([
      'Labour Day',
      'Morning Assembly',
      'Afternoon Meeting',
      '9-B Exam',
      'Fee Deadline',
    ]);
    const empty = await s.admin.get('?startDate=&endDate=&classId=&type=&priority=');
    expect(empty.body.total).toBe(6);
    const paged = await s.admin.get('?limit=2&page=2');
    expect({ total: paged.body.total, titles: titles(paged) }).toEqual({
      total: 6,
      titles: ['Afternoon Meeting', '8-A Exam'],
    });
  });

  it('refuses bad filters and a class of another school', async () => {
    const s = await school();
    const other = await school();
    const bad = await s.admin.get('?startDate=May&type=party&priority=urgent');
    expect(bad.status).toBe(400);
    expect(details(bad)).toEqual([
      'Type must be one of holiday, exam, event, meeting, deadline, other',
      'Priority must be one of low, medium, high, critical',
      'Start date must be a date (YYYY-MM-DD)',
    ]);
    const foreign = await s.admin.get(`?classId=${other.classA}`);
    expect({ status: foreign.status, error: foreign.body.error }).toEqual({ status: 404, error: 'Class not found' });
  });

  it('costs the same round trips and answers the same shapes for 2 and for 30 dates', async () => {
    const small = await school();
    const large = await school();
    const seed = async (s: Awaited<ReturnType<typeof school>>, n: number) => {
      for (let i = 0; i < n; i++) {
        const day = String((i % 28) + 1).padStart(2, '0');
        await add(s.admin, {
          title: `Date ${String(i).padStart(2, '0')}`,
          date: `2025-03-${day}`,
          classes: i % 2 ? [s.classA, s.classB] : undefined,
        });
      }
    };
    await seed(small, 2);
    await seed(large, 30);
    const teacherSmall = await teacherToken(small.schoolId);
    const teacherLarge = await teacherToken(large.schoolId);

    for (const path of ['', '?classId=CLASS', '/calendar?year=2025&month=3']) {
      const a = await small.admin.get(path.replace('CLASS', small.classA));
      const b = await large.admin.get(path.replace('CLASS', large.classA));
      expect(a.body.data).toHaveLength(2);
      expect(b.body.data).toHaveLength(30);
      expect(b.trips).toBe(a.trips);
      expect(a.trips).toBeLessThanOrEqual(2);
      const scoped = b.body.data.find((d: { title: string }) => d.title === 'Date 01');
      expect(scoped.classes).toEqual([
        { _id: large.classA, name: '8', section: 'A' },
        { _id: large.classB, name: '9', section: 'B' },
      ]);
      // Every date read on its own answers what the list said.
      for (const date of [a.body.data[1], b.body.data[29]]) {
        const admin = date === a.body.data[1] ? small.admin : large.admin;
        expect((await admin.get(`/${date._id}`)).body.data).toEqual(date);
      }
    }
    const ta = await as(teacherSmall.token).get();
    const tb = await as(teacherLarge.token).get();
    expect(tb.trips).toBe(ta.trips);
  });
});

describe('the month calendar', () => {
  it('holds the first to the last day of the month, and not the next month', async () => {
    const s = await school();
    await add(s.admin, { title: 'Jan 31', date: '2025-01-31' });
    await add(s.admin, { title: 'Feb 1', date: '2025-02-01' });
    await add(s.admin, { title: 'Feb 28', date: '2025-02-28' });
    await add(s.admin, { title: 'Mar 1', date: '2025-03-01' });
    await add(s.admin, { title: 'Leap Day', date: '2024-02-29' });
    await add(s.admin, { title: 'Dec 31', date: '2025-12-31', type: 'holiday' });

    const feb = await s.admin.get('/calendar?year=2025&month=2');
    expect(feb.status).toBe(200);
    expect(titles(feb)).toEqual(['Feb 1', 'Feb 28']);
    expect(titles(await s.admin.get('/calendar?year=2024&month=2'))).toEqual(['Leap Day']);
    expect(titles(await s.admin.get('/calendar?year=2025&month=1'))).toEqual(['Jan 31']);
    expect(titles(await s.admin.get('/calendar?year=2025&month=12&type=holiday'))).toEqual(['Dec 31']);
    expect(titles(await s.admin.get('/calendar?year=2025&month=12&type=exam'))).toEqual([]);
  });

  it('shows a date scoped to one class for that class only, and all-class dates for every class', async () => {
    const s = await school();
    await add(s.admin, { title: 'Sports Day', date: '2025-04-10' });
    await add(s.admin, { title: '8-A Trip', date: '2025-04-15', classes: [s.classA], priority: 'low' });
    expect(titles(await s.admin.get(`/calendar?year=2025&month=4&classId=${s.classA}`))).toEqual([
      'Sports Day',
      '8-A Trip',
    ]);
    expect(titles(await s.admin.get(`/calendar?year=2025&month=4&classId=${s.classB}`))).toEqual(['Sports Day']);
    expect(titles(await s.admin.get(`/calendar?year=2025&month=4&classId=${s.classA}&priority=low`))).toEqual([
      '8-A Trip',
    ]);
  });

  it('needs a year and a month from 1 to 12', async () => {
    const s = await school();
    const missing = await s.admin.get('/calendar');
    expect(missing.status).toBe(400);
    expect(details(missing)).toEqual(['Year is required', 'Month is required']);
    const wrong = await s.admin.get('/calendar?year=2025&month=13');
    expect(details(wrong)).toEqual(['Month must be between 1 and 12']);
  });
});

describe('upcoming and today', () => {
  it("count from the school's today in its time zone, not the server's", async () => {
    const s = await school();
    await t.db.update(schools).set({ timeZone: 'Asia/Kolkata' }).where(eq(schools.id, s.schoolId));
    await add(s.admin, { title: 'UTC Today', date: '2025-03-10' });
    await add(s.admin, { title: 'School Today', date: '2025-03-11', startTime: '10:00' });
    await add(s.admin, { title: 'School Today Early', date: '2025-03-11', startTime: '08:00', classes: [s.classA] });
    await add(s.admin, { title: 'In Thirty Days', date: '2025-04-10' });
    await add(s.admin, { title: 'In Thirty One Days', date: '2025-04-11' });

    // 20:00 UTC on 10 March is 01:30 on 11 March in Kolkata.
    t.clock.now = new Date('2025-03-10T20:00:00Z');
    try {
      const today = await s.admin.get('/today');
      expect(today.status).toBe(200);
      expect(titles(today)).toEqual(['School Today Early', 'School Today']);
      expect(titles(await s.admin.get(`/today?classId=${s.classB}`))).toEqual(['School Today']);
      const upcoming = await s.admin.get('/upcoming');
      expect(titles(upcoming)).toEqual(['School Today Early', 'School Today', 'In Thirty Days']);
      expect(titles(await s.admin.get('/upcoming?days=7'))).toEqual(['School Today Early', 'School Today']);
      const bad = await s.admin.get('/upcoming?days=1000');
      expect(details(bad)).toEqual(['Days must be between 0 and 366']);

      const teacher = await teacherToken(s.schoolId);
      expect(titles(await as(teacher.token).get('/upcoming'))).toEqual(['School Today', 'In Thirty Days']);
    } finally {
      t.clock.now = new Date();
    }
  });
});

describe('who sees and changes what', () => {
  it('answers 401 without a token on every path', async () => {
    const anonymous = as();
    for (const call of [
      anonymous.get(),
      anonymous.get('/calendar?year=2025&month=1'),
      anonymous.get('/upcoming'),
      anonymous.get('/today'),
      anonymous.get('/some-id'),
      anonymous.post(holiday),
      anonymous.put('some-id', holiday),
      anonymous.del('some-id'),
    ]) {
      const res = await call;
      expect({ status: res.status, error: res.body.error }).toEqual({
        status: 401,
        error: 'Access denied. No token provided.',
      });
    }
  });

  it('lets only administrators write', async () => {
    const s = await school();
    const created = await add(s.admin, holiday);
    const teacher = as((await teacherToken(s.schoolId)).token);
    const student = await createStudent(t, s.schoolId, { classId: s.classA });
    const studentCaller = as(await signIn(t, student.email, PASSWORD, '/api/students/login'));
    for (const who of [teacher, studentCaller]) {
      for (const res of [
        await who.post(holiday),
        await who.put(created._id, { title: 'Mine' }),
        await who.del(created._id),
      ]) {
        expect({ status: res.status, error: res.body.error }).toEqual({
          status: 403,
          error: 'Access denied. Required role: school_admin',
        });
      }
    }
    expect((await s.admin.get(`/${created._id}`)).body.data.title).toBe('Diwali Break');
  });

  it('shows teachers, students and parents all-class dates and those of their own classes only', async () => {
    const s = await school();
    const classC = await createClass(t, s.schoolId, { name: '10', section: 'C' });
    const classD = await createClass(t, s.schoolId, { name: '10', section: 'D' });
    await add(s.admin, { title: 'For Everyone', date: '2025-07-01' });
    await add(s.admin, { title: 'For A', date: '2025-07-02', classes: [s.classA] });
    await add(s.admin, { title: 'For B', date: '2025-07-03', classes: [s.classB] });
    await add(s.admin, { title: 'For C', date: '2025-07-04', classes: [classC] });
    const forD = await add(s.admin, { title: 'For D', date: '2025-07-05', classes: [classD] });

    // Class teacher of A, main teacher of a subject in B, co-teacher of a subject in C; nothing in D.
    const teacher = await teacherToken(s.schoolId);
    await createClass(t, s.schoolId, { name: '7', section: 'E', teacherId: teacher.teacherId });
    await t.db.update(classes).set({ teacherId: teacher.teacherId }).where(eq(classes.id, s.classA));
    await addSubject(t, s.schoolId, { classId: s.classB, teacherId: teacher.teacherId });
    const other = await addTeacher(t, s.schoolId);
    const subjectC = await addSubject(t, s.schoolId, { classId: classC, teacherId: other.teacherId });
    await addCoTeacher(t, s.schoolId, subjectC, teacher.teacherId);

    const asTeacher = as(teacher.token);
    expect(titles(await asTeacher.get())).toEqual(['For Everyone', 'For A', 'For B', 'For C']);
    expect(titles(await asTeacher.get('/calendar?year=2025&month=7'))).toEqual([
      'For Everyone',
      'For A',
      'For B',
      'For C',
    ]);
    expect(titles(await asTeacher.get(`?classId=${classD}`))).toEqual(['For Everyone']);
    const hidden = await asTeacher.get(`/${forD._id}`);
    expect({ status: hidden.status, error: hidden.body.error }).toEqual({
      status: 404,
      error: 'Important date not found',
    });

    const kid = await createStudent(t, s.schoolId, { classId: s.classB });
    const sibling = await createStudent(t, s.schoolId, { classId: classD, parentId: kid.parentId });
    const asStudent = as(await signIn(t, sibling.email, PASSWORD, '/api/students/login'));
    expect(titles(await asStudent.get())).toEqual(['For Everyone', 'For D']);
    const asParent = as(await signIn(t, kid.parentEmail as string, PASSWORD, '/api/students/parents/login'));
    expect(titles(await asParent.get())).toEqual(['For Everyone', 'For B', 'For D']);
    expect(titles(await asParent.get('/calendar?year=2025&month=7'))).toEqual(['For Everyone', 'For B', 'For D']);
  });

  it("answers 404 for another school's date, exactly like a missing one", async () => {
    const s = await school();
    const other = await school();
    const theirs = await add(other.admin, holiday);
    for (const res of [
      await s.admin.get(`/${theirs._id}`),
      await s.admin.put(theirs._id, { title: 'Taken over' }),
      await s.admin.del(theirs._id),
      await s.admin.get('/no-such-date'),
    ]) {
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 404, error: 'Important date not found' });
    }
    expect((await other.admin.get(`/${theirs._id}`)).body.data.title).toBe('Diwali Break');
    expect(titles(await s.admin.get())).toEqual([]);
    expect(t.publisher.events.filter((e) => e.schoolId === s.schoolId)).toEqual([]);
  });
});
