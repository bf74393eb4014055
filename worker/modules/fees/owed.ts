import { and, asc, eq, gt, like, or, type SQL, sql } from 'drizzle-orm';
import { as } from '../../db/bulk';
import {
  classes,
  feeArrears,
  feeCategories,
  feeCollections,
  feeDues,
  feeStructures,
  feeStudentTotals,
  students,
} from '../../db/schema';
import type { Language } from '../../lib/languages';
import { toMajor } from '../../lib/money';
import type { TenantContext } from '../../lib/tenancy';
import type { DueQuery } from './schemas';

export type OwedFilters = Pick<DueQuery, 'classId' | 'studentId' | 'categoryId' | 'status' | 'search' | 'academicYear'>;

/**
 * The keys of a year's fee structures, as a list each payment and due is sought by (`structure_id` leads an index
 * of both; a school's structures are few).
 */
export function yearStructures(ctx: Pick<TenantContext, 'schoolId'>, academicYear: string) {
  return sql`(select ${feeStructures.id} from ${feeStructures}
    where ${feeStructures.schoolId} = ${ctx.schoolId} and ${feeStructures.academicYear} = ${academicYear})`;
}

/**
 * Whether a student owes an instalment: a fee of the whole class from the student's admission date on, or before
 * it when the office charged the student (an assignment); an optional fee only when assigned, from admission.
 * The rule of the payment guard and, written again as migration 0010's view `fee_owed`, of the kept `fee_dues`.
 */
export function owesSql(parts: { optional: SQL | unknown; dueDate: SQL; admissionDate: SQL | unknown; assigned: SQL }) {
  const { optional, dueDate, admissionDate, assigned } = parts;
  return sql`(case when ${optional} then ${assigned} and ${dueDate} >= ${admissionDate}
    else ${dueDate} >= ${admissionDate} or ${assigned} end)`;
}

/**
 * Every instalment an active student owes (`owesSql`) with what has been paid towards it, as migration 0010's
 * triggers keep them in `fee_dues`: the rows of the dues list, the family's and student's fees and the narrowed
 * figures, so each screen counts the same rows. A status filter keeps unpaid instalments.
 */
