/**
 * What each student owes is kept by triggers (migration 0010): the rows of `fee_dues` and the sums of
 * `fee_student_totals`. After any sequence of the writes that change what is owed (payments and their removal,
 * assignments, a fee's amount, due dates, optional flag or class, a fee added or deleted, a student's admission
 * date, class, status, enrolment or deletion) they equal what `owesSql` computes again from the rows.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { sizesFor } from '../../scripts/lib/large-school/plan';
import { buildLargeSchool } from '../../scripts/lib/large-school/school';
import { writeLargeSchool } from '../../scripts/lib/large-school/write';
import {
  feeCategories,
  feeCollections,
  feeDues,
  feeStructures,
  feeStudentTotals,
  students,
} from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { inSchool, type TenantContext } from '../../worker/lib/tenancy';
import { feeFigures } from '../../worker/modules/fees/owed';
import { createTestApp, createTestSchool, json, signIn, type TestApp } from '../support/app';
import { createClass, hashOfPassword } from '../support/factories';
import { figuresOf, recomputedArrears, recomputedDues, totalsOf } from '../support/fee-reference';
import { applyFeeWrite, DATES, type FeeWrite, feeWrite } from '../support/fee-writes';
import { clientOf } from '../support/query-plans';

let t: TestApp;
let schoolId: string;
let adminEmail: string;
let classIds: string[];
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ schoolId, adminEmail } = await createTestSchool(t));
  classIds = [await createClass(t, schoolId), await createClass(t, schoolId, { section: 'B' })];
  categoryId = newId();
  await t.db.insert(feeCategories).values({ id: categoryId, schoolId, name: 'Tuition' });
});

const world = () => ({ t, schoolId, classIds, categoryId });

const byKey = <T extends { studentId: string; structureId: string; instalment: number }>(rows: T[]) =>
  [...rows].sort((a, b) =>
    `${a.studentId} ${a.structureId} ${a.instalment}`.localeCompare(`${b.studentId} ${b.structureId} ${b.instalment}`),
  );

/** The kept rows and sums against those `owesSql` gives from the rows as they now are. */
async function expectKeptExact() {
  const reference = [...(await recomputedDues(t.db, schoolId)), ...(await recomputedArrears(t.db, schoolId))];
  const kept = await t.db
    .select({
      studentId: feeDues.studentId,
      structureId: feeDues.structureId,
      instalment: feeDues.instalment,
      classId: feeDues.classId,
      dueDate: feeDues.dueDate,
      studentName: feeDues.studentName,
      amountMinor: feeDues.amountMinor,
      paidMinor: feeDues.paidMinor,
    })
    .from(feeDues)
    .where(eq(feeDues.schoolId, schoolId));
  expect(byKey(kept)).toEqual(byKey(reference));
  const totals = await t.db.select().from(feeStudentTotals).where(eq(feeStudentTotals.schoolId, schoolId));
  const expected = totalsOf(reference);
  expect(
    Object.fromEntries(
      totals.map((r) => [
        r.studentId,
        {
          classId: r.classId,
          instalments: r.instalments,
          billed: r.billedMinor,
          paid: r.paidMinor,
          outstanding: r.outstandingMinor,
          unpaid: r.unpaid,
        },
      ]),
    ),
  ).toEqual(Object.fromEntries(expected));
  return reference;
}

it('keeps every owed instalment and each student’s sums exact through any sequence of writes', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(feeWrite, { minLength: 5, maxLength: 30 }), async (ops) => {
      // Each run starts from a school without fees or students.
      await t.db.delete(students).where(eq(students.schoolId, schoolId));
      await t.db.delete(feeStructures).where(eq(feeStructures.schoolId, schoolId));
      const ids = { fees: [] as string[], students: [] as string[], payments: [] as string[] };
      const seed: FeeWrite[] = [
        { kind: 'fee', classIndex: 0, amount: 1000, dates: [DATES[0], DATES[2]], optional: false },
        { kind: 'fee', classIndex: 0, amount: 400, dates: null, optional: true },
        { kind: 'student', classIndex: 0, admission: '2025-03-01' },
        { kind: 'fee', classIndex: 1, amount: 700, dates: [DATES[1], DATES[3], DATES[4]], optional: false },
        { kind: 'student', classIndex: 1, admission: '2025-05-15' },
        { kind: 'student', classIndex: 0, admission: '2025-07-01' },
        { kind: 'student', classIndex: 1, admission: '2025-03-01' },
      ];
      for (const o of [...seed, ...ops]) await applyFeeWrite(world(), o, ids);
      await expectKeptExact();
    }),
    { numRuns: process.env.CI ? 30 : 60, seed: process.env.CI ? 1910 : undefined },
  );
}, 240_000);

