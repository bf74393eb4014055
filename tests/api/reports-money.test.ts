/**
 * The fee collection and accounts reports: groups, buckets and totals counted again from the payments made,
 * their CSV, their activity lines, and round trips that do not grow with the payments.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, schools } from '../../worker/db/schema';
import { createTestApp, roundTrips, signIn, type TestApp } from '../support/app';
import { type Caller, caller, expectError, schoolWithAdmin } from '../support/classroom';
import { addClassRoll, createClass } from '../support/factories';

/** Wednesday 25 November 2026; the test school keeps UTC and a September year (2026-2027). */
const NOW = new Date('2026-11-25T09:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
});

async function feeSchool() {
  const s = await schoolWithAdmin(t);
  const eightA = await createClass(t, s.schoolId, { name: '8', section: 'A', academicYear: '2026-2027' });
  const nineB = await createClass(t, s.schoolId, { name: '9', section: 'B', academicYear: '2026-2027' });
  const a = await addClassRoll(t, s.schoolId, eightA, 3);
  const b = await addClassRoll(t, s.schoolId, nineB, 2, { prefix: 'Nine' });
  const tuition = (await s.admin.post('/api/fees/categories', { name: 'Tuition' })).body.data._id;
  const bus = (await s.admin.post('/api/fees/categories', { name: 'Bus' })).body.data._id;
  const monthly = (
    await s.admin.post('/api/fees/structures', {
      classId: eightA,
      categoryId: tuition,
      amount: 100,
      dueDate: '2026-09-10',
      frequency: 'monthly',
      academicYear: '2026-2027',
    })
  ).body.data._id;
  const once = (
    await s.admin.post('/api/fees/structures', {
      classId: nineB,
      categoryId: bus,
      amount: 50,
      dueDate: '2026-10-05',
      academicYear: '2026-2027',
    })
  ).body.data._id;
  const pay = async (
    studentId: string,
    structureId: string,
    instalment: number,
    amount: number,
    method: string,
    paidOn: string,
  ) => {
    const res = await s.admin.post('/api/fees/collections', {
      studentId,
      structureId,
      instalment,
      amount,
      method,
      paidOn,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  await pay(a[0].studentId, monthly, 1, 100, 'cash', '2026-09-12');
  await pay(a[1].studentId, monthly, 1, 60, 'upi', '2026-10-01');
  await pay(a[0].studentId, monthly, 2, 100, 'cash', '2026-10-11');
  await pay(b[0].studentId, once, 1, 50, 'cheque', '2026-11-20');
  return { ...s, eightA, nineB, a, b, monthly, once, pay };
}

const get = (admin: Caller, path: string) => admin.get(path);

describe('fee collection report', () => {
  it('groups payments by month, class, category and method, with counts and totals in the school currency', async () => {
    const s = await feeSchool();
    const byMonth = await get(s.admin, '/api/reports/fees/collection?from=2026-08-01&to=2026-11-30&groupBy=period');
    expect(byMonth.status).toBe(200);
    const table = byMonth.body.data;
    expect(table.columns.map((c: { key: string }) => c.key)).toEqual(['group', 'payments', 'students', 'collected']);
    expect(table.columns[3].label).toBe('Collected (USD)');
    expect(table.rows).toEqual([
      ['Aug 2026', 0, 0, 0],
      ['Sep 2026', 1, 1, 100],
      ['Oct 2026', 2, 2, 160],
      ['Nov 2026', 1, 1, 50],
    ]);
    expect(table.totals).toEqual(['Total', 4, 3, 310]);

    const byClass = (await get(s.admin, '/api/reports/fees/collection?from=2026-09-01&to=2026-11-30&groupBy=class'))
      .body.data;
    expect(byClass.rows).toEqual([
      ['8-A', 3, 2, 260],
      ['9-B', 1, 1, 50],
    ]);
    const byCategory = (
      await get(s.admin, '/api/reports/fees/collection?from=2026-09-01&to=2026-11-30&groupBy=category')
    ).body.data;
    expect(byCategory.rows).toEqual([
      ['Bus', 1, 1, 50],
      ['Tuition', 3, 2, 260],
    ]);
    const byMethod = (await get(s.admin, '/api/reports/fees/collection?from=2026-10-01&to=2026-11-30&groupBy=method'))
      .body.data;
    expect(byMethod.rows).toEqual([
      ['Cash', 1, 1, 100],
      ['Cheque', 1, 1, 50],
      ['UPI', 1, 1, 60],
    ]);
    expect(byMethod.totals).toEqual(['Total', 3, 3, 210]);
  });

  it('buckets by day within a month and by week (from Monday) within a quarter, empty buckets included', async () => {
    const s = await feeSchool();
    const days = (await get(s.admin, '/api/reports/fees/collection?from=2026-10-01&to=2026-10-31')).body.data;
    expect(days.rows).toHaveLength(31);
    expect(days.rows[0]).toEqual(['2026-10-01', 1, 1, 60]);
    expect(days.rows[10]).toEqual(['2026-10-11', 1, 1, 100]);
    expect(days.rows[1]).toEqual(['2026-10-02', 0, 0, 0]);
    const weeks = (await get(s.admin, '/api/reports/fees/collection?from=2026-09-01&to=2026-10-31')).body.data;
    expect(weeks.columns[0].label).toBe('Week from');
    expect(weeks.rows[0][0]).toBe('2026-08-31');
    // 11 October 2026 is a Sunday: its payment counts in the week from Monday 5 October.
    expect(weeks.rows.find((r: unknown[]) => r[0] === '2026-10-05')).toEqual(['2026-10-05', 1, 1, 100]);
    expect(weeks.totals).toEqual(['Total', 3, 2, 260]);
  });

  it('defaults to this month, answers CSV with its totals, and logs each run and export', async () => {
    const s = await feeSchool();
    const month = await get(s.admin, '/api/reports/fees/collection');
    expect(month.body.data.rows).toHaveLength(25);
    expect(month.body.data.totals).toEqual(['Total', 1, 1, 50]);
    const res = await t.request('/api/reports/fees/collection?from=2026-09-01&to=2026-11-30&groupBy=class&format=csv', {
      token: s.token,
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      '"Class","Payments","Students","Collected (USD)"',
      '"8-A","3","2","260.00"',
      '"9-B","1","1","50.00"',
      '"Total","4","3","310.00"',
    ]);
    const lines2 = await t.db
      .select({ action: activityLogs.action, summary: activityLogs.summary })
      .from(activityLogs)
      .where(and(eq(activityLogs.schoolId, s.schoolId), eq(activityLogs.entity, 'report')));
    expect(lines2).toEqual(
      expect.arrayContaining([
        { action: 'read', summary: 'Fee collection report by period, 2026-11-01 to 2026-11-25, json: 1 row(s)' },
        { action: 'export', summary: 'Fee collection report by class, 2026-09-01 to 2026-11-30, csv: 2 row(s)' },
      ]),
    );
  });

  it('refuses bad periods, groups and formats, and other roles', async () => {
    const s = await feeSchool();
    expectError(
      await get(s.admin, '/api/reports/fees/collection?from=2026-10-02&to=2026-10-01'),
      400,
      'Validation failed',
    );
    expectError(
      await get(s.admin, '/api/reports/fees/collection?from=2024-01-01&to=2026-10-01'),
      400,
      'Validation failed',
    );
    expectError(await get(s.admin, '/api/reports/fees/collection?groupBy=teacher'), 400, 'Validation failed');
    expectError(await get(s.admin, '/api/reports/fees/collection?format=doc'), 400, 'Validation failed');
  });

  it('costs the same round trips for one payment or many', async () => {
    const s = await feeSchool();
    const path = '/api/reports/fees/collection?from=2026-09-01&to=2026-11-30&groupBy=category';
    const before = roundTrips(await t.request(path, { token: s.token }));
    for (const [i, student] of s.a.entries())
      await s.pay(student.studentId, s.monthly, 3, 10 + i, 'card', '2026-11-02');
    const after = await t.request(path, { token: s.token });
    expect(roundTrips(after)).toBe(before);
    expect(before).toBeLessThanOrEqual(3);
  });
});

describe('accounts report', () => {
  it('lays out the year month by month: due, collected and the running outstanding', async () => {
    const s = await feeSchool();
    const res = await get(s.admin, '/api/reports/fees/accounts');
    expect(res.status).toBe(200);
    const table = res.body.data;
    expect(table.columns.map((c: { key: string }) => c.key)).toEqual([
      'month',
      'instalments',
      'due',
      'payments',
      'collected',
      'outstanding',
    ]);
    expect(table.rows).toHaveLength(12);
    // September: three tuition instalments of 100, one paid. October: three more and the bus fee of 50 for two.
    expect(table.rows[0]).toEqual(['Sep 2026', 3, 300, 1, 100, 200]);
    expect(table.rows[1]).toEqual(['Oct 2026', 5, 400, 2, 160, 440]);
    expect(table.rows[2]).toEqual(['Nov 2026', 3, 300, 1, 50, 690]);
    expect(table.rows[11]).toEqual(['Aug 2027', 3, 300, 0, 0, 3390]);
    expect(table.totals).toEqual(['Total', 38, 3700, 4, 310, 3390]);
    // What is left at the year's end is what the fee figures call outstanding.
    const dues = await get(s.admin, '/api/fees/due');
    expect(dues.body.summary.outstanding).toBe(3390);
  });

  it('counts a payment made before the year in its first month, answers CSV and logs the export', async () => {
    const s = await feeSchool();
    await s.pay(s.a[2].studentId, s.monthly, 1, 100, 'cash', '2026-08-20');
    const table = (await get(s.admin, '/api/reports/fees/accounts?year=2026-2027')).body.data;
    expect(table.rows[0]).toEqual(['Sep 2026', 3, 300, 2, 200, 100]);
    const res = await t.request('/api/reports/fees/accounts?year=2026-2027&format=csv', { token: s.token });
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(14);
    expect(lines[1]).toBe('"Sep 2026","3","300.00","2","200.00","100.00"');
    const [line] = await t.db
      .select({ summary: activityLogs.summary })
      .from(activityLogs)
      .where(and(eq(activityLogs.schoolId, s.schoolId), eq(activityLogs.action, 'export')));
    expect(line.summary).toBe('Accounts report, 2026-2027, csv: 12 month(s)');
    expectError(await get(s.admin, '/api/reports/fees/accounts?year=2026-2028'), 400, 'Validation failed');
  });
});

describe('reports overview', () => {
  it('counts students, this month’s fees against what falls due, and the reports run, in one fixed batch', async () => {
    const s = await feeSchool();
    await get(s.admin, '/api/reports/fees/accounts');
    await get(s.admin, '/api/reports/fees/collection');
    const res = await t.request('/api/reports/overview', { token: s.token });
    const first = roundTrips(res);
    const data = ((await res.json()) as { data: any }).data;
    expect(data.month).toBe('2026-11');
    expect(data.students).toEqual({ total: 5, active: 5 });
    // November: three tuition instalments of 100 fall due; the bus fee of 50 is paid.
    expect(data.fees).toEqual({ collected: 50, due: 300, payments: 1 });
    expect(data.reportsRun).toBe(2);
    expect(data.byMonth).toHaveLength(12);
    expect(data.byMonth[1]).toEqual({ month: '2026-10', due: 400, collected: 160, attendanceRate: null });
    expect(data.perClass).toEqual([
      { name: '8', section: 'A', students: 3 },
      { name: '9', section: 'B', students: 2 },
    ]);
    await addClassRoll(t, s.schoolId, s.eightA, 10, { firstRoll: 40 });
    expect(roundTrips(await t.request('/api/reports/overview', { token: s.token }))).toBe(first);
  });

  it('cuts its months at the school’s midnight, not at UTC’s', async () => {
    // 31 October 18:00 UTC is 23:30 that evening in Kolkata; 23:30 UTC is already 1 November, 05:00 there.
    t.clock.now = new Date('2026-10-31T18:00:00Z');
    try {
      const s = await schoolWithAdmin(t);
      await t.db.update(schools).set({ timeZone: 'Asia/Kolkata' }).where(eq(schools.id, s.schoolId));
      const eightA = await createClass(t, s.schoolId, { name: '8', section: 'A', academicYear: '2026-2027' });
      const [pupil] = await addClassRoll(t, s.schoolId, eightA, 1);
      const category = (await s.admin.post('/api/fees/categories', { name: 'Tuition' })).body.data._id;
      const structure = (
        await s.admin.post('/api/fees/structures', {
          classId: eightA,
          categoryId: category,
          amount: 100,
          dueDate: '2026-10-05',
          academicYear: '2026-2027',
        })
      ).body.data._id;
      // October's last evening in Kolkata: a report run.
      await get(s.admin, '/api/reports/fees/accounts');
      t.clock.now = new Date('2026-10-31T23:30:00Z');
      const admin = caller(t, await signIn(t, s.adminEmail));
      // The school's 1 November: a payment (its day the school's today) and a report run.
      const paid = await admin.post('/api/fees/collections', {
        studentId: pupil.studentId,
        structureId: structure,
        instalment: 1,
        amount: 40,
        method: 'cash',
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
      await get(admin, '/api/reports/fees/collection');
      const data = (await get(admin, '/api/reports/overview')).body.data;
      expect(data.month).toBe('2026-11');
      expect(data.fees).toEqual({ collected: 40, due: 0, payments: 1 });
      expect(data.reportsRun).toBe(1);
      const month = (m: string) => data.byMonth.find((row: { month: string }) => row.month === m);
      expect(month('2026-10')).toMatchObject({ due: 100, collected: 0 });
      expect(month('2026-11')).toMatchObject({ due: 0, collected: 40 });
    } finally {
      t.clock.now = NOW;
    }
  });
});
