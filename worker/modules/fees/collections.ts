import { count, desc, eq, gte, lt, sql, sum } from 'drizzle-orm';
import { as } from '../../db/bulk';
import { feeCategories, feeCollections, feeReceipts, feeStructures, students, users } from '../../db/schema';
import { countedActivity } from '../../lib/activity';
import { offsetOf } from '../../lib/paging';
import type { TenantContext } from '../../lib/tenancy';
import { addDays } from '../../lib/time';
import { type CollectionQuery, money, receiptNumber } from './schemas';

/** The payments taken, newest first, with their receipt; one line per fee (instalment) paid. */
export async function listCollections(ctx: TenantContext, query: CollectionQuery) {
  const where = ctx.scoped(
    feeCollections,
    query.studentId ? eq(feeCollections.studentId, query.studentId) : undefined,
    query.structureId ? eq(feeCollections.structureId, query.structureId) : undefined,
    query.classId ? eq(feeStructures.classId, query.classId) : undefined,
    query.method ? eq(feeCollections.method, query.method) : undefined,
    query.academicYear ? eq(feeStructures.academicYear, query.academicYear) : undefined,
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
