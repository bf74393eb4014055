import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeHasher } from '../../scripts/lib/node-hasher';
import { seedDemo } from '../../scripts/lib/seed-demo';
import { createTestApp, createTestSchool, json, roundTrips, signIn, type TestApp } from '../support/app';

/** Wednesday 25 November 2026, 11:30 in Pune (the demo school's zone). */
const NOW = new Date('2026-11-25T06:00:00Z');

let t: TestApp;
let token: string;
let schoolId: string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
  ({ schoolId } = await seedDemo(t.db, { passwordHash: await nodeHasher.hash('demo1234'), now: NOW }));
  token = await signIn(t, 'admin@demo.school', 'demo1234');
}, 30_000);

const one = async (query: ReturnType<typeof sql>) => (await t.db.all<Record<string, number>>(query))[0];

describe('GET /api/dashboard/summary on the demo school', () => {
  it('shows cards that match the data, in one batch', async () => {
    const res = await t.request('/api/dashboard/summary', { token });
    expect(res.status).toBe(200);
    expect(roundTrips(res)).toBe(3); // token check, school settings, the one batch
    const { data } = await json<any>(res);

    const students = await one(
      sql`select count(*) as total, sum(status = 'active') as active from students where school_id = ${schoolId}`,
    );
    expect(data.cards.students).toEqual({ total: students.total, active: students.active });
    expect(data.cards.students.total).toBe(200);

    const staff = await one(
      sql`select (select count(*) from teachers where school_id = ${schoolId} and is_active = 1) as teachers, (select count(*) from employees where school_id = ${schoolId} and status = 'active') as staff`,
    );
    expect(data.cards.employees).toEqual({
      total: staff.teachers + staff.staff,
      teachers: staff.teachers,
      staff: staff.staff,
    });

    const classes = await one(
      sql`select (select count(*) from classes where school_id = ${schoolId}) as classes, (select count(*) from subjects where school_id = ${schoolId}) as subjects`,
    );
    expect(data.cards.classes).toEqual({ total: classes.classes, subjects: classes.subjects });

    // Each instalment an active student owes: from admission, before it only when charged; optional fees when assigned.
    const owed = await one(sql`
      select sum(fs.amount_minor) as billed, sum(coalesce(p.paid, 0)) as paid,
        sum(fs.amount_minor > coalesce(p.paid, 0)) as unpaid,
        count(distinct case when fs.amount_minor > coalesce(p.paid, 0) then s.id end) as owing
      from students s join fee_structures fs on fs.class_id = s.class_id
      join json_each(coalesce(fs.due_dates, json_array(fs.due_date))) i
      left join fee_assignments a on a.structure_id = fs.id and a.student_id = s.id
      left join (select student_id, structure_id, instalment, sum(amount_minor) as paid from fee_collections
        group by 1, 2, 3) p on p.student_id = s.id and p.structure_id = fs.id and p.instalment = i.key + 1
      where s.school_id = ${schoolId} and s.status = 'active'
        and (case when fs.optional then a.student_id is not null and i.value >= s.admission_date
          else i.value >= s.admission_date or a.student_id is not null end)`);
    expect(data.cards.fees).toMatchObject({
      billedMinor: owed.billed,
      collectedMinor: owed.paid,
      outstandingMinor: owed.billed - owed.paid,
      unpaidFees: owed.unpaid,
      studentsOwing: owed.owing,
    });
    expect(owed.paid).toBeGreaterThan(0);
  });

  it('lists five recent students and complaints, and draws charts from real records', async () => {
    const { data } = await json<any>(await t.request('/api/dashboard/summary', { token }));
    expect(data.recentStudents).toHaveLength(5);
    expect(data.recentStudents[0]).toEqual(
      expect.objectContaining({ name: expect.any(String), status: expect.stringMatching(/active|inactive/) }),
    );
    expect(data.recentComplaints).toHaveLength(5);
    const dates = data.recentComplaints.map((c: { date: string }) => c.date);
    expect([...dates].sort().reverse()).toEqual(dates);

    expect(data.attendanceTrend).toHaveLength(6);
    const last = data.attendanceTrend.at(-1);
    expect(last.date).toBe('2026-11-25');
    // Students, not marks: each active student counts once a day.
    const day = await one(sql`
      select count(*) as marked, sum(attended) as present, sum(all_absent) as absent
      from (select student_id, max(status in ('present', 'late')) as attended, min(status = 'absent') as all_absent
        from student_attendance where school_id = ${schoolId} and date = '2026-11-25' group by student_id)`);
    expect(last).toMatchObject({ marked: day.marked, present: day.present, absent: day.absent });
    expect(last.present + last.absent + last.excused + last.notMarked).toBe(data.cards.students.active);

    expect(data.feeCollectionByMonth.map((m: { month: string }) => m.month)).toEqual([
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(data.studentsPerClass).toHaveLength(10);
    expect(data.studentsPerClass.reduce((s: number, c: { students: number }) => s + c.students, 0)).toBe(
      data.cards.students.active,
    );
    expect(data.studentsPerClass[0]).toMatchObject({ name: '6', section: 'A' });
  });

  it('a new school sees zeros and empty lists, not another school’s numbers', async () => {
    const fresh = await createTestSchool(t);
    const res = await t.request('/api/dashboard/summary', { token: await signIn(t, fresh.adminEmail) });
    const { data } = await json<any>(res);
    expect(data.cards).toEqual({
      students: { total: 0, active: 0 },
      employees: { total: 0, teachers: 0, staff: 0 },
      classes: { total: 0, subjects: 0 },
      fees: {
        billed: 0,
        billedMinor: 0,
        collected: 0,
        collectedMinor: 0,
        outstanding: 0,
        outstandingMinor: 0,
        unpaidFees: 0,
        studentsOwing: 0,
        studentsBilled: 0,
        arrears: [],
      },
    });
    expect(data.recentStudents).toEqual([]);
    expect(data.attendanceTrend).toEqual([]);
  });
});

describe('complaints', () => {
  it('logs, lists and closes complaints; validates; admins only', async () => {
    const fresh = await createTestSchool(t);
    const admin = await signIn(t, fresh.adminEmail);
    const bad = await t.request('/api/complaints', { method: 'POST', token: admin, json: { priority: 'urgent' } });
    expect(bad.status).toBe(400);
    expect((await json<any>(bad)).details.map((d: { msg: string }) => d.msg)).toEqual([
      'Title is required',
      'Initiated by is required',
      'Priority must be high, medium or low',
    ]);
    const made = await t.request('/api/complaints', {
      method: 'POST',
      token: admin,
      json: { title: 'Broken window in 7B', initiatedBy: 'Mr. Rao', priority: 'high' },
    });
    expect(made.status).toBe(201);
    const complaint = (await json<any>(made)).data;
    expect(complaint).toMatchObject({ title: 'Broken window in 7B', status: 'open', date: '2026-11-25' });
    const closed = await t.request(`/api/complaints/${complaint._id}`, {
      method: 'PUT',
      token: admin,
      json: { status: 'closed' },
    });
    expect((await json<any>(closed)).data.status).toBe('closed');
    const list = await json<any>(await t.request('/api/complaints?status=closed', { token: admin }));
    expect(list.total).toBe(1);

    // The demo school's administrator cannot touch it.
    expect(
      (await t.request(`/api/complaints/${complaint._id}`, { method: 'PUT', token, json: { status: 'open' } })).status,
    ).toBe(404);
    const teacher = await signIn(t, 'teacher@demo.school', 'demo1234', '/api/teachers/login');
    expect((await t.request('/api/complaints', { token: teacher })).status).toBe(403);
    expect((await t.request('/api/dashboard/summary', { token: teacher })).status).toBe(403);
  });
});
