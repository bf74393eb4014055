import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { feeCollections, feeDues } from '../../db/schema';
import { activity } from '../../lib/activity';
import { addMonths, instalmentMonth } from '../../lib/instalments';
import type { Language } from '../../lib/languages';
import { toMajor } from '../../lib/money';
import type { ReportTable } from '../../lib/report-table';
import type { TenantContext } from '../../lib/tenancy';
import { translate } from '../../lib/translate';
import { REPORT_ENTITY } from './money-output';
import type { AccountsReportQuery } from './money-schemas';

/** The twelve months (YYYY-MM) of an academic year named "2026-2027", from the month the school's year starts. */
export function yearMonths(year: string, startMonth: number): string[] {
  const first = `${year.slice(0, 4)}-${String(startMonth).padStart(2, '0')}-01`;
  return Array.from({ length: 12 }, (_, i) => addMonths(first, i).slice(0, 7));
}

/**
 * Fees due against fees collected, month by month through an academic year: the instalments active students owe
 * that fall due in the month (the rows the fee figures count), what was paid towards the year's instalments in
 * the month (a payment made before the year counts in its first month, one after it in its last), and what is
 * still owed at the month's end. One batch after the school's settings, whatever the school's size.
 */
export async function accountsReport(ctx: TenantContext, query: AccountsReportQuery) {
  const { db } = ctx;
  const school = await ctx.school();
  const year = query.year ?? school.academicYear;
  const months = yearMonths(year, school.yearStartMonth);
  const [start, end] = [`${months[0]}-01`, addMonths(`${months[11]}-01`, 1)];
  const d = feeDues;
  const c = feeCollections;
  // `is not null` names the partial index `fee_dues_school_due_idx` (see the schema), which this read needs.
  const inYear = ctx.scoped(d, gte(d.dueDate, start), lt(d.dueDate, end), isNotNull(d.dueDate));
  // The month a payment counts in: its own, held within the year.
  const paidMonth = sql<string>`substr(max(${start}, min(${c.paidOn}, ${`${months[11]}-01`})), 1, 7)`;
  const [due, paid] = await db.batch([
    db
      .select({
        month: sql<string>`substr(${d.dueDate}, 1, 7)`.as('due_month'),
        instalments: sql<number>`count(*)`.mapWith(Number).as('instalments'),
        minor: sql<number>`coalesce(sum(${d.amountMinor}), 0)`.mapWith(Number).as('due_minor'),
      })
      .from(d)
      .where(inYear)
      .groupBy(sql`substr(${d.dueDate}, 1, 7)`),
    db
      .select({
        month: paidMonth.as('paid_month'),
        payments: sql<number>`count(*)`.mapWith(Number).as('payments'),
        minor: sql<number>`coalesce(sum(${c.amountMinor}), 0)`.mapWith(Number).as('paid_minor'),
      })
      .from(d)
      .innerJoin(
        c,
        and(
          eq(c.schoolId, d.schoolId),
          eq(c.studentId, d.studentId),
          eq(c.structureId, d.structureId),
          eq(c.instalment, d.instalment),
        ),
      )
      .where(inYear)
      .groupBy(sql`paid_month`),
    activity(
      ctx,
      query.format === 'json' ? 'read' : 'export',
      REPORT_ENTITY,
      'accounts',
      `Accounts report, ${year}, ${query.format}: 12 month(s)`,
    ),
  ]);
  const language: Language = query.format === 'json' ? (ctx.language ?? 'en') : school.language;
  const say = (text: string) => translate(text, language);
  const dueOf = new Map(due.map((row) => [row.month, row]));
  const paidOf = new Map(paid.map((row) => [row.month, row]));
  let outstanding = 0;
  const totals = { instalments: 0, due: 0, paid: 0, payments: 0 };
  const rows = months.map((month) => {
    const owed = dueOf.get(month);
    const received = paidOf.get(month);
    outstanding += (owed?.minor ?? 0) - (received?.minor ?? 0);
    totals.instalments += owed?.instalments ?? 0;
    totals.due += owed?.minor ?? 0;
    totals.paid += received?.minor ?? 0;
    totals.payments += received?.payments ?? 0;
    return [
      instalmentMonth(`${month}-01`, language),
      owed?.instalments ?? 0,
      toMajor(owed?.minor ?? 0),
      received?.payments ?? 0,
      toMajor(received?.minor ?? 0),
      toMajor(outstanding),
    ];
  });
  const money = (label: string) => `${say(label)} (${school.currency})`;
  const table: ReportTable = {
    title: say('Accounts'),
    subtitle: `${school.name} · ${year}`,
    columns: [
      { key: 'month', label: say('Month'), kind: 'text' },
      { key: 'instalments', label: say('Instalments due'), kind: 'number' },
      { key: 'due', label: money('Due'), kind: 'money' },
      { key: 'payments', label: say('Payments'), kind: 'number' },
      { key: 'collected', label: money('Collected'), kind: 'money' },
      { key: 'outstanding', label: money('Outstanding'), kind: 'money' },
    ],
    rows,
    totals: [
      say('Total'),
      totals.instalments,
      toMajor(totals.due),
      totals.payments,
      toMajor(totals.paid),
      toMajor(totals.due - totals.paid),
    ],
  };
  return { table, file: `accounts-${year}`, year };
}
