import { eq, sql, sum } from 'drizzle-orm';
import { inJson, jsonInserts } from '../../db/bulk';
import { refusalOf } from '../../db/guard';
import {
  feeArrears,
  feeAssignments,
  feeCollections,
  feeReceipts,
  feeStructures,
  parents,
  studentParents,
  students,
  users,
} from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { activity } from '../../lib/activity';
import { AppError, isConstraintViolation, notFound } from '../../lib/errors';
import { instalmentMonth } from '../../lib/instalments';
import { formatMinor } from '../../lib/money';
import type { TenantContext } from '../../lib/tenancy';
import { balanceGuard, balanceRefusal, feeClassGuard, owedGuard } from './balance';
import { getReceipt } from './receipts';
import type { PaymentInput } from './schemas';

const NOT_THE_CLASS = "This fee does not apply to this student's class";
const NOT_OWED = 'This student does not owe this fee';
const notTheClass = () => new AppError(400, NOT_THE_CLASS, { code: 'FEE_NOT_IN_CLASS' });
const notOwed = (message: string) => new AppError(400, message, { code: 'FEE_NOT_OWED' });

/** The payer a receipt names when the office gives none: a parent, father first, as school receipts do. */
const firstParent = (studentId: string) => sql`(select pu.name from ${studentParents} sp
  join ${parents} p on p.id = sp.parent_id join ${users} pu on pu.id = p.user_id
  where sp.student_id = ${studentId}
  order by case sp.relation when 'father' then 0 when 'mother' then 1 else 2 end limit 1)`;

/**
 * Records a payment of one student against one or more instalments of fees, under one numbered receipt. Every
 * fee must be one the student owes (their class, assigned when optional, due since admission unless charged)
 * and none may be overpaid. Reads in one round trip, writes in one batch whose guards hold those rules under
 * races; the receipt number is taken inside the insert itself, so two payments never share one.
 */
export async function recordPayment(ctx: TenantContext, input: PaymentInput) {
  const { db } = ctx;
  const structureIds = input.items.map((i) => i.structureId);
  const { student, currency, overpaid } = await checkPayment(ctx, input);

  const receiptId = newId();
  const total = input.items.reduce((s, i) => s + i.amount, 0);
  const paidOn = input.paidOn ?? (await ctx.today());
  const nowIso = ctx.now().toISOString();
  const payer = sql`coalesce(${input.payer || null}, ${firstParent(input.studentId)})`;
  const collections = input.items.map((item) => ({
    schoolId: ctx.schoolId,
    studentId: input.studentId,
    structureId: item.structureId,
    instalment: item.instalment,
    receiptId,
    amountMinor: item.amount,
    method: input.method,
    paidOn,
    reference: input.reference ?? null,
    remarks: input.remarks ?? null,
    collectedBy: ctx.session.userId,
  }));
  try {
    await db.batch([
      db
        .insert(feeReceipts)
        .select(
          sql`select ${receiptId}, ${ctx.schoolId}, coalesce(max(${feeReceipts.number}), 0) + 1, ${input.studentId}, ${total}, ${paidOn}, ${ctx.session.userId}, ${payer}, ${nowIso}, ${nowIso} from ${feeReceipts} where ${feeReceipts.schoolId} = ${ctx.schoolId}`,
        ),
      ...jsonInserts(db, feeCollections, collections),
      activity(
        ctx,
        'create',
        'fee_receipt',
        receiptId,
        `Recorded a payment of ${currency} ${formatMinor(total)} from ${student.name}`,
      ),
      balanceGuard(ctx, structureIds, input.studentId),
      feeClassGuard(ctx, structureIds, input.studentId),
      owedGuard(ctx, input.items, input.studentId),
    ] as unknown as [ReturnType<typeof activity>]);
  } catch (error) {
    // Another write changed the rules between the read and this one: the answer the read would give now.
    if (refusalOf(error, 'fee-class')) throw notTheClass();
    if (refusalOf(error, 'fee-owed')) {
      await checkPayment(ctx, input);
      throw notOwed(NOT_OWED);
    }
    const refused = balanceRefusal(error);
    if (!refused) {
      // The fee or the student was deleted meanwhile: the read names which.
      if (isConstraintViolation(error)) await checkPayment(ctx, input);
      throw error;
    }
    const item = input.items.find((i) => i.structureId === refused.structureId && i.instalment === refused.instalment);
    throw overpaid(refused.amount - (refused.paid - (item?.amount ?? 0)));
  }
  return getReceipt(ctx, receiptId);
}

