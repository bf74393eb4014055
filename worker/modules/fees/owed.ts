import { and, eq, gt, like, or, type SQL, sql } from 'drizzle-orm';
import { as } from '../../db/bulk';
import {
  classes,
  feeAssignments,
  feeCategories,
  feeCollections,
  feeStructures,
  students,
  users,
} from '../../db/schema';
import { toMajor } from '../../lib/money';
import type { TenantContext } from '../../lib/tenancy';
import type { DueQuery } from './schemas';

export type OwedFilters = Pick<DueQuery, 'classId' | 'studentId' | 'categoryId' | 'status' | 'search'>;

/** A structure's instalments as a table (`instalment.key` from 0, `instalment.value` the due date). */
export const instalmentsOf = (structure: { dueDates: unknown; dueDate: unknown }) =>
  sql`json_each(coalesce(${structure.dueDates}, json_array(${structure.dueDate}))) as instalment`;

/**
 * Whether a student owes an instalment: a fee of the whole class from the student's admission date on, or before
 * it when the office charged the student (an assignment); an optional fee only when assigned, from admission.
 * The one rule behind every fee figure and the guard on payments.
 */
export function owesSql(parts: { optional: SQL | unknown; dueDate: SQL; admissionDate: SQL | unknown; assigned: SQL }) {
  const { optional, dueDate, admissionDate, assigned } = parts;
  return sql`(case when ${optional} then ${assigned} and ${dueDate} >= ${admissionDate}
    else ${dueDate} >= ${admissionDate} or ${assigned} end)`;
}

/**
 * Every instalment an active student owes (see `owesSql`) with what the student has paid towards it: the rows
 * behind the dues list, the family's and the student's fees, and every fee figure (billed, collected, outstanding,
 * students owing), so each screen counts the same rows. A status filter keeps unpaid instalments.
 */
export function owedRows(ctx: TenantContext, today: string, filters: OwedFilters = {}) {
  const { db } = ctx;
  const paid = db
    .select({
      studentId: feeCollections.studentId,
      structureId: feeCollections.structureId,
      instalment: feeCollections.instalment,
      paid: sql<number>`sum(${feeCollections.amountMinor})`.as('paid'),
    })
    .from(feeCollections)
    .where(eq(feeCollections.schoolId, ctx.schoolId))
    .groupBy(feeCollections.studentId, feeCollections.structureId, feeCollections.instalment)
    .as('paid');
  const instalment = sql<number>`(instalment.key + 1)`;
  const dueDate = sql<string>`instalment.value`;
  const paidMinor = sql<number>`coalesce(${paid.paid}, 0)`;
  const status = sql<
    'due' | 'partial' | 'overdue'
  >`case when ${dueDate} < ${today} then 'overdue' when ${paidMinor} > 0 then 'partial' else 'due' end`;
  const owes = owesSql({
    optional: feeStructures.optional,
    dueDate,
    admissionDate: students.admissionDate,
    assigned: sql`${feeAssignments.studentId} is not null`,
  });
  const search = filters.search ? `%${filters.search.replace(/[%_\\]/g, (m) => `\\${m}`)}%` : undefined;
  const where = (...more: (SQL | undefined)[]) =>
    and(
      ctx.scoped(students, eq(students.status, 'active')),
      owes,
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
  // The owed rows' joins: students, the structures of their class, instalments, assignments and payments.
  const ofClass = and(eq(feeStructures.classId, students.classId), eq(feeStructures.schoolId, students.schoolId));
  const assignedTo = and(
    eq(feeAssignments.schoolId, students.schoolId),
    eq(feeAssignments.structureId, feeStructures.id),
    eq(feeAssignments.studentId, students.id),
  );
  const paidFor = and(
    eq(paid.studentId, students.id),
    eq(paid.structureId, feeStructures.id),
    eq(paid.instalment, instalment),
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
        frequency: feeStructures.frequency,
        optional: feeStructures.optional,
        instalment: instalment.mapWith(Number).as('instalment_no'),
        instalments:
          sql<number>`json_array_length(coalesce(${feeStructures.dueDates}, json_array(${feeStructures.dueDate})))`
            .mapWith(Number)
            .as('instalment_count'),
        dueDate: dueDate.as('instalment_due'),
        amountMinor: feeStructures.amountMinor,
        paidMinor: paidMinor.mapWith(Number).as('paid_minor'),
        status: status.as('due_status'),
      })
      .from(students)
      .innerJoin(feeStructures, ofClass)
      .innerJoin(instalmentsOf(feeStructures), sql`true`)
      .leftJoin(feeAssignments, assignedTo)
      .leftJoin(paid, paidFor)
      .innerJoin(users, eq(users.id, students.userId))
      .innerJoin(classes, eq(classes.id, students.classId))
      .innerJoin(feeCategories, eq(feeCategories.id, feeStructures.categoryId))
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
      .innerJoin(feeStructures, ofClass)
      .innerJoin(instalmentsOf(feeStructures), sql`true`)
      .leftJoin(feeAssignments, assignedTo)
      .leftJoin(paid, paidFor)
      .$dynamic();
    return (search ? rows.innerJoin(users, eq(users.id, students.userId)) : rows).where(where());
  };
  return { select, amounts, dueDate, instalment };
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
