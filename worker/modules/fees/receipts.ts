import { asc, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { as, inJson } from '../../db/bulk';
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
import { academicYearOf } from '../../lib/academic-year';
import { countedActivity } from '../../lib/activity';
import { notFound } from '../../lib/errors';
import { feeLabel } from '../../lib/instalments';
import type { Language } from '../../lib/languages';
import { toMajor } from '../../lib/money';
import { offsetOf } from '../../lib/paging';
import type { TenantContext } from '../../lib/tenancy';
import { owedLabel, yearStructures } from './owed';
import { money, type ReceiptQuery, receiptNumber } from './schemas';

const receiptFields = {
  receipt: feeReceipts,
  studentName: as<string>(users.name, 'student_name'),
  admissionNumber: students.admissionNumber,
  classId: as<string | null>(classes.id, 'class_ref_id'),
  className: as<string | null>(classes.name, 'class_name'),
  classSection: as<string | null>(classes.section, 'class_section'),
  // The student's parents, father first: whom a receipt from before payers were stored names as the payer.
  parentsJson: sql<string | null>`(select json_group_array(json_object('name', pu.name, 'relation', sp.relation))
    from ${studentParents} sp join ${parents} p on p.id = sp.parent_id join ${users} pu on pu.id = p.user_id
    where sp.school_id = ${feeReceipts.schoolId} and sp.student_id = ${feeReceipts.studentId})`.as('parents_json'),
  yearStartMonth: as<number>(schools.yearStartMonth, 'year_start_month'),
  schoolYear: as<string>(schools.academicYear, 'school_year'),
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
      instalment: feeCollections.instalment,
      feeYear: as<string>(feeStructures.academicYear, 'fee_year'),
      instalments:
        sql<number>`json_array_length(coalesce(${feeStructures.dueDates}, json_array(${feeStructures.dueDate})))`
          .mapWith(Number)
          .as('instalment_count'),
      dueDate:
        sql<string>`coalesce(json_extract(${feeStructures.dueDates}, '$[' || (${feeCollections.instalment} - 1) || ']'), ${feeStructures.dueDate})`.as(
          'instalment_due',
        ),
      // What the student still owed on this fee once this receipt was paid: later payments do not change it.
      balanceAfterMinor: sql<number>`${feeStructures.amountMinor} - (select coalesce(sum(c2.amount_minor), 0)
        from ${feeCollections} c2 left join ${feeReceipts} r2 on r2.id = c2.receipt_id
        where c2.school_id = ${feeCollections.schoolId} and c2.student_id = ${feeCollections.studentId}
          and c2.structure_id = ${feeCollections.structureId} and c2.instalment = ${feeCollections.instalment}
          and coalesce(r2.number, 0) <= ${feeReceipts.number})`
        .mapWith(Number)
        .as('balance_after_minor'),
    })
    .from(feeCollections)
    .innerJoin(feeReceipts, eq(feeReceipts.id, feeCollections.receiptId))
    .innerJoin(feeStructures, eq(feeStructures.id, feeCollections.structureId))
    .innerJoin(feeCategories, eq(feeCategories.id, feeStructures.categoryId))
    .where(ctx.scoped(feeCollections, inJson(feeCollections.receiptId, receiptIds)))
    .orderBy(asc(feeStructures.dueDate), asc(feeCategories.name), asc(feeCollections.instalment));
}

type ReceiptRow = Awaited<ReturnType<typeof receiptsQuery>>[number];
type ItemRow = Awaited<ReturnType<typeof receiptItemsQuery>>[number];

function toReceipt(row: ReceiptRow, items: ItemRow[], language: Language | undefined) {
  const r = row.receipt;
  const balanceAfterMinor = items.reduce((sum, i) => sum + i.balanceAfterMinor, 0);
  const academicYear = academicYearOf(r.issuedOn, row.yearStartMonth);
  // A past year's fee, paid once the school had moved past it: neither a school that has not rolled over yet (its
  // setting still names the fee's year) nor a fee paid in its own year is arrears.
  const settledYear = row.schoolYear < academicYear ? row.schoolYear : academicYear;
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
    academicYear,
    method: items[0]?.method ?? null,
    reference: items[0]?.reference ?? null,
    remarks: items[0]?.remarks ?? null,
    // Who paid, as the office wrote it; null on a receipt from before payers were stored.
    payer: r.payer,
    receivedFrom: receivedFrom(row.parentsJson),
    items: items.map((i) => ({
      _id: i.collectionId,
      structureId: i.structureId,
      category: i.category,
      // A payment towards a past year's fee names the year it settles.
      label: owedLabel(
        feeLabel(i.category, i.dueDate, i.instalments, language),
        { academicYear: i.feeYear, arrears: i.feeYear < settledYear },
        language,
      ),
      academicYear: i.feeYear,
      arrears: i.feeYear < settledYear,
      instalment: i.instalment,
      instalments: i.instalments,
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
  return toReceipt(row, items, ctx.language);
}

export async function listReceipts(ctx: TenantContext, query: ReceiptQuery) {
  const where = ctx.scoped(
    feeReceipts,
    query.studentId ? eq(feeReceipts.studentId, query.studentId) : undefined,
    query.from ? gte(feeReceipts.issuedOn, query.from) : undefined,
    query.to ? lte(feeReceipts.issuedOn, query.to) : undefined,
    // A receipt with any payment towards the year's fees, shown whole (it may settle arrears beside this year's).
    query.academicYear
      ? sql`${feeReceipts.id} in (select ${feeCollections.receiptId} from ${feeCollections}
          where ${feeCollections.schoolId} = ${ctx.schoolId}
            and ${feeCollections.structureId} in ${yearStructures(ctx, query.academicYear)})`
      : undefined,
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
  return { receipts: rows.map((r) => toReceipt(r, byReceipt.get(r.receipt.id) ?? [], ctx.language)), total };
}
