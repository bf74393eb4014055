import { sql } from 'drizzle-orm';
import { countedActivity } from '../../lib/activity';
import { feeLabel } from '../../lib/instalments';
import { offsetOf } from '../../lib/paging';
import type { TenantContext } from '../../lib/tenancy';
import { feeFigures, feeFiguresOut, owedLabel, owedRows } from './owed';
import { type DueQuery, money } from './schemas';

/**
 * What each active student still owes: every instalment of a fee the student owes (see `owesSql`) minus what
 * the student has paid towards it. 'overdue' when nothing or part is paid after the due date, 'partial' when part is
 * paid before it, 'due' otherwise. One query for the page and one for the figures of the same filters.
 */
export async function listDues(ctx: TenantContext, query: DueQuery, options: { all?: boolean } = {}) {
  const { db } = ctx;
  const today = await ctx.today();
  const owed = owedRows(ctx, today, query);
  const pageQuery = owed.select(true).orderBy(...owed.order);
  const all = owed.select(true).as('dues');
  const [limit, offset] = options.all ? [10_000, 0] : [query.limit, offsetOf(query)];
  const [rows, [figures]] = await db.batch([
    pageQuery.limit(limit).offset(offset),
    feeFigures(ctx, today, query),
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
      label: owedLabel(feeLabel(r.category, r.dueDate, r.instalments, ctx.language), r, ctx.language),
      academicYear: r.academicYear,
      arrears: r.arrears,
      instalment: r.instalment,
      instalments: r.instalments,
      optional: r.optional,
      dueDate: r.dueDate,
      ...money(r.amountMinor),
      paid: money(r.paidMinor).amount,
      balance: money(r.amountMinor - r.paidMinor).amount,
      balanceMinor: r.amountMinor - r.paidMinor,
      status: r.status,
    })),
    total: figures.unpaidFees,
    summary: {
      totalBalance: money(figures.outstanding).amount,
      totalBalanceMinor: figures.outstanding,
      students: figures.studentsOwing,
      ...feeFiguresOut(figures),
    },
  };
}
