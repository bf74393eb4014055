import { asc, count, desc, eq, gte, lt, lte, type SQL, sql, sum } from 'drizzle-orm';
import { as, inJson, jsonInserts } from '../../db/bulk';
import { refusalOf } from '../../db/guard';
import {
  classes,
  feeCategories,
  feeCollections,
  feeReceipts,
  feeStructures,
  parents,
  schools,
  studentParents,
  students,
  users,
} from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { academicYearOf } from '../../lib/academic-year';
import { activity, countedActivity } from '../../lib/activity';
import { AppError, isConstraintViolation, notFound } from '../../lib/errors';
import { formatMinor, toMajor } from '../../lib/money';
import { offsetOf } from '../../lib/paging';
import type { TenantContext } from '../../lib/tenancy';
import { addDays } from '../../lib/time';
import { balanceGuard, balanceRefusal, feeClassGuard } from './balance';
import { type CollectionQuery, money, type PaymentInput, type ReceiptQuery, receiptNumber } from './schemas';

/**
 * Records a payment of one student against one or more fees, under one numbered receipt. Every fee must
 * apply to the student's class and no fee may be overpaid. Reads in one round trip, writes in one batch;
 * the receipt number is taken inside the insert itself, so two payments never share one.
 */
const NOT_THE_CLASS = "This fee does not apply to this student's class";

export async function recordPayment(ctx: TenantContext, input: PaymentInput) {
  const { db } = ctx;
  const structureIds = input.items.map((i) => i.structureId);
  const { student, currency, overpaid } = await checkPayment(ctx, input);

  const receiptId = newId();
  const total = input.items.reduce((s, i) => s + i.amount, 0);
  const paidOn = input.paidOn ?? (await ctx.today());
  const nowIso = ctx.now().toISOString();
  const collections = input.items.map((item) => ({
    schoolId: ctx.schoolId,
    studentId: input.studentId,
    structureId: item.structureId,
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
          sql`select ${receiptId}, ${ctx.schoolId}, coalesce(max(${feeReceipts.number}), 0) + 1, ${input.studentId}, ${total}, ${paidOn}, ${ctx.session.userId}, ${nowIso}, ${nowIso} from ${feeReceipts} where ${feeReceipts.schoolId} = ${ctx.schoolId}`,
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
    ] as unknown as [ReturnType<typeof activity>]);
  } catch (error) {
    // Another payment took the balance between the read and this write: the answer the read would give now.
    if (refusalOf(error, 'fee-class')) throw new AppError(400, NOT_THE_CLASS);
    const refused = balanceRefusal(error);
    if (!refused) {
      // The fee or the student was deleted meanwhile: the read names which.
      if (isConstraintViolation(error)) await checkPayment(ctx, input);
      throw error;
    }
    const item = input.items.find((i) => i.structureId === refused.structureId);
    throw overpaid(refused.amount - (refused.paid - (item?.amount ?? 0)));
  }
  return getReceipt(ctx, receiptId);
}

const receiptFields = {
  receipt: feeReceipts,
  studentName: as<string>(users.name, 'student_name'),
  admissionNumber: students.admissionNumber,
  classId: as<string | null>(classes.id, 'class_ref_id'),
  className: as<string | null>(classes.name, 'class_name'),
  classSection: as<string | null>(classes.section, 'class_section'),
  // No payer is stored with a payment: the receipt names the student's parents, as school receipts do.
  parentsJson: sql<string | null>`(select json_group_array(json_object('name', pu.name, 'relation', sp.relation))
    from ${studentParents} sp join ${parents} p on p.id = sp.parent_id join ${users} pu on pu.id = p.user_id
    where sp.school_id = ${feeReceipts.schoolId} and sp.student_id = ${feeReceipts.studentId})`.as('parents_json'),
  yearStartMonth: as<number>(schools.yearStartMonth, 'year_start_month'),
};

const RELATION_ORDER = ['father', 'mother', 'guardian'];

function receivedFrom(parentsJson: string | null) {
  const list = JSON.parse(parentsJson ?? '[]') as { name: string; relation: string }[];
  return list.sort((a, b) => RELATION_ORDER.indexOf(a.relation) - RELATION_ORDER.indexOf(b.relation));
}

