/**
 * What each student owes is kept by triggers (migration 0010): the rows of `fee_dues` and the sums of
 * `fee_student_totals`. After any sequence of the writes that change what is owed (payments and their removal,
 * assignments, a fee's amount, due dates, optional flag or class, a fee added or deleted, a student's admission
 * date, class, status, enrolment or deletion) they equal what `owesSql` computes again from the rows.
 */
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { sizesFor } from '../../scripts/lib/large-school/plan';
import { buildLargeSchool } from '../../scripts/lib/large-school/school';
import { writeLargeSchool } from '../../scripts/lib/large-school/write';
import {
  feeAssignments,
  feeCategories,
  feeCollections,
  feeDues,
  feeStructures,
  feeStudentTotals,
  students,
  users,
} from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { inSchool, type TenantContext } from '../../worker/lib/tenancy';
import { feeFigures } from '../../worker/modules/fees/owed';
import { createTestApp, createTestSchool, json, signIn, type TestApp, THIS_YEAR } from '../support/app';
import { createClass, createStudent, hashOfPassword } from '../support/factories';
import { figuresOf, recomputedDues, totalsOf } from '../support/fee-reference';
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

const DATES = ['2025-04-10', '2025-05-10', '2025-06-10', '2025-07-10', '2025-08-10'];
const date = fc.constantFrom(...DATES, '2025-03-01', '2025-09-30');
const pick = fc.nat({ max: 99 });

type Op =
  | { kind: 'fee'; classIndex: number; amount: number; dates: string[] | null; optional: boolean }
  | { kind: 'feeAmount'; fee: number; amount: number }
  | { kind: 'feeDates'; fee: number; dates: string[] | null }
  | { kind: 'feeOptional'; fee: number; optional: boolean }
  | { kind: 'feeClass'; fee: number; classIndex: number }
  | { kind: 'feeDelete'; fee: number }
  | { kind: 'student'; classIndex: number; admission: string }
  | { kind: 'studentAdmission'; student: number; admission: string }
  | { kind: 'studentClass'; student: number; classIndex: number }
  | { kind: 'studentStatus'; student: number; status: 'active' | 'inactive' }
  | { kind: 'studentDelete'; student: number }
  | { kind: 'rename'; student: number; name: string }
  | { kind: 'assign'; student: number; fee: number }
  | { kind: 'unassign'; assignment: number }
  | { kind: 'pay'; student: number; fee: number; instalment: number; amount: number }
  | { kind: 'unpay'; payment: number }
  | { kind: 'payAmount'; payment: number; amount: number };

const dueDates = fc.option(
  fc.uniqueArray(fc.constantFrom(...DATES), { minLength: 1, maxLength: 4 }).map((d) => d.sort()),
  {
    nil: null,
  },
);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('fee' as const),
      classIndex: fc.nat({ max: 1 }),
      amount: fc.integer({ min: 100, max: 5000 }),
      dates: dueDates,
      optional: fc.boolean(),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('feeAmount' as const),
      fee: pick,
      amount: fc.integer({ min: 100, max: 5000 }),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('feeDates' as const), fee: pick, dates: dueDates }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('feeOptional' as const), fee: pick, optional: fc.boolean() }), weight: 4 },
  {
    arbitrary: fc.record({ kind: fc.constant('feeClass' as const), fee: pick, classIndex: fc.nat({ max: 1 }) }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('feeDelete' as const), fee: pick }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('student' as const), classIndex: fc.nat({ max: 1 }), admission: date }),
    weight: 4,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('studentAdmission' as const), student: pick, admission: date }),
    weight: 4,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('studentClass' as const), student: pick, classIndex: fc.nat({ max: 1 }) }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('studentStatus' as const),
      student: pick,
      status: fc.constantFrom('active' as const, 'inactive' as const),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('studentDelete' as const), student: pick }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('rename' as const),
      student: pick,
      name: fc.constantFrom('Asha', 'Ben', 'Zoë'),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('assign' as const), student: pick, fee: pick }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('unassign' as const), assignment: pick }), weight: 4 },
  {
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      student: pick,
      fee: pick,
      instalment: fc.integer({ min: 1, max: 4 }),
      amount: fc.integer({ min: 1, max: 3000 }),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      student: pick,
      fee: pick,
      instalment: fc.integer({ min: 1, max: 4 }),
      amount: fc.integer({ min: 1, max: 3000 }),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('unpay' as const), payment: pick }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('payAmount' as const),
      payment: pick,
      amount: fc.integer({ min: 1, max: 3000 }),
    }),
    weight: 4,
  },
);