/**
 * The read side of a payment: the student and fees exist, each instalment is one the student owes, and no
 * balance is passed. The same rules as `owesSql`, worded for the office.
 */
async function checkPayment(ctx: TenantContext, input: PaymentInput) {
  const { db } = ctx;
  const structureIds = input.items.map((i) => i.structureId);
  const [[student], structures, assigned, paid, arrears] = await db.batch([
    db
      .select({ id: students.id, classId: students.classId, admissionDate: students.admissionDate, name: users.name })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(ctx.scoped(students, eq(students.id, input.studentId))),
    db
      .select()
      .from(feeStructures)
      .where(ctx.scopedIds(feeStructures, feeStructures.id, structureIds)),
    db
      .select({ structureId: feeAssignments.structureId })
      .from(feeAssignments)
      .where(
        ctx.scoped(
          feeAssignments,
          eq(feeAssignments.studentId, input.studentId),
          inJson(feeAssignments.structureId, structureIds),
        ),
      ),
    db
      .select({
        structureId: feeCollections.structureId,
        instalment: feeCollections.instalment,
        paid: sum(feeCollections.amountMinor).mapWith(Number),
      })
      .from(feeCollections)
      .where(
        ctx.scoped(
          feeCollections,
          eq(feeCollections.studentId, input.studentId),
          inJson(feeCollections.structureId, structureIds),
        ),
      )
      .groupBy(feeCollections.structureId, feeCollections.instalment),
    db
      .select({ structureId: feeArrears.structureId, instalment: feeArrears.instalment })
      .from(feeArrears)
      .where(
        ctx.scoped(feeArrears, eq(feeArrears.studentId, input.studentId), inJson(feeArrears.structureId, structureIds)),
      ),
  ]);
  if (!student) throw notFound('Student');
  const byId = new Map(structures.map((s) => [s.id, s]));
  const isAssigned = new Set(assigned.map((a) => a.structureId));
  const paidOf = new Map(paid.map((p) => [`${p.structureId}#${p.instalment}`, p.paid]));
  const inArrears = new Set(arrears.map((a) => `${a.structureId}#${a.instalment}`));
  const arrearsFees = new Set(arrears.map((a) => a.structureId));
  const { currency, academicYear } = await ctx.school();
  const overpaid = (balance: number) =>
    balance <= 0
      ? new AppError(400, 'This fee is already fully paid', { code: 'FEE_OVERPAID' })
      : new AppError(400, `Amount exceeds the balance due (${currency} ${formatMinor(balance)})`, {
          code: 'FEE_OVERPAID',
        });
  for (const item of input.items) {
    const structure = byId.get(item.structureId);
    if (!structure) throw notFound('Fee structure');
    const arrearsItem = structure.classId !== student.classId && inArrears.has(`${structure.id}#${item.instalment}`);
    if (structure.classId !== student.classId && !arrearsItem) {
      // A past year's fee is owed only in the instalments the rollover carried over unpaid: none, once all were paid.
      if (arrearsFees.has(structure.id) || structure.academicYear !== academicYear)
        throw notOwed(`${NOT_OWED}: of a past year, only the instalments left unpaid stay owed`);
      throw notTheClass();
    }
    const dueDate = (structure.dueDates ?? [structure.dueDate])[item.instalment - 1];
    if (!dueDate) throw notOwed(`This fee has no instalment ${item.instalment}`);
    if (arrearsItem) {
      const balance = structure.amountMinor - (paidOf.get(`${structure.id}#${item.instalment}`) ?? 0);
      if (balance <= 0 || item.amount > balance) throw overpaid(balance);
      continue;
    }
    const assignedTo = isAssigned.has(structure.id);
    if (structure.optional && !assignedTo) {
      throw notOwed(`${NOT_OWED}: it is optional and not assigned to them`);
    }
    // An optional fee runs from admission; a class fee before it only when the office charged the student.
    if (dueDate < student.admissionDate && (structure.optional || !assignedTo)) {
      const charged = structure.optional ? '' : ' and was not charged to them';
      throw notOwed(
        `${NOT_OWED}: its ${instalmentMonth(dueDate, ctx.language)} instalment fell due before their admission${charged}`,
      );
    }
    const balance = structure.amountMinor - (paidOf.get(`${structure.id}#${item.instalment}`) ?? 0);
    if (balance <= 0 || item.amount > balance) throw overpaid(balance);
  }
  return { student, currency, overpaid };
}
