/**
 * Random writes that change what students owe, applied straight to the tables as any path (the API, a restore,
 * the seed) would: the property test of the kept fee rows and sums runs sequences of them.
 */
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { feeArrears, feeAssignments, feeCollections, feeStructures, students, users } from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { type TestApp, THIS_YEAR } from './app';
import { createStudent } from './factories';

/** The school the writes go to: two classes and one fee category. */
export interface FeeWorld {
  t: TestApp;
  schoolId: string;
  classIds: string[];
  categoryId: string;
}

/** What the writes made so far, for later writes to pick from. */
export interface FeeIds {
  fees: string[];
  students: string[];
  payments: string[];
}

export const DATES = ['2025-04-10', '2025-05-10', '2025-06-10', '2025-07-10', '2025-08-10'];
const date = fc.constantFrom(...DATES, '2025-03-01', '2025-09-30');
const pick = fc.nat({ max: 99 });

export type FeeWrite =
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
  | { kind: 'arrears'; student: number; fee: number; instalment: number }
  | { kind: 'clearArrears'; arrears: number }
  | { kind: 'payAmount'; payment: number; amount: number };

const dueDates = fc.option(
  fc.uniqueArray(fc.constantFrom(...DATES), { minLength: 1, maxLength: 4 }).map((d) => d.sort()),
  {
    nil: null,
  },
);
export const feeWrite: fc.Arbitrary<FeeWrite> = fc.oneof(
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
      kind: fc.constant('arrears' as const),
      student: pick,
      fee: pick,
      instalment: fc.integer({ min: 1, max: 4 }),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('clearArrears' as const), arrears: pick }), weight: 2 },
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
export async function applyFeeWrite(w: FeeWorld, o: FeeWrite, ids: FeeIds) {
  const at = <T>(list: T[], i: number) => (list.length ? list[i % list.length] : undefined);
  const fee = 'fee' in o ? at(ids.fees, o.fee) : undefined;
  const student = 'student' in o && typeof o.student === 'number' ? at(ids.students, o.student) : undefined;
  const payment = 'payment' in o ? at(ids.payments, o.payment) : undefined;
  switch (o.kind) {
    case 'fee': {
      const id = newId();
      await w.t.db.insert(feeStructures).values({
        id,
        schoolId: w.schoolId,
        classId: w.classIds[o.classIndex],
        categoryId: w.categoryId,
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
      if (fee) await w.t.db.update(feeStructures).set({ amountMinor: o.amount }).where(eq(feeStructures.id, fee));
      return;
    case 'feeDates':
      if (fee)
        await w.t.db
          .update(feeStructures)
          .set({ dueDates: o.dates, dueDate: o.dates?.[0] ?? DATES[2] })
          .where(eq(feeStructures.id, fee));
      return;
    case 'feeOptional':
      if (fee) await w.t.db.update(feeStructures).set({ optional: o.optional }).where(eq(feeStructures.id, fee));
      return;
    case 'feeClass':
      if (fee)
        await w.t.db.update(feeStructures).set({ classId: w.classIds[o.classIndex] }).where(eq(feeStructures.id, fee));
      return;
    case 'feeDelete':
      if (fee) {
        await w.t.db.delete(feeStructures).where(eq(feeStructures.id, fee));
        ids.fees.splice(ids.fees.indexOf(fee), 1);
      }
      return;
    case 'student': {
      const { studentId } = await createStudent(w.t, w.schoolId, {
        classId: w.classIds[o.classIndex],
        admissionDate: o.admission,
      });
      ids.students.push(studentId);
      return;
    }
    case 'studentAdmission':
      if (student) await w.t.db.update(students).set({ admissionDate: o.admission }).where(eq(students.id, student));
      return;
    case 'studentClass':
      if (student)
        await w.t.db.update(students).set({ classId: w.classIds[o.classIndex] }).where(eq(students.id, student));
      return;
    case 'studentStatus':
      if (student) await w.t.db.update(students).set({ status: o.status }).where(eq(students.id, student));
      return;
    case 'studentDelete':
      if (student) {
        await w.t.db.delete(students).where(eq(students.id, student));
        ids.students.splice(ids.students.indexOf(student), 1);
      }
      return;
    case 'rename':
      if (student)
        await w.t.db
          .update(users)
          .set({ name: o.name })
          .where(eq(users.id, sql`(select ${students.userId} from ${students} where ${students.id} = ${student})`));
      return;
    case 'assign':
      if (student && fee)
        await w.t.db
          .insert(feeAssignments)
          .values({ schoolId: w.schoolId, structureId: fee, studentId: student })
          .onConflictDoNothing();
      return;
    case 'unassign': {
      // One of the school's assignments as they now are (fees and students deleted take theirs along).
      const all = await w.t.db.select().from(feeAssignments).where(eq(feeAssignments.schoolId, w.schoolId));
      const one = at(all, o.assignment);
      if (one)
        await w.t.db
          .delete(feeAssignments)
          .where(and(eq(feeAssignments.structureId, one.structureId), eq(feeAssignments.studentId, one.studentId)));
      return;
    }
    case 'pay':
      if (student && fee) {
        const id = newId();
        await w.t.db.insert(feeCollections).values({
          id,
          schoolId: w.schoolId,
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
    case 'arrears':
      // A past year's instalment carried over, as a rollover writes it (the student may still be in its class).
      if (student && fee)
        await w.t.db
          .insert(feeArrears)
          .values({
            schoolId: w.schoolId,
            studentId: student,
            structureId: fee,
            instalment: o.instalment,
            academicYear: '2024-2025',
          })
          .onConflictDoNothing();
      return;
    case 'clearArrears': {
      const all = await w.t.db.select().from(feeArrears).where(eq(feeArrears.schoolId, w.schoolId));
      const one = at(all, o.arrears);
      if (one)
        await w.t.db
          .delete(feeArrears)
          .where(
            and(
              eq(feeArrears.studentId, one.studentId),
              eq(feeArrears.structureId, one.structureId),
              eq(feeArrears.instalment, one.instalment),
            ),
          );
      return;
    }
    case 'unpay':
      if (payment) {
        await w.t.db.delete(feeCollections).where(eq(feeCollections.id, payment));
        ids.payments.splice(ids.payments.indexOf(payment), 1);
      }
      return;
    case 'payAmount':
      if (payment)
        await w.t.db.update(feeCollections).set({ amountMinor: o.amount }).where(eq(feeCollections.id, payment));
      return;
  }
}
