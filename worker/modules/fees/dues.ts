import { and, asc, count, eq, gt, like, or, sql } from 'drizzle-orm';
import { as } from '../../db/bulk';
import { classes, feeCategories, feeCollections, feeStructures, students, users } from '../../db/schema';
import { countedActivity } from '../../lib/activity';
import { offsetOf } from '../../lib/paging';
import type { TenantContext } from '../../lib/tenancy';
import { type DueQuery, money } from './schemas';

/**
 * What each active student still owes: every fee structure of the student's class minus what the student
 * has paid towards it. 'overdue' when nothing or part is paid after the due date, 'partial' when part is
 * paid before it, 'due' otherwise. One query for the page and one for the totals.
 */
export async function listDues(ctx: TenantContext, query: DueQuery, options: { all?: boolean } = {}) {
  const { db } = ctx;
  const today = await ctx.today();
  const paid = db
    .select({
      studentId: feeCollections.studentId,
      structureId: feeCollections.structureId,
      paid: sql<number>`sum(${feeCollections.amountMinor})`.as('paid'),
    })
    .from(feeCollections)
    .where(eq(feeCollections.schoolId, ctx.schoolId))
    .groupBy(feeCollections.studentId, feeCollections.structureId)
    .as('paid');
  const paidMinor = sql<number>`coalesce(${paid.paid}, 0)`;
  const status = sql<
    'due' | 'partial' | 'overdue'
  >`case when ${feeStructures.dueDate} < ${today} then 'overdue' when ${paidMinor} > 0 then 'partial' else 'due' end`;
  const search = query.search ? `%${query.search.replace(/[%_\\]/g, (m) => `\\${m}`)}%` : undefined;
  const where = and(
    ctx.scoped(students, eq(students.status, 'active')),
    gt(feeStructures.amountMinor, paidMinor),
    query.classId ? eq(students.classId, query.classId) : undefined,
    query.studentId ? eq(students.id, query.studentId) : undefined,
    query.categoryId ? eq(feeStructures.categoryId, query.categoryId) : undefined,
    query.status ? sql`${status} = ${query.status}` : undefined,
    search
      ? or(
          sql`${users.name} like ${search} escape '\\'`,
          like(students.admissionNumber, search),
          like(students.rollNumber, search),
        )
      : undefined,
  );
  const base = () =>
    db
      .select({
        studentId: as<string>(students.id, 'student_ref_id'),
        studentName: as<string>(users.name, 'student_name'),
        admissionNumber: students.admissionNumber,
        rollNumber: students.rollNumber,
        classId: as<string>(classes.id, 'class_ref_id'),
        className: as<string>(classes.name, 'class_name'),
        classSection: as<string>(classes.section, 'class_section'),
        structureId: as<string>(feeStructures.id, 'structure_ref_id'),
        category: as<string>(feeCategories.name, 'category_name'),
        dueDate: feeStructures.dueDate,
        amountMinor: feeStructures.amountMinor,
        paidMinor: paidMinor.mapWith(Number).as('paid_minor'),
        status: status.as('due_status'),
      })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .innerJoin(classes, eq(classes.id, students.classId))
      .innerJoin(
        feeStructures,
        and(eq(feeStructures.classId, students.classId), eq(feeStructures.schoolId, students.schoolId)),
      )
      .innerJoin(feeCategories, eq(feeCategories.id, feeStructures.categoryId))
      .leftJoin(paid, and(eq(paid.studentId, students.id), eq(paid.structureId, feeStructures.id)))
      .where(where);
  const pageQuery = base().orderBy(asc(feeStructures.dueDate), asc(users.name));
  const all = base().as('dues');
  const totalsQuery = db
    .select({
      total: count(),
      balance: sql<number>`coalesce(sum(${all.amountMinor} - ${all.paidMinor}), 0)`.mapWith(Number),
      students: sql<number>`count(distinct ${all.studentId})`.mapWith(Number),
    })
    .from(all);
  const [limit, offset] = options.all ? [10_000, 0] : [query.limit, offsetOf(query)];
  const [rows, [totals]] = await db.batch([
    pageQuery.limit(limit).offset(offset),
    totalsQuery,
    countedActivity(
      ctx,
      options.all ? 'export' : 'read',
      'fee_due',
      null,
      [options.all ? 'Exported ' : 'Listed ', ' fee due(s)'],
      db.select({ one: sql`1` }).from(all).limit(limit).offset(offset),
    ),
  ]);
  return {
    dues: rows.map((r) => ({
      studentId: {
        _id: r.studentId,
        name: r.studentName,
        admissionNumber: r.admissionNumber,
        rollNumber: r.rollNumber,
      },
      classId: { _id: r.classId, name: r.className, section: r.classSection },
      structureId: r.structureId,
      category: r.category,
      dueDate: r.dueDate,
      ...money(r.amountMinor),
      paid: money(r.paidMinor).amount,
      balance: money(r.amountMinor - r.paidMinor).amount,
      balanceMinor: r.amountMinor - r.paidMinor,
      status: r.status,
    })),
    total: totals.total,
    summary: {
      totalBalance: money(totals.balance).amount,
      totalBalanceMinor: totals.balance,
      students: totals.students,
    },
  };
}