export function owedRows(ctx: TenantContext, today: string, filters: OwedFilters = {}) {
  const { db } = ctx;
  const d = feeDues;
  const instalment = d.instalment;
  const dueDate = d.dueDate;
  const unpaid = gt(d.amountMinor, d.paidMinor);
  const status = sql<
    'due' | 'partial' | 'overdue'
  >`case when ${d.dueDate} < ${today} then 'overdue' when ${d.paidMinor} > 0 then 'partial' else 'due' end`;
  const search = filters.search ? `%${filters.search.replace(/[%_\\]/g, (m) => `\\${m}`)}%` : undefined;
  const where = (...more: (SQL | undefined)[]) =>
    ctx.scoped(
      d,
      filters.classId ? eq(d.classId, filters.classId) : undefined,
      filters.studentId ? eq(d.studentId, filters.studentId) : undefined,
      filters.categoryId ? eq(feeStructures.categoryId, filters.categoryId) : undefined,
      filters.academicYear ? sql`${d.structureId} in ${yearStructures(ctx, filters.academicYear)}` : undefined,
      filters.status ? and(unpaid, sql`${status} = ${filters.status}`) : undefined,
      search
        ? or(
            sql`${d.studentName} like ${search} escape '\\'`,
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
        studentId: as<string>(d.studentId, 'student_ref_id'),
        studentName: d.studentName,
        admissionNumber: students.admissionNumber,
        rollNumber: students.rollNumber,
        classId: as<string>(classes.id, 'class_ref_id'),
        className: as<string>(classes.name, 'class_name'),
        classSection: as<string>(classes.section, 'class_section'),
        structureId: as<string>(d.structureId, 'structure_ref_id'),
        category: as<string>(feeCategories.name, 'category_name'),
        frequency: feeStructures.frequency,
        optional: feeStructures.optional,
        instalment: as<number>(instalment, 'instalment_no'),
        instalments:
          sql<number>`json_array_length(coalesce(${feeStructures.dueDates}, json_array(${feeStructures.dueDate})))`
            .mapWith(Number)
            .as('instalment_count'),
        dueDate: as<string>(dueDate, 'instalment_due'),
        amountMinor: as<number>(d.amountMinor, 'amount_owed_minor'),
        paidMinor: as<number>(d.paidMinor, 'paid_minor'),
        status: status.as('due_status'),
        academicYear: as<string>(feeStructures.academicYear, 'fee_year'),
        // A past year's instalment kept as arrears: its fee is another class's than the student's now.
        arrears: sql<boolean>`${feeStructures.classId} is not ${d.classId}`.mapWith(Boolean).as('is_arrears'),
      })
      .from(d)
      .innerJoin(students, eq(students.id, d.studentId))
      .innerJoin(classes, eq(classes.id, d.classId))
      .innerJoin(feeStructures, eq(feeStructures.id, d.structureId))
      .innerJoin(feeCategories, eq(feeCategories.id, feeStructures.categoryId))
      .where(where(unpaidOnly ? unpaid : undefined));
  /** The same rows with only what the figures add up: other tables are joined only when a filter needs them. */
  const amounts = () => {
    let rows = db
      .select({
        studentId: as<string>(d.studentId, 'student_ref_id'),
        amountMinor: as<number>(d.amountMinor, 'amount_owed_minor'),
        paidMinor: as<number>(d.paidMinor, 'paid_minor'),
      })
      .from(d)
      .$dynamic();
    if (filters.categoryId) rows = rows.innerJoin(feeStructures, eq(feeStructures.id, d.structureId));
    if (search) rows = rows.innerJoin(students, eq(students.id, d.studentId));
    return rows.where(where());
  };
  /** The dues list's order: by due date, then the student's name, as the unpaid rows' indexes keep them. */
  const order = [asc(d.dueDate), asc(d.studentName), asc(d.structureId)];
  return { select, amounts, order, dueDate, instalment };
}

const ARREARS: Record<Language, (year: string) => string> = {
  en: (year) => `${year} arrears`,
  hi: (year) => `${year} का बकाया`,
  ar: (year) => `متأخرات ${year}`,
};

/** An owed instalment's label, marked with its year when it is a past year's arrears: "… · 2025-2026 arrears". */
export function owedLabel(label: string, row: { academicYear: string; arrears: boolean }, language?: Language) {
  return row.arrears ? `${label} · ${ARREARS[language ?? 'en'](row.academicYear)}` : label;
}

/** The figures' columns, over kept per-student sums or over owed rows alike. */
const figureColumns = (t: {
  billed: unknown;
  paid: unknown;
  outstanding: unknown;
  unpaid: unknown;
  owing: SQL;
  billedStudent: SQL;
}) => ({
  billed: sql<number>`coalesce(sum(${t.billed}), 0)`.mapWith(Number).as('billed_minor'),
  collected: sql<number>`coalesce(sum(${t.paid}), 0)`.mapWith(Number).as('collected_minor'),
  outstanding: sql<number>`coalesce(sum(${t.outstanding}), 0)`.mapWith(Number).as('outstanding_minor'),
  unpaidFees: sql<number>`coalesce(sum(${t.unpaid}), 0)`.mapWith(Number).as('unpaid_fees'),
  studentsOwing: t.owing.mapWith(Number).as('students_owing'),
  studentsBilled: t.billedStudent.mapWith(Number).as('students_billed'),
});

/**
 * The fee figures in one statement: billed, collected (paid towards it), outstanding, unpaid fees and students
 * owing (a positive balance). The school's, a class's or a student's read one kept row per student
 * (`fee_student_totals`); a year's alone is `yearFeeFigures`; a category, status or search, or a year narrowed
 * further, adds up the owed rows themselves.
 */