function receiptsQuery(ctx: TenantContext, where: SQL) {
  return ctx.db
    .select(receiptFields)
    .from(feeReceipts)
    .innerJoin(students, eq(students.id, feeReceipts.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(classes, eq(classes.id, students.classId))
    .innerJoin(schools, eq(schools.id, feeReceipts.schoolId))
    .where(where);
}

function receiptItemsQuery(ctx: TenantContext, receiptIds: string[]) {
  return ctx.db
    .select({
      receiptId: feeCollections.receiptId,
      collectionId: as<string>(feeCollections.id, 'collection_id'),
      structureId: feeCollections.structureId,
      amountMinor: feeCollections.amountMinor,
      method: feeCollections.method,
      reference: feeCollections.reference,
      remarks: feeCollections.remarks,
      category: as<string>(feeCategories.name, 'category_name'),
      dueDate: feeStructures.dueDate,
      // What the student still owed on this fee once this receipt was paid: later payments do not change it.
      balanceAfterMinor: sql<number>`${feeStructures.amountMinor} - (select coalesce(sum(c2.amount_minor), 0)
        from ${feeCollections} c2 left join ${feeReceipts} r2 on r2.id = c2.receipt_id
        where c2.school_id = ${feeCollections.schoolId} and c2.student_id = ${feeCollections.studentId}
          and c2.structure_id = ${feeCollections.structureId} and coalesce(r2.number, 0) <= ${feeReceipts.number})`
        .mapWith(Number)
        .as('balance_after_minor'),
    })
    .from(feeCollections)
    .innerJoin(feeReceipts, eq(feeReceipts.id, feeCollections.receiptId))
    .innerJoin(feeStructures, eq(feeStructures.id, feeCollections.structureId))
    .innerJoin(feeCategories, eq(feeCategories.id, feeStructures.categoryId))
    .where(ctx.scoped(feeCollections, inJson(feeCollections.receiptId, receiptIds)))
    .orderBy(asc(feeStructures.dueDate), asc(feeCategories.name));
}

type ReceiptRow = Awaited<ReturnType<typeof receiptsQuery>>[number];
type ItemRow = Awaited<ReturnType<typeof receiptItemsQuery>>[number];

function toReceipt(row: ReceiptRow, items: ItemRow[]) {
  const r = row.receipt;
  const balanceAfterMinor = items.reduce((sum, i) => sum + i.balanceAfterMinor, 0);
  return {
    _id: r.id,
    number: r.number,
    receiptNumber: receiptNumber(r.number),
    studentId: {
      _id: r.studentId,
      name: row.studentName,
      admissionNumber: row.admissionNumber,
      classId: row.classId ? { _id: row.classId, name: row.className, section: row.classSection } : null,
    },
    ...money(r.amountMinor),
    issuedOn: r.issuedOn,
    // The year of the payment's date, not the school's setting: a receipt keeps the year it was paid in.
    academicYear: academicYearOf(r.issuedOn, row.yearStartMonth),
    method: items[0]?.method ?? null,
    reference: items[0]?.reference ?? null,
    remarks: items[0]?.remarks ?? null,
    receivedFrom: receivedFrom(row.parentsJson),
    items: items.map((i) => ({
      _id: i.collectionId,
      structureId: i.structureId,
      category: i.category,
      dueDate: i.dueDate,
      ...money(i.amountMinor),
      balanceAfter: toMajor(i.balanceAfterMinor),
      balanceAfterMinor: i.balanceAfterMinor,
    })),
    balanceAfter: toMajor(balanceAfterMinor),
    balanceAfterMinor,
    createdAt: r.createdAt,
  };
}

/** One receipt; `log` records a person's read or download of it in the activity log, in the same batch. */
export async function getReceipt(ctx: TenantContext, id: string, log?: 'read' | 'export') {
  const where = ctx.scoped(feeReceipts, eq(feeReceipts.id, id));
  const [[row], items] = await ctx.db.batch([
    receiptsQuery(ctx, where),
    receiptItemsQuery(ctx, [id]),
    ...(log
      ? [
          countedActivity(
            ctx,
            log,
            'fee_receipt',
            id,
            [log === 'read' ? 'Viewed ' : 'Downloaded ', ' receipt(s)'],
            ctx.db.select({ one: sql`1` }).from(feeReceipts).where(where),
            { unlessEmpty: true },
          ),
        ]
      : []),
  ]);
  if (!row) throw notFound('Receipt');
  return toReceipt(row, items);
}

export async function listReceipts(ctx: TenantContext, query: ReceiptQuery) {
  const where = ctx.scoped(
    feeReceipts,
    query.studentId ? eq(feeReceipts.studentId, query.studentId) : undefined,
    query.from ? gte(feeReceipts.issuedOn, query.from) : undefined,
    query.to ? lte(feeReceipts.issuedOn, query.to) : undefined,
  );
  const [rows, [{ total }]] = await ctx.db.batch([
    receiptsQuery(ctx, where).orderBy(desc(feeReceipts.number)).limit(query.limit).offset(offsetOf(query)),
    ctx.db.select({ total: count() }).from(feeReceipts).where(where),
    countedActivity(
      ctx,
      'read',
      'fee_receipt',
      null,
      ['Listed ', ' receipt(s)'],
      ctx.db.select({ one: sql`1` }).from(feeReceipts).where(where).limit(query.limit).offset(offsetOf(query)),
    ),
  ]);
  const items = rows.length
    ? await receiptItemsQuery(
        ctx,
        rows.map((r) => r.receipt.id),
      )
    : [];
  const byReceipt = new Map<string, ItemRow[]>();
  for (const item of items) byReceipt.set(item.receiptId ?? '', [...(byReceipt.get(item.receiptId ?? '') ?? []), item]);
  return { receipts: rows.map((r) => toReceipt(r, byReceipt.get(r.receipt.id) ?? [])), total };
}

export async function listCollections(ctx: TenantContext, query: CollectionQuery) {
  const where = ctx.scoped(
    feeCollections,
    query.studentId ? eq(feeCollections.studentId, query.studentId) : undefined,
    query.structureId ? eq(feeCollections.structureId, query.structureId) : undefined,
    query.classId ? eq(feeStructures.classId, query.classId) : undefined,
    query.method ? eq(feeCollections.method, query.method) : undefined,
    query.from ? gte(feeCollections.paidOn, query.from) : undefined,
    query.to ? lt(feeCollections.paidOn, addDays(query.to, 1)) : undefined,
  );
  const base = () =>
    ctx.db
      .select({
        collection: feeCollections,
        studentName: as<string>(users.name, 'student_name'),
        category: as<string>(feeCategories.name, 'category_name'),
        receiptNo: as<number | null>(feeReceipts.number, 'receipt_no'),
      })
      .from(feeCollections)
      .innerJoin(feeStructures, eq(feeStructures.id, feeCollections.structureId))
      .innerJoin(feeCategories, eq(feeCategories.id, feeStructures.categoryId))
      .innerJoin(students, eq(students.id, feeCollections.studentId))
      .innerJoin(users, eq(users.id, students.userId))
      .leftJoin(feeReceipts, eq(feeReceipts.id, feeCollections.receiptId));
  const [rows, [{ total, collected }]] = await ctx.db.batch([
    base()
      .where(where)
      .orderBy(desc(feeCollections.paidOn), desc(feeCollections.createdAt))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db
      .select({ total: count(), collected: sum(feeCollections.amountMinor).mapWith(Number) })
      .from(feeCollections)
      .innerJoin(feeStructures, eq(feeStructures.id, feeCollections.structureId))
      .where(where),
    countedActivity(
      ctx,
      'read',
      'fee_collection',
      null,
      ['Listed ', ' payment(s)'],
      ctx.db
        .select({ one: sql`1` })
        .from(feeCollections)
        .innerJoin(feeStructures, eq(feeStructures.id, feeCollections.structureId))
        .where(where)
        .limit(query.limit)
        .offset(offsetOf(query)),
    ),
  ]);
  return {
    collections: rows.map((r) => ({
      _id: r.collection.id,
      studentId: { _id: r.collection.studentId, name: r.studentName },
      structureId: r.collection.structureId,
      category: r.category,
      ...money(r.collection.amountMinor),
      method: r.collection.method,
      paidOn: r.collection.paidOn,
      reference: r.collection.reference,
      remarks: r.collection.remarks,
      receiptId: r.collection.receiptId,
      receiptNumber: r.receiptNo ? receiptNumber(r.receiptNo) : null,
    })),
    total,
    collected: money(collected ?? 0).amount,
  };
}

/** The read side of a payment: the student and fees exist, the fees are the class's, and no balance is passed. */
async function checkPayment(ctx: TenantContext, input: PaymentInput) {
  const { db } = ctx;
  const structureIds = input.items.map((i) => i.structureId);
  const [[student], structures, paid] = await db.batch([
    db
      .select({ id: students.id, classId: students.classId, name: users.name })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(ctx.scoped(students, eq(students.id, input.studentId))),
    db
      .select()
      .from(feeStructures)
      .where(ctx.scoped(feeStructures, inJson(feeStructures.id, structureIds))),
    db
      .select({ structureId: feeCollections.structureId, paid: sum(feeCollections.amountMinor).mapWith(Number) })
      .from(feeCollections)
      .where(
        ctx.scoped(
          feeCollections,
          eq(feeCollections.studentId, input.studentId),
          inJson(feeCollections.structureId, structureIds),
        ),
      )
      .groupBy(feeCollections.structureId),
  ]);
  if (!student) throw notFound('Student');
  const byId = new Map(structures.map((s) => [s.id, s]));
  const paidById = new Map(paid.map((p) => [p.structureId, p.paid]));
  const currency = (await ctx.school()).currency;
  const overpaid = (balance: number) =>
    balance <= 0
      ? new AppError(400, 'This fee is already fully paid')
      : new AppError(400, `Amount exceeds the balance due (${currency} ${formatMinor(balance)})`);
  for (const item of input.items) {
    const structure = byId.get(item.structureId);
    if (!structure) throw notFound('Fee structure');
    if (structure.classId !== student.classId) throw new AppError(400, NOT_THE_CLASS);
    const balance = structure.amountMinor - (paidById.get(item.structureId) ?? 0);
    if (balance <= 0 || item.amount > balance) throw overpaid(balance);
  }
  return { student, currency, overpaid };
}
