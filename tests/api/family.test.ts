import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeHasher } from '../../scripts/lib/node-hasher';
import { seedDemo } from '../../scripts/lib/seed-demo';
import { createTestApp, createTestSchool, json, roundTrips, signIn, type TestApp } from '../support/app';
import { createClass, createStudent } from '../support/factories';

/** Wednesday 25 November 2026, 11:30 in Pune (the demo school's zone). */
const NOW = new Date('2026-11-25T06:00:00Z');
const TODAY = '2026-11-25';

let t: TestApp;
let parent: string;
let student: string;
let admin: string;
let teacher: string;
let schoolId: string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
  ({ schoolId } = await seedDemo(t.db, { passwordHash: await nodeHasher.hash('demo1234'), now: NOW }));
  parent = await signIn(t, 'parent@demo.school', 'demo1234', '/api/students/parents/login');
  student = await signIn(t, 'student@demo.school', 'demo1234', '/api/students/login');
  admin = await signIn(t, 'admin@demo.school', 'demo1234');
  teacher = await signIn(t, 'teacher@demo.school', 'demo1234', '/api/teachers/login');
}, 30_000);

const rows = <T>(query: ReturnType<typeof sql>) => t.db.all<T>(query);

describe('GET /api/family/children', () => {
  it('a parent of two children sees both, across classes, and nobody else', async () => {
    const res = await t.request('/api/family/children', { token: parent });
    expect(res.status).toBe(200);
    const children = (await json<any>(res)).data;
    const expected = await rows<{ id: string }>(sql`
      select s.id from students s join student_parents sp on sp.student_id = s.id join parents p on p.id = sp.parent_id
      join users u on u.id = p.user_id where u.email = 'parent@demo.school'`);
    expect(children.map((c: { _id: string }) => c._id).sort()).toEqual(expected.map((r) => r.id).sort());
    expect(children).toHaveLength(2);
    expect(new Set(children.map((c: any) => `${c.classId.name}-${c.classId.section}`))).toEqual(
      new Set(['8-A', '6-B']),
    );
  });

  it('a student sees only themself', async () => {
    const children = (await json<any>(await t.request('/api/family/children', { token: student }))).data;
    expect(children).toHaveLength(1);
    expect(children[0].classId).toMatchObject({ name: '8', section: 'A' });
  });

  it('staff roles are refused', async () => {
    expect((await t.request('/api/family/children', { token: admin })).status).toBe(403);
    expect((await t.request('/api/family/children', { token: teacher })).status).toBe(403);
    expect((await t.request('/api/family/children')).status).toBe(401);
  });
});