/** Applies one write straight to the tables, as any path (the API, a restore, the seed) would. */
async function apply(o: Op, ids: { fees: string[]; students: string[]; payments: string[] }) {
  const at = <T>(list: T[], i: number) => (list.length ? list[i % list.length] : undefined);
  const fee = 'fee' in o ? at(ids.fees, o.fee) : undefined;
  const student = 'student' in o && typeof o.student === 'number' ? at(ids.students, o.student) : undefined;
  const payment = 'payment' in o ? at(ids.payments, o.payment) : undefined;
  switch (o.kind) {
    case 'fee': {
      const id = newId();
      await t.db.insert(feeStructures).values({
        id,
        schoolId,
        classId: classIds[o.classIndex],
        categoryId,
        amountMinor: o.amount,
        dueDate: o.dates?.[0] ?? DATES[1],
        dueDates: o.dates,
        optional: o.optional,
        frequency: o.dates && o.dates.length > 1 ? 'monthly' : 'one-time',
        academicYear: THIS_YEAR,
      });
      ids.fees.push(id);
      return;
    }
    case 'feeAmount':
      if (fee) await t.db.update(feeStructures).set({ amountMinor: o.amount }).where(eq(feeStructures.id, fee));
      return;
    case 'feeDates':
      if (fee)
        await t.db
          .update(feeStructures)
          .set({ dueDates: o.dates, dueDate: o.dates?.[0] ?? DATES[2] })
          .where(eq(feeStructures.id, fee));
      return;
    case 'feeOptional':
      if (fee) await t.db.update(feeStructures).set({ optional: o.optional }).where(eq(feeStructures.id, fee));
      return;
    case 'feeClass':
      if (fee)
        await t.db.update(feeStructures).set({ classId: classIds[o.classIndex] }).where(eq(feeStructures.id, fee));
      return;
    case 'feeDelete':
      if (fee) {
        await t.db.delete(feeStructures).where(eq(feeStructures.id, fee));
        ids.fees.splice(ids.fees.indexOf(fee), 1);
      }
      return;
    case 'student': {
      const { studentId } = await createStudent(t, schoolId, {
        classId: classIds[o.classIndex],
        admissionDate: o.admission,
      });
      ids.students.push(studentId);
      return;
    }
    case 'studentAdmission':
      if (student) await t.db.update(students).set({ admissionDate: o.admission }).where(eq(students.id, student));
      return;
    case 'studentClass':
      if (student) await t.db.update(students).set({ classId: classIds[o.classIndex] }).where(eq(students.id, student));
      return;
    case 'studentStatus':
      if (student) await t.db.update(students).set({ status: o.status }).where(eq(students.id, student));
      return;
    case 'studentDelete':
      if (student) {
        await t.db.delete(students).where(eq(students.id, student));
        ids.students.splice(ids.students.indexOf(student), 1);
      }
      return;
    case 'rename':
      if (student)
        await t.db
          .update(users)
          .set({ name: o.name })
          .where(eq(users.id, sql`(select ${students.userId} from ${students} where ${students.id} = ${student})`));
      return;
    case 'assign':
      if (student && fee)
        await t.db
          .insert(feeAssignments)
          .values({ schoolId, structureId: fee, studentId: student })
          .onConflictDoNothing();
      return;
    case 'unassign': {
      // One of the school's assignments as they now are (fees and students deleted take theirs along).
      const all = await t.db.select().from(feeAssignments).where(eq(feeAssignments.schoolId, schoolId));
      const one = at(all, o.assignment);
      if (one)
        await t.db
          .delete(feeAssignments)
          .where(and(eq(feeAssignments.structureId, one.structureId), eq(feeAssignments.studentId, one.studentId)));
      return;
    }
    case 'pay':
      if (student && fee) {
        const id = newId();
        await t.db.insert(feeCollections).values({
          id,
          schoolId,
          studentId: student,
          structureId: fee,
          instalment: o.instalment,
          amountMinor: o.amount,
          method: 'cash',
          paidOn: '2025-06-01',
        });
        ids.payments.push(id);
      }
      return;
    case 'unpay':
      if (payment) {
        await t.db.delete(feeCollections).where(eq(feeCollections.id, payment));
        ids.payments.splice(ids.payments.indexOf(payment), 1);
      }
      return;
    case 'payAmount':
      if (payment)
        await t.db.update(feeCollections).set({ amountMinor: o.amount }).where(eq(feeCollections.id, payment));
      return;
  }
}

const byKey = <T extends { studentId: string; structureId: string; instalment: number }>(rows: T[]) =>
  [...rows].sort((a, b) =>
    `${a.studentId} ${a.structureId} ${a.instalment}`.localeCompare(`${b.studentId} ${b.structureId} ${b.instalment}`),
  );

/** The kept rows and sums against those `owesSql` gives from the rows as they now are. */
async function expectKeptExact() {
  const reference = await recomputedDues(t.db, schoolId);
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
    fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 30 }), async (ops) => {
      // Each run starts from a school without fees or students.
      await t.db.delete(students).where(eq(students.schoolId, schoolId));
      await t.db.delete(feeStructures).where(eq(feeStructures.schoolId, schoolId));
      const ids = { fees: [] as string[], students: [] as string[], payments: [] as string[] };
      const seed: Op[] = [
        { kind: 'fee', classIndex: 0, amount: 1000, dates: [DATES[0], DATES[2]], optional: false },
        { kind: 'fee', classIndex: 0, amount: 400, dates: null, optional: true },
        { kind: 'student', classIndex: 0, admission: '2025-03-01' },
        { kind: 'fee', classIndex: 1, amount: 700, dates: [DATES[1], DATES[3], DATES[4]], optional: false },
        { kind: 'student', classIndex: 1, admission: '2025-05-15' },
        { kind: 'student', classIndex: 0, admission: '2025-07-01' },
        { kind: 'student', classIndex: 1, admission: '2025-03-01' },
      ];
      for (const o of [...seed, ...ops]) await apply(o, ids);
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