it('answers the dashboard, the dues list and its filters with the figures recomputed from the rows', async () => {
  const reference = await expectKeptExact();
  const token = await signIn(t, adminEmail);
  const get = async (path: string) => json<Record<string, Record<string, unknown>>>(await t.request(path, { token }));
  const figures = (f: Record<string, unknown>) => ({
    billedMinor: f.billedMinor,
    collectedMinor: f.collectedMinor,
    outstandingMinor: f.outstandingMinor,
    unpaidFees: f.unpaidFees,
    studentsOwing: f.studentsOwing,
    studentsBilled: f.studentsBilled,
  });
  const dashboard = (await get('/api/dashboard/summary')).data as { cards: { fees: Record<string, unknown> } };
  expect(figures(dashboard.cards.fees)).toEqual(figuresOf(reference));
  const dues = await get('/api/fees/due?limit=100');
  expect(figures(dues.summary)).toEqual(figuresOf(reference));
  for (const classId of classIds) {
    const ofClass = reference.filter((r) => r.classId === classId);
    expect(figures((await get(`/api/fees/due?classId=${classId}`)).summary)).toEqual(figuresOf(ofClass));
  }
  // A category narrows the owed rows themselves; every fee here is of the one category.
  expect(figures((await get(`/api/fees/due?categoryId=${categoryId}`)).summary)).toEqual(figuresOf(reference));
});

it('the large school is written with its kept rows and sums filled in two statements, equal to the recomputed ones', async () => {
  const large = await createTestApp();
  const school = buildLargeSchool({ sizes: sizesFor(0.02), passwordHash: await hashOfPassword(), today: '2026-11-26' });
  await writeLargeSchool(clientOf(large.db), school, { days: [] });
  const reference = await recomputedDues(large.db, school.schoolId);
  expect(reference.length).toBeGreaterThan(50);
  const kept = await large.db.select().from(feeDues).where(eq(feeDues.schoolId, school.schoolId));
  expect(kept).toHaveLength(reference.length);
  const [figures] = await feeFigures(
    {
      db: large.db,
      schoolId: school.schoolId,
      scoped: (table, ...more) => inSchool(school.schoolId, table, ...more),
    } as TenantContext,
    '2026-11-26',
  );
  const mine = figuresOf(reference);
  expect([figures.billed, figures.collected, figures.outstanding, figures.unpaidFees, figures.studentsOwing]).toEqual([
    mine.billedMinor,
    mine.collectedMinor,
    mine.outstandingMinor,
    mine.unpaidFees,
    mine.studentsOwing,
  ]);
  // The triggers are back: a payment moves the sums.
  const [due] = kept.filter((r) => r.amountMinor > r.paidMinor);
  await large.db.insert(feeCollections).values({
    id: newId(),
    schoolId: school.schoolId,
    studentId: due.studentId,
    structureId: due.structureId,
    instalment: due.instalment,
    amountMinor: 1,
    method: 'cash',
    paidOn: '2026-11-26',
  });
  expect(figuresOf(await recomputedDues(large.db, school.schoolId)).collectedMinor).toBe(mine.collectedMinor + 1);
  const [after] = await feeFigures(
    {
      db: large.db,
      schoolId: school.schoolId,
      scoped: (table, ...more) => inSchool(school.schoolId, table, ...more),
    } as TenantContext,
    '2026-11-26',
  );
  expect(after.collected).toBe(mine.collectedMinor + 1);
}, 60_000);