export function feeFigures(ctx: TenantContext, today: string, filters: OwedFilters = {}) {
  const { academicYear } = filters;
  const narrowed = filters.classId || filters.studentId || filters.categoryId || filters.status || filters.search;
  if (academicYear && !narrowed) return yearFeeFigures(ctx, academicYear);
  if (!academicYear && !filters.categoryId && !filters.status && !filters.search) {
    const t = feeStudentTotals;
    return ctx.db
      .select(
        figureColumns({
          billed: t.billedMinor,
          paid: t.paidMinor,
          outstanding: t.outstandingMinor,
          unpaid: t.unpaid,
          owing: sql`count(case when ${t.unpaid} > 0 then 1 end)`,
          billedStudent: sql`count(*)`,
        }),
      )
      .from(t)
      .where(
        ctx.scoped(
          t,
          filters.classId ? eq(t.classId, filters.classId) : undefined,
          filters.studentId ? eq(t.studentId, filters.studentId) : undefined,
        ),
      );
  }
  const all = owedRows(ctx, today, filters).amounts().as('owed');
  const unpaid = sql`${all.amountMinor} > ${all.paidMinor}`;
  return ctx.db
    .select(
      figureColumns({
        billed: all.amountMinor,
        paid: all.paidMinor,
        outstanding: sql`case when ${unpaid} then ${all.amountMinor} - ${all.paidMinor} else 0 end`,
        unpaid,
        owing: sql`count(distinct case when ${unpaid} then ${all.studentId} end)`,
        billedStudent: sql`count(distinct ${all.studentId})`,
      }),
    )
    .from(all);
}

/**
 * The figures of one year's fee structures, in one statement: collected is every payment towards them (also of
 * students who have since left or graduated), outstanding what active students still owe of them (arrears and
 * leavers' fees, as `fee_dues` keeps them), billed the two together; students billed are those with either.
 */
export function yearFeeFigures(ctx: TenantContext, academicYear: string) {
  const ids = yearStructures(ctx, academicYear);
  const c = feeCollections;
  const d = feeDues;
  const rows = sql`(select ${c.studentId} as student_id, ${c.amountMinor} as paid, 0 as owed, 0 as unpaid
      from ${c} where ${c.schoolId} = ${ctx.schoolId} and ${c.structureId} in ${ids}
    union all
    select ${d.studentId}, 0, max(${d.amountMinor} - ${d.paidMinor}, 0), ${d.amountMinor} > ${d.paidMinor}
      from ${d} where ${d.schoolId} = ${ctx.schoolId} and ${d.structureId} in ${ids}) as v`;
  return ctx.db
    .select(
      figureColumns({
        billed: sql`v.paid + v.owed`,
        paid: sql`v.paid`,
        outstanding: sql`v.owed`,
        unpaid: sql`v.unpaid`,
        owing: sql`count(distinct case when v.unpaid then v.student_id end)`,
        billedStudent: sql`count(distinct v.student_id)`,
      }),
    )
    .from(rows);
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

/**
 * What active students still owe of past years' fees (arrears), per year, for the figures' caption ("incl.
 * ₹1,900.00 arrears from 2026-2027"): the arrears rows (few, by their school-and-year index) and their kept dues.
 */
export function arrearsFigures(ctx: TenantContext) {
  const d = feeDues;
  const a = feeArrears;
  return ctx.db
    .select({
      academicYear: a.academicYear,
      outstanding: sql<number>`coalesce(sum(${d.amountMinor} - ${d.paidMinor}), 0)`.mapWith(Number).as('arrears_minor'),
    })
    .from(a)
    .innerJoin(d, and(eq(d.studentId, a.studentId), eq(d.structureId, a.structureId), eq(d.instalment, a.instalment)))
    .where(and(eq(a.schoolId, ctx.schoolId), gt(d.amountMinor, d.paidMinor)))
    .groupBy(a.academicYear)
    .orderBy(a.academicYear);
}
