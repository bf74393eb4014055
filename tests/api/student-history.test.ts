import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeHasher } from '../../scripts/lib/node-hasher';
import { seedDemo } from '../../scripts/lib/seed-demo';
import { createTestApp, createTestSchool, json, roundTrips, signIn, type TestApp } from '../support/app';

/** Wednesday 25 November 2026, in Pune: the demo school's year is 2026-2027. */
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

const history = (id: string, as = token) => t.request(`/api/years/students/${id}`, { token: as });
const rollover = (name: string) =>
  t.request('/api/years/rollover', {
    method: 'POST',
    token,
    json: { name, startsOn: `${name.slice(0, 4)}-04-01`, endsOn: `${name.slice(5)}-03-31` },
  });

describe('a student’s years', () => {
  let studentId: string;
  let classId: string;
  let rollNumber: string;
  let firstTrips: number;
  let firstYear: any;
  let dashboardTrips: number;
  const gradebook = new Map<string, { percent: number | null; grade: string | null }>();

  it('answers the current year with the gradebook’s term results, attendance and fees', async () => {
    // A pupil below the top grade with marks, attendance and something still owed.
    const [pupil] = await t.db.all<{ id: string; classId: string; rollNumber: string }>(sql`select s.id,
        s.class_id as classId, s.roll_number as rollNumber from students s join classes c on c.id = s.class_id
      where s.school_id = ${schoolId} and s.status = 'active' and cast(c.name as integer) < 9
        and exists (select 1 from fee_dues d where d.student_id = s.id and d.amount_minor > d.paid_minor)
        and exists (select 1 from assessment_marks m join assessments a on a.id = m.assessment_id
          where a.class_id = s.class_id and m.student_number = s.number and m.status = 0)
      order by s.id limit 1`);
    ({ id: studentId, classId, rollNumber } = pupil);
    const res = await history(studentId);
    expect(res.status).toBe(200);
    firstTrips = roundTrips(res);
    const years = (await json<any>(res)).data;
    expect(years).toHaveLength(1);
    [firstYear] = years;
    expect(firstYear).toMatchObject({ academicYear: '2026-2027', current: true, classId, rollNumber, outcome: null });

    // Attendance: the student's marks in that class, and present or late over the marks less excused.
    const [marks] = await t.db.all<Record<string, number>>(sql`select sum(status = 'present') as present,
        sum(status = 'absent') as absent, sum(status = 'late') as late, sum(status = 'excused') as excused
      from student_attendance where student_id = ${studentId} and class_id = ${classId}`);
    expect(firstYear.attendance).toMatchObject(marks);
    const counted = marks.present + marks.absent + marks.late;
    expect(firstYear.attendance.percentage).toBe(Math.round(((marks.present + marks.late) / counted) * 1000) / 10);

    // Results: each term as the gradebook's class results give it.
    expect(firstYear.results.length).toBeGreaterThan(0);
    for (const term of firstYear.results) {
      const r = await json<any>(
        await t.request(`/api/grades/results?classId=${classId}&termId=${term.termId}`, { token }),
      );
      const mine = r.data.students.find((s: any) => s.student._id === studentId);
      gradebook.set(term.termId, { percent: mine.percent, grade: mine.grade });
      expect({ percent: term.percentage, grade: term.grade }).toEqual(gradebook.get(term.termId));
    }
    expect(firstYear.results.some((r: any) => r.percentage !== null && r.grade)).toBe(true);

    // Fees: what the student's fee page counts.
    const fees = (await json<any>(await t.request(`/api/fees/students/${studentId}`, { token }))).data;
    const balances = fees.fees.flatMap((f: any) => f.instalments.map((i: any) => i.balanceMinor));
    const owedMinor = balances.reduce((a: number, b: number) => a + b, 0);
    expect(firstYear.fees).toMatchObject({ owed: owedMinor / 100, arrears: 0 });
    expect(firstYear.fees.billed).toBe(firstYear.fees.paid + firstYear.fees.owed);
    expect(firstYear.fees.owed).toBeGreaterThan(0);
  });

  it('keeps each past year as it was after two rollovers, in as many round trips', async () => {
    const dashboard = await t.request('/api/dashboard/summary', { token });
    expect((await json<any>(dashboard)).data.cards.fees.arrears).toEqual([]);
    dashboardTrips = roundTrips(dashboard);
    expect((await rollover('2027-2028')).status).toBe(200);
    expect((await rollover('2028-2029')).status).toBe(200);
    const res = await history(studentId);
    expect(res.status).toBe(200);
    expect(roundTrips(res)).toBe(firstTrips);
    const years = (await json<any>(res)).data;
    expect(years.map((y: any) => [y.academicYear, y.current, y.outcome])).toEqual([
      ['2026-2027', false, 'promoted'],
      ['2027-2028', false, 'promoted'],
      ['2028-2029', true, null],
    ]);
    // Last year reads as it did: same class, roll number, attendance and term results.
    expect(years[0]).toMatchObject({
      classId,
      className: firstYear.className,
      rollNumber,
      attendance: firstYear.attendance,
      results: firstYear.results,
    });
    // Its unpaid fees are now arrears, still counted in that year's owed; the billed total has not moved.
    expect(years[0].fees).toEqual({ ...firstYear.fees, arrears: firstYear.fees.owed });
    const [{ grade }] = await t.db.all<{ grade: string }>(
      sql`select c.name as grade from students s join classes c on c.id = s.class_id where s.id = ${studentId}`,
    );
    expect(Number(years[2].className.split('-')[0])).toBe(Number(grade));
    expect(years[2].attendance).toMatchObject({ marked: 0, percentage: null });
    expect(years[2].results).toEqual([]);
  });

  it('moves paid arrears from owed to paid in their own year', async () => {
    const [due] = await t.db.all<{ structureId: string; instalment: number; left: number }>(sql`select
        d.structure_id as structureId, d.instalment, d.amount_minor - d.paid_minor as left
      from fee_dues d join fee_structures f on f.id = d.structure_id
      where d.student_id = ${studentId} and f.academic_year = '2026-2027' and d.amount_minor > d.paid_minor limit 1`);
    const paid = await t.request('/api/fees/receipts', {
      method: 'POST',
      token,
      json: {
        studentId,
        method: 'cash',
        items: [{ structureId: due.structureId, instalment: due.instalment, amount: due.left / 100 }],
      },
    });
    expect(paid.status).toBe(201);
    const [past] = (await json<any>(await history(studentId))).data;
    expect(past.fees.billed).toBe(firstYear.fees.billed);
    expect(past.fees.paid).toBe(firstYear.fees.paid + due.left / 100);
    expect(past.fees.owed).toBe(firstYear.fees.owed - due.left / 100);
  });

  it('gives the dashboard the arrears inside its fee figures, per year, in the same round trips', async () => {
    const res = await t.request('/api/dashboard/summary', { token });
    expect(res.status).toBe(200);
    const fees = (await json<any>(res)).data.cards.fees;
    const owed = await t.db.all<{ year: string; minor: number }>(sql`select f.academic_year as year,
        sum(d.amount_minor - d.paid_minor) as minor
      from fee_dues d join fee_structures f on f.id = d.structure_id
      where d.school_id = ${schoolId} and f.class_id is not d.class_id and d.amount_minor > d.paid_minor
      group by f.academic_year order by f.academic_year`);
    expect(owed.length).toBeGreaterThan(0);
    expect(fees.arrears).toEqual(owed.map((o) => ({ academicYear: o.year, outstanding: o.minor / 100 })));
    const arrearsTotal = owed.reduce((sum, o) => sum + o.minor, 0);
    expect(fees.outstandingMinor).toBeGreaterThanOrEqual(arrearsTotal);
    expect(roundTrips(res)).toBe(dashboardTrips);
  });

  it('answers another school’s student 404', async () => {
    const other = await createTestSchool(t);
    expect((await history(studentId, await signIn(t, other.adminEmail))).status).toBe(404);
  });
});
