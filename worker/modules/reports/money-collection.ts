import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { classes, feeCategories, feeCollections, feeStructures } from '../../db/schema';
import { countedActivity } from '../../lib/activity';
import { formatClassName } from '../../lib/class-name';
import { instalmentMonth } from '../../lib/instalments';
import type { Language } from '../../lib/languages';
import { toMajor } from '../../lib/money';
import type { ReportTable } from '../../lib/report-table';
import type { TenantContext } from '../../lib/tenancy';
import { addDays } from '../../lib/time';
import { translate } from '../../lib/translate';
import { METHOD_LABEL } from '../fees/schemas';
import { REPORT_ENTITY } from './money-output';
import type { CollectionReportQuery } from './money-schemas';

export type Bucket = 'day' | 'week' | 'month';

/** A period's buckets by its length: days up to a month, weeks (from Monday) up to a quarter, months beyond. */
export function bucketOf(from: string, to: string): Bucket {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  return days <= 31 ? 'day' : days <= 92 ? 'week' : 'month';
}

/** The Monday on or before a date. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** Every bucket of the period in order, so a day or month without payments still has its row. */
function bucketsOf(from: string, to: string, bucket: Bucket): string[] {
  const keys: string[] = [];
  if (bucket === 'month') {
    for (let month = from.slice(0, 7); month <= to.slice(0, 7); ) {
      keys.push(month);
      month = addDays(`${month}-28`, 4).slice(0, 7);
    }
    return keys;
  }
  const step = bucket === 'day' ? 1 : 7;
  for (let day = bucket === 'day' ? from : mondayOf(from); day <= to; day = addDays(day, step)) keys.push(day);
  return keys;
}

const c = feeCollections;
function groupKey(group: CollectionReportQuery['groupBy'], bucket: Bucket): SQL<string> {
  if (group === 'class') return sql<string>`${feeStructures.classId}`;
  if (group === 'category') return sql<string>`${feeStructures.categoryId}`;
  if (group === 'method') return sql<string>`${c.method}`;
  if (bucket === 'month') return sql<string>`substr(${c.paidOn}, 1, 7)`;
  if (bucket === 'week')
    return sql<string>`date(${c.paidOn}, '-' || ((cast(strftime('%w', ${c.paidOn}) as integer) + 6) % 7) || ' days')`;
  return sql<string>`${c.paidOn}`;
}

/** The period a report defaults to: this month up to today. */
export function defaultPeriod(today: string, query: { from?: string; to?: string }) {
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from =
    query.from ?? (to.slice(0, 7) === today.slice(0, 7) ? `${today.slice(0, 7)}-01` : `${to.slice(0, 7)}-01`);
  return { from, to };
}

/**
 * Payments received in a period (by payment date, whoever paid, as the dashboard's chart counts them), grouped by
 * day, week or month, by the class or category of the fee paid, or by method: payments, students and amount per
 * group, and the totals. One round trip for the school's settings and one batch for the groups, the totals and
 * the activity line, whatever the period or the number of payments.
 */
export async function collectionReport(ctx: TenantContext, query: CollectionReportQuery) {
  const { db } = ctx;
  const school = await ctx.school();
  const today = await ctx.today();
  const { from, to } = defaultPeriod(today, query);
  const bucket = bucketOf(from, to);
  const group = query.groupBy;
  const key = groupKey(group, bucket);
  const joinsFee = group === 'class' || group === 'category';
  const where = ctx.scoped(c, gte(c.paidOn, from), lte(c.paidOn, to));
  let grouped = db
    .select({
      key: key.as('group_key'),
      name: (group === 'class'
        ? sql<string>`max(${classes.name}) || '|' || max(${classes.section})`
        : group === 'category'
          ? sql<string>`max(${feeCategories.name})`
          : sql<string>`''`
      ).as('group_name'),
      payments: sql<number>`count(*)`.mapWith(Number).as('payments'),
      students: sql<number>`count(distinct ${c.studentId})`.mapWith(Number).as('students'),
      minor: sql<number>`coalesce(sum(${c.amountMinor}), 0)`.mapWith(Number).as('amount_minor'),
    })
    .from(c)
    .$dynamic();
  if (joinsFee) grouped = grouped.innerJoin(feeStructures, eq(feeStructures.id, c.structureId));
  if (group === 'class') grouped = grouped.innerJoin(classes, eq(classes.id, feeStructures.classId));
  if (group === 'category') grouped = grouped.innerJoin(feeCategories, eq(feeCategories.id, feeStructures.categoryId));
  const groups = grouped.where(where).groupBy(key);
  const language: Language = query.format === 'json' ? (ctx.language ?? 'en') : school.language;
  const [rows, [total]] = await db.batch([
    groups,
    db
      .select({
        payments: sql<number>`count(*)`.mapWith(Number),
        students: sql<number>`count(distinct ${c.studentId})`.mapWith(Number),
        minor: sql<number>`coalesce(sum(${c.amountMinor}), 0)`.mapWith(Number),
      })
      .from(c)
      .where(and(where)),
    countedActivity(
      ctx,
      query.format === 'json' ? 'read' : 'export',
      REPORT_ENTITY,
      'fee-collection',
      [`Fee collection report by ${group}, ${from} to ${to}, ${query.format}: `, ' row(s)'],
      db.select({ one: sql`1` }).from(sql`(${groups}) as g`),
    ),
  ]);
  const say = (text: string) => translate(text, language);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const labelled =
    group === 'period'
      ? bucketsOf(from, to, bucket).map((k) => ({
          label: bucket === 'month' ? instalmentMonth(`${k}-01`, language) : k,
          row: byKey.get(k),
        }))
      : rows
          .map((row) => ({
            label:
              group === 'class'
                ? formatClassName({ name: row.name.split('|')[0], section: row.name.split('|')[1] })
                : group === 'method'
                  ? say(METHOD_LABEL[row.key as keyof typeof METHOD_LABEL] ?? row.key)
                  : row.name,
            row,
          }))
          .sort((a, b) => a.label.localeCompare(b.label, 'en', { numeric: true }));
  const first = {
    period: bucket === 'day' ? 'Date' : bucket === 'week' ? 'Week from' : 'Month',
    class: 'Class',
    category: 'Category',
    method: 'Payment method',
  }[group];
  const table: ReportTable = {
    title: say('Fee collection'),
    subtitle: `${school.name} · ${from} – ${to}`,
    columns: [
      { key: 'group', label: say(first), kind: group === 'period' && bucket !== 'month' ? 'date' : 'text' },
      { key: 'payments', label: say('Payments'), kind: 'number' },
      { key: 'students', label: say('Students'), kind: 'number' },
      { key: 'collected', label: `${say('Collected')} (${school.currency})`, kind: 'money' },
    ],
    rows: labelled.map(({ label, row }) => [label, row?.payments ?? 0, row?.students ?? 0, toMajor(row?.minor ?? 0)]),
    totals: [say('Total'), total.payments, total.students, toMajor(total.minor)],
  };
  return { table, file: `fee-collection-${from}-${to}`, from, to, bucket, currency: school.currency };
}