describe('GET /api/family/children/:id/overview', () => {
  it("shows the child's day, month, week, dates, fees and class teacher from real records", async () => {
    const [child] = (await json<any>(await t.request('/api/family/children', { token: student }))).data;
    const res = await t.request(`/api/family/children/${child._id}/overview`, { token: parent });
    expect(res.status).toBe(200);
    expect(roundTrips(res)).toBeLessThanOrEqual(4);
    const data = (await json<any>(res)).data;
    expect(data.today).toBe(TODAY);

    const marksToday = await rows<{ n: number }>(
      sql`select count(*) as n from student_attendance where student_id = ${child._id} and date = ${TODAY}`,
    );
    expect(data.todayAttendance).toHaveLength(marksToday[0].n);
    expect(data.todayAttendance[0]).toEqual(
      expect.objectContaining({
        subject: expect.any(String),
        status: expect.stringMatching(/present|absent|late|excused/),
      }),
    );

    const [month] = await rows<{ total: number; attended: number; absent: number }>(sql`
      select count(*) as total, sum(status in ('present', 'late')) as attended, sum(status = 'absent') as absent
      from student_attendance where student_id = ${child._id} and date between '2026-11-01' and ${TODAY}`);
    expect(data.month.total).toBe(month.total);
    expect(data.month.absent).toBe(month.absent);
    expect(data.month.attendanceRate).toBe(Math.round((month.attended / month.total) * 10000) / 100);

    const weekly = await rows<{ n: number }>(
      sql`select count(*) as n from schedules where class_id = ${child.classId._id}`,
    );
    expect(data.timetable).toHaveLength(weekly[0].n);
    expect(data.timetable.length).toBeGreaterThan(10);

    for (const date of data.upcomingDates) {
      expect(date.date >= TODAY).toBe(true);
      if (!date.applyToAllClasses) {
        const scoped = await rows<{ class_id: string }>(
          sql`select class_id from important_date_classes where important_date_id = ${date._id}`,
        );
        expect(scoped.map((s) => s.class_id)).toContain(child.classId._id);
      }
    }
    const classDates = await rows<{ n: number }>(sql`
      select count(*) as n from important_dates d where d.school_id = ${schoolId} and d.date between ${TODAY} and '2026-12-25'
      and (d.apply_to_all_classes = 1 or exists (select 1 from important_date_classes c where c.important_date_id = d.id and c.class_id = ${child.classId._id}))`);
    expect(data.upcomingDates).toHaveLength(classDates[0].n);

    const [paid] = await rows<{ minor: number | null }>(
      sql`select sum(amount_minor) as minor from fee_collections where student_id = ${child._id}`,
    );
    expect(data.fees.totalPaid).toBe((paid.minor ?? 0) / 100);
    expect(data.classTeacher).toEqual(
      expect.objectContaining({ name: expect.any(String), email: expect.stringContaining('@') }),
    );
  });

  it("answers 404 for any student who is not the caller's child, in this school or another", async () => {
    const [own] = (await json<any>(await t.request('/api/family/children', { token: student }))).data;
    const [stranger] = await rows<{ id: string }>(sql`
      select s.id from students s where s.school_id = ${schoolId} and s.id not in (
        select sp.student_id from student_parents sp join parents p on p.id = sp.parent_id join users u on u.id = p.user_id
        where u.email = 'parent@demo.school') limit 1`);
    const res = await t.request(`/api/family/children/${stranger.id}/overview`, { token: parent });
    expect(res.status).toBe(404);
    expect((await json<any>(res)).error).toBe('Student not found');

    const siblings = (await json<any>(await t.request('/api/family/children', { token: parent }))).data;
    const sibling = siblings.find((c: { _id: string }) => c._id !== own._id);
    expect((await t.request(`/api/family/children/${sibling._id}/overview`, { token: student })).status).toBe(404);

    const other = await createTestSchool(t);
    const otherClass = await createClass(t, other.schoolId);
    const outsider = await createStudent(t, other.schoolId, { classId: otherClass });
    expect((await t.request(`/api/family/children/${outsider.studentId}/overview`, { token: parent })).status).toBe(
      404,
    );
  });
});

describe('GET /api/family/receipts/:id/download', () => {
  it("downloads a receipt of one's own child only", async () => {
    const [child] = (await json<any>(await t.request('/api/family/children', { token: student }))).data;
    const [due] = (await json<any>(await t.request(`/api/fees/due?studentId=${child._id}`, { token: admin }))).data;
    const paid = await t.request('/api/fees/collections', {
      method: 'POST',
      token: admin,
      json: {
        studentId: child._id,
        structureId: due.structureId,
        instalment: due.instalment,
        amount: 1,
        method: 'cash',
      },
    });
    const receipt = (await json<any>(paid)).data;
    const own = await t.request(`/api/family/receipts/${receipt._id}/download`, { token: parent });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    const overview = (
      await json<any>(await t.request(`/api/family/children/${child._id}/overview`, { token: student }))
    ).data;
    expect(overview.fees.receipts.map((r: { _id: string }) => r._id)).toContain(receipt._id);

    const [foreign] = await rows<{ id: string }>(sql`
      select r.id from fee_receipts r where r.student_id not in (
        select sp.student_id from student_parents sp join parents p on p.id = sp.parent_id join users u on u.id = p.user_id
        where u.email = 'parent@demo.school') limit 1`);
    expect((await t.request(`/api/family/receipts/${foreign.id}/download`, { token: parent })).status).toBe(404);
    expect((await t.request(`/api/fees/receipts/${foreign.id}/download`, { token: parent })).status).toBe(403);
  });
});
