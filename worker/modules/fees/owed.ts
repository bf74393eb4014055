import { and, eq, gt, like, or, type SQL, sql } from 'drizzle-orm';
import { as } from '../../db/bulk';
import { classes, feeCategories, feeCollections, feeStructures, students, users } from '../../db/schema';
import { toMajor } from '../../lib/money';
import type { TenantContext } from '../../lib/tenancy';
import type { DueQuery } from './schemas';

export type OwedFilters = Pick<DueQuery, 'classId' | 'studentId' | 'categoryId' | 'status' | 'search'>;

/**
 * Every fee an active student is asked for (each fee structure of the student's class) with what the student has
 * paid towards it: the rows behind the dues list and behind every fee figure (billed, collected, outstanding,
 * students owing), so the dashboard and the fees screen count the same rows. A status filter keeps unpaid fees.
 */
export function owedRows(ctx: TenantContext, today: string, filters: OwedFilters = {}) {
  const { db } = ctx;
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
  const search = filters.search ? `%${filters.search.replace(/[%_\\]/g, (m) => `\\${m}`)}%` : undefined;
  const where = (...more: (SQL | undefined)[]) =>
    and(
      ctx.scoped(students, eq(students.status, 'active')),
      filters.classId ? eq(students.classId, filters.classId) : undefined,
      filters.studentId ? eq(students.id, filters.studentId) : undefined,
      filters.categoryId ? eq(feeStructures.categoryId, filters.categoryId) : undefined,
      filters.status ? and(gt(feeStructures.amountMinor, paidMinor), sql`${status} = ${filters.status}`) : undefined,
      search
        ? or(
            sql`${users.name} like ${search} escape '\\'`,
            like(students.admissionNumber, search),
            like(students.rollNumber, search),
          )
        : undefined,
      ...more,
    );
  /** The rows, all of them or (`unpaidOnly`) those with a balance left. */
  const select = (unpaidOnly: boolean) =>
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
      .where(where(unpaidOnly ? gt(feeStructures.amountMinor, paidMinor) : undefined));
  /** The same rows with only what the figures add up: names are joined only when a search needs them. */
  const amounts = () => {
    const rows = db
      .select({
        studentId: as<string>(students.id, 'student_ref_id'),
        amountMinor: feeStructures.amountMinor,
        paidMinor: paidMinor.mapWith(Number).as('paid_minor'),
      })
      .from(students)
      .innerJoin(
        feeStructures,
        and(eq(feeStructures.classId, students.classId), eq(feeStructures.schoolId, students.schoolId)),
      )
      .leftJoin(paid, and(eq(paid.studentId, students.id), eq(paid.structureId, feeStructures.id)))
      .$dynamic();
    return (search ? rows.innerJoin(users, eq(users.id, students.userId)) : rows).where(where());
  };
  return { select, amounts };
}

/**
 * The fee figures over the owed rows, one statement: billed (the fees asked), collected (paid towards them),
 * outstanding (billed less collected), unpaid fees and students owing (those with a positive balance).
 */
export function feeFigures(ctx: TenantContext, today: string, filters: OwedFilters = {}) {
  const all = owedRows(ctx, today, filters).amounts().as('owed');
  const unpaid = sql`${all.amountMinor} > ${all.paidMinor}`;
  return ctx.db
    .select({
      billed: sql<number>`coalesce(sum(${all.amountMinor}), 0)`.mapWith(Number).as('billed_minor'),
      collected: sql<number>`coalesce(sum(${all.paidMinor}), 0)`.mapWith(Number).as('collected_minor'),
      outstanding:
        sql<number>`coalesce(sum(case when ${unpaid} then ${all.amountMinor} - ${all.paidMinor} else 0 end), 0)`
          .mapWith(Number)
          .as('outstanding_minor'),
      unpaidFees: sql<number>`coalesce(sum(${unpaid}), 0)`.mapWith(Number).as('unpaid_fees'),
      studentsOwing: sql<number>`count(distinct case when ${unpaid} then ${all.studentId} end)`
        .mapWith(Number)
        .as('students_owing'),
      studentsBilled: sql<number>`count(distinct ${all.studentId})`.mapWith(Number).as('students_billed'),
    })
    .from(all);
}

export interface FeeFigureRow {
  billed: number;
  collected: number;
  outstanding: number;
  unpaidFees: number;
  studentsOwing: number;
  studentsBilled: number;
}

/** The figures as the API answers them: major units beside minor ones. */
export function feeFiguresOut(row: FeeFigureRow) {
  const major = toMajor;
  return {
    billed: major(row.billed),
    billedMinor: row.billed,
    collected: major(row.collected),
    collectedMinor: row.collected,
    outstanding: major(row.outstanding),
    outstandingMinor: row.outstanding,
    unpaidFees: row.unpaidFees,
    studentsOwing: row.studentsOwing,
    studentsBilled: row.studentsBilled,
  };
}
