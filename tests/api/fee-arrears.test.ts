import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeHasher } from '../../scripts/lib/node-hasher';
import { seedDemo } from '../../scripts/lib/seed-demo';
import { createTestApp, json, signIn, type TestApp } from '../support/app';

/** Wednesday 25 November 2026, in Pune: the demo school's year is 2026-2027. */
const NOW = new Date('2026-11-25T06:00:00Z');
const NEXT = { name: '2027-2028', startsOn: '2027-04-01', endsOn: '2028-03-31' };

let t: TestApp;
let token: string;
let schoolId: string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
  ({ schoolId } = await seedDemo(t.db, { passwordHash: await nodeHasher.hash('demo1234'), now: NOW }));
  token = await signIn(t, 'admin@demo.school', 'demo1234');
}, 30_000);

interface Due {
  structureId: string;
  instalment: number;
  amountMinor: number;
  paidMinor: number;
}
const key = (d: Due) => `${d.structureId}#${d.instalment}`;
const dues = (studentId: string) =>
  t.db.all<Due & { classId: string }>(sql`select structure_id as structureId, instalment, amount_minor as amountMinor,
    paid_minor as paidMinor, class_id as classId from fee_dues where student_id = ${studentId} order by structure_id, instalment`);

describe('a past year’s unpaid fees after the rollover', () => {
  let studentId: string;
  let unpaid: Due[];
  let paidBefore: Due | undefined;

  it('a student moved on still owes exactly what they left unpaid, and pays it as arrears', async () => {
    // A pupil of a class with a next grade, who owes part of this year and has paid some of it.
    const [pupil] = await t.db.all<{ id: string }>(sql`select s.id from students s join classes c on c.id = s.class_id
      where s.school_id = ${schoolId} and s.status = 'active' and cast(c.name as integer) < 10
        and exists (select 1 from fee_dues d where d.student_id = s.id and d.amount_minor > d.paid_minor)
        and exists (select 1 from fee_dues d where d.student_id = s.id and d.paid_minor >= d.amount_minor)
      order by s.id limit 1`);
    studentId = pupil.id;
    const before = await dues(studentId);
    unpaid = before
      .filter((d) => d.amountMinor > d.paidMinor)
      .map(({ structureId, instalment, amountMinor, paidMinor }) => ({
        structureId,
        instalment,
        amountMinor,
        paidMinor,
      }));
    paidBefore = before.find((d) => d.paidMinor >= d.amountMinor);
    expect(unpaid.length).toBeGreaterThan(0);

    const res = await t.request('/api/years/rollover', { method: 'POST', token, json: NEXT });
    expect(res.status).toBe(200);
    const after = await dues(studentId);
    const lastYear = new Set(before.map(key));
    // Of last year's fees: exactly the unpaid instalments, each with what was paid towards it.
    expect(
      after
        .filter((d) => lastYear.has(key(d)))
        .map(({ structureId, instalment, amountMinor, paidMinor }) => ({
          structureId,
          instalment,
          amountMinor,
          paidMinor,
        })),
    ).toEqual(unpaid);
    // Counted in the class of now, beside next year's fees of that class.
    const [{ classId }] = await t.db.all<{ classId: string }>(
      sql`select class_id as classId from students where id = ${studentId}`,
    );
    expect(new Set(after.map((d) => d.classId))).toEqual(new Set([classId]));
    expect(after.length).toBeGreaterThan(unpaid.length);

    // The dues list marks them with their year.
    const list = {
      dues: (await json<any>(await t.request(`/api/fees/due?studentId=${studentId}&limit=100`, { token }))).data,
    };
    const arrears = list.dues.filter((d: any) => d.arrears);
    expect(arrears.map((d: any) => `${d.structureId}#${d.instalment}`).sort()).toEqual(unpaid.map(key).sort());
    expect(arrears.every((d: any) => d.label.endsWith('· 2026-2027 arrears') && d.academicYear === '2026-2027')).toBe(
      true,
    );
    // The student's fee page lists them, and only them, of last year.
    const page = (await json<any>(await t.request(`/api/fees/students/${studentId}`, { token }))).data;
    const pastFees = page.fees.filter((f: any) => f.arrears);
    expect(
      pastFees.flatMap((f: any) => f.instalments.map((i: any) => `${f.structureId}#${i.instalment}`)).sort(),
    ).toEqual(unpaid.map(key).sort());

    // Paid in the new year: the receipt names the year the payment settles.
    t.clock.now = new Date('2027-05-10T06:00:00Z');
    token = await signIn(t, 'admin@demo.school', 'demo1234');
    const first = unpaid[0];
    const paid = await t.request('/api/fees/receipts', {
      method: 'POST',
      token,
      json: {
        studentId,
        method: 'cash',
        items: [
          {
            structureId: first.structureId,
            instalment: first.instalment,
            amount: (first.amountMinor - first.paidMinor) / 100,
          },
        ],
      },
    });
    expect(paid.status).toBe(201);
    const receipt = (await json<any>(paid)).data;
    expect(receipt.academicYear).toBe('2027-2028');
    expect(receipt.items[0]).toMatchObject({ arrears: true, academicYear: '2026-2027' });
    expect(receipt.items[0].label).toContain('2026-2027 arrears');
    const settled = (await dues(studentId)).find((d) => key(d) === key(first));
    expect(settled).toMatchObject({ paidMinor: first.amountMinor });
  });

  it('refuses a payment towards last year’s instalments that were not left unpaid', async () => {
    if (!paidBefore) return;
    const res = await t.request('/api/fees/receipts', {
      method: 'POST',
      token,
      json: {
        studentId,
        method: 'cash',
        items: [{ structureId: paidBefore.structureId, instalment: paidBefore.instalment, amount: 1 }],
      },
    });
    expect(res.status).toBe(400);
    expect((await json<any>(res)).code).toBe('FEE_NOT_OWED');
  });

  it('counts the arrears in the school’s figures', async () => {
    const [kept] = await t.db.all<{ outstanding: number }>(
      sql`select sum(outstanding_minor) as outstanding from fee_student_totals where school_id = ${schoolId}`,
    );
    const [rows] = await t.db.all<{ outstanding: number }>(
      sql`select sum(max(amount_minor - paid_minor, 0)) as outstanding from fee_dues where school_id = ${schoolId}`,
    );
    expect(kept.outstanding).toBe(rows.outstanding);
    const [arrears] = await t.db.all<{ n: number }>(
      sql`select count(*) as n from fee_arrears where school_id = ${schoolId} and academic_year = '2026-2027'`,
    );
    expect(arrears.n).toBeGreaterThan(0);
  });
});
