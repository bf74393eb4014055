import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { activityLogs, attendanceDayTotals, classes, feeCollections, feeDues, students } from '../../db/schema';
import { addMonths } from '../../lib/instalments';
import { toMajor } from '../../lib/money';
import type { TenantContext } from '../../lib/tenancy';
import { dayStartInZone } from '../../lib/time';
import { studentTotals } from '../students';
import { yearMonths } from './money-accounts';
import { REPORT_ENTITY } from './money-output';

const rateOf = (present: number, absent: number) =>
  present + absent > 0 ? Math.round((present / (present + absent)) * 10_000) / 100 : null;

/**
 * The Reports Overview in one batch after the school's settings: students, this month's attendance rate (present
 * over present and absent, from the kept day totals), fees collected this month against the instalments falling
 * due in it, the reports run this month, and per month of the academic year the fees due and collected and the
 * attendance rate, with the active students of each class.
 */
export async function reportsOverview(ctx: TenantContext) {
  const { db } = ctx;
  const school = await ctx.school();
  const today = await ctx.today();
  const month = today.slice(0, 7);
  const months = yearMonths(school.academicYear, school.yearStartMonth);
  const [start, end] = [`${months[0]}-01`, addMonths(`${months[11]}-01`, 1)];
  const monthOf = (column: unknown) => sql<string>`substr(${column}, 1, 7)`;
  const a = attendanceDayTotals;
  const [[counts], attendance, due, paid, [reports], perClass] = await db.batch([
    studentTotals(ctx, month),
    db
      .select({
        month: monthOf(a.date).as('att_month'),
        present: sql<number>`coalesce(sum(${a.present}), 0)`.mapWith(Number).as('att_present'),
        absent: sql<number>`coalesce(sum(${a.absent}), 0)`.mapWith(Number).as('att_absent'),
      })
      .from(a)
      .where(ctx.scoped(a, gte(a.date, start), lt(a.date, end)))
      .groupBy(monthOf(a.date)),
    db
      .select({
        month: monthOf(feeDues.dueDate).as('due_month'),
        minor: sql<number>`coalesce(sum(${feeDues.amountMinor}), 0)`.mapWith(Number).as('due_minor'),
      })
      .from(feeDues)
      .where(ctx.scoped(feeDues, gte(feeDues.dueDate, start), lt(feeDues.dueDate, end), isNotNull(feeDues.dueDate)))
      .groupBy(monthOf(feeDues.dueDate)),
    db
      .select({
        month: monthOf(feeCollections.paidOn).as('paid_month'),
        minor: sql<number>`coalesce(sum(${feeCollections.amountMinor}), 0)`.mapWith(Number).as('paid_minor'),
        payments: sql<number>`count(*)`.mapWith(Number).as('payments'),
      })
      .from(feeCollections)
      .where(ctx.scoped(feeCollections, gte(feeCollections.paidOn, start), lt(feeCollections.paidOn, end)))
      .groupBy(monthOf(feeCollections.paidOn)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(activityLogs)
      .where(
        ctx.scoped(
          activityLogs,
          eq(activityLogs.entity, REPORT_ENTITY),
          // Activity lines keep UTC instants: the month starts at the school's midnight.
          gte(activityLogs.createdAt, dayStartInZone(`${month}-01`, school.timeZone).toISOString()),
          sql`${activityLogs.action} in ('read', 'export')`,
        ),
      ),
    db
      .select({
        name: classes.name,
        section: classes.section,
        students: sql<number>`count(${students.id})`.mapWith(Number).as('class_students'),
      })
      .from(classes)
      .leftJoin(
        students,
        and(
          eq(students.schoolId, classes.schoolId),
          eq(students.classId, classes.id),
          sql`+${students.status} = 'active'`,
        ),
      )
      .where(ctx.scoped(classes, eq(classes.academicYear, school.academicYear)))
      .groupBy(classes.id)
      .orderBy(sql`cast(${classes.name} as integer)`, asc(classes.section)),
  ]);
  const find = <T extends { month: string }>(rows: T[], m: string) => rows.find((row) => row.month === m);
  const thisMonth = find(attendance, month);
  return {
    today,
    month,
    currency: school.currency,
    academicYear: school.academicYear,
    students: { total: counts.total, active: counts.active },
    attendance: {
      rate: rateOf(thisMonth?.present ?? 0, thisMonth?.absent ?? 0),
      present: thisMonth?.present ?? 0,
      absent: thisMonth?.absent ?? 0,
    },
    fees: {
      collected: toMajor(find(paid, month)?.minor ?? 0),
      due: toMajor(find(due, month)?.minor ?? 0),
      payments: find(paid, month)?.payments ?? 0,
    },
    reportsRun: reports.n,
    byMonth: months.map((m) => {
      const day = find(attendance, m);
      return {
        month: m,
        due: toMajor(find(due, m)?.minor ?? 0),
        collected: toMajor(find(paid, m)?.minor ?? 0),
        attendanceRate: rateOf(day?.present ?? 0, day?.absent ?? 0),
      };
    }),
    perClass: perClass.map((c) => ({ name: c.name, section: c.section, students: c.students })),
  };
}
