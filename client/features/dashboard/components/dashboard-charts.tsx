import { plural, t } from '@lingui/core/macro';
import { CalendarX2 } from 'lucide-react';
import { Badge } from '~/components/ui/badge';
import { ChartCard } from '~/components/ui/chart-card';
import { EmptyState } from '~/components/ui/empty-state';
import type { DashboardSummary } from '../api';
import { formatAmount, formatCount, formatMonth, formatWeekday, numberFormat } from '../format';

/** '93.5%': one decimal, in the reader's digits (the rate comes as a percentage). */
const percent = (value: number) =>
  numberFormat({ style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value / 100);

function compactMoney(currency: string) {
  try {
    const format = numberFormat({ style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });
    return (value: number) => format.format(value);
  } catch {
    return formatCount;
  }
}

const averageLine = (average: number) => {
  const rate = percent(average);
  return t`${rate} average`;
};

/** '93.4% over 2025-2026': a past year's attendance rate, all its school days. */
const yearLine = (rate: number, year: string) => {
  const value = percent(rate);
  return t`${value} over ${year}`;
};

export function AttendanceTrendCard({ summary }: { summary: DashboardSummary | undefined }) {
  const days = summary?.attendanceTrend ?? [];
  const average = days.length ? days.reduce((sum, day) => sum + day.rate, 0) / days.length : null;
  const past = summary?.pastYear ?? null;
  const year = summary?.academicYear ?? '';
  // A past year has no today: its last six school days, and its rate over the whole year.
  const aside = past ? (
    past.attendance.days > 0 ? (
      <Badge tone="success" data-testid="year-attendance-rate">
        {yearLine(past.attendance.rate, year)}
      </Badge>
    ) : null
  ) : average !== null ? (
    <Badge tone="success">{averageLine(average)}</Badge>
  ) : null;
  return (
    <ChartCard
      title={t`Attendance Trend`}
      description={
        past
          ? t`Students present (any period) and absent (every period), last six school days of ${year}`
          : t`Students present (any period) and absent (every period), last six school days`
      }
      aside={aside}
      empty={
        summary && days.length === 0 ? (
          <EmptyState
            as="h3"
            icon={CalendarX2}
            title={t`No attendance marked yet`}
            description={t`The trend appears once teachers mark attendance.`}
          />
        ) : undefined
      }
      chart={
        summary
          ? {
              type: 'line',
              title: t`Attendance on the last six school days`,
              labelHeader: t`Date`,
              labels: days.map((day) => formatWeekday(day.date)),
              series: [
                { label: t`Students present`, data: days.map((day) => day.present), tone: 'success' },
                { label: t`Students absent`, data: days.map((day) => day.absent), tone: 'danger' },
              ],
              formatValue: formatCount,
            }
          : null
      }
    />
  );
}

export function StudentDistributionCard({ summary }: { summary: DashboardSummary | undefined }) {
  const byGrade = new Map<string, number>();
  for (const row of summary?.studentsPerClass ?? []) {
    byGrade.set(row.name, (byGrade.get(row.name) ?? 0) + row.students);
  }
  const grades = [...byGrade.entries()];
  return (
    <ChartCard
      title={t`Student Distribution`}
      description={t`Active students in each class`}
      empty={
        summary && grades.length === 0 ? (
          <EmptyState
            as="h3"
            icon={CalendarX2}
            title={t`No classes yet`}
            description={t`Add classes to see the split.`}
          />
        ) : undefined
      }
      chart={
        summary
          ? {
              type: 'doughnut',
              title: t`Active students per class`,
              labelHeader: t`Class`,
              labels: grades.map(([grade]) => t`Class ${grade}`),
              series: [{ label: t`Students`, data: grades.map(([, n]) => n) }],
              formatValue: formatCount,
            }
          : null
      }
    />
  );
}

export function FeeCollectionCard({ summary }: { summary: DashboardSummary | undefined }) {
  const months = summary?.feeCollectionByMonth ?? [];
  const currency = summary?.currency ?? 'INR';
  const total = months.reduce((sum, month) => sum + month.amount, 0);
  const payments = months.reduce((sum, month) => sum + month.payments, 0);
  const money = (value: number) => formatAmount(value, currency);
  const received = money(total);
  const past = summary?.pastYear ?? null;
  const lastMonth = past ? formatMonth(past.until.slice(0, 7)) : '';
  const count = plural(payments, { one: '# payment', other: '# payments' });
  return (
    <ChartCard
      title={t`Payments Received`}
      description={
        !summary
          ? t`Payments received in each of the last six months`
          : past
            ? t`${received} from ${count} in the six months to ${lastMonth}, by payment date`
            : t`${received} from ${plural(payments, { one: '# payment', other: '# payments' })} in the last six months, by payment date`
      }
      chart={
        summary
          ? {
              type: 'bar',
              title: t`Payments received per month`,
              labelHeader: t`Month`,
              labels: months.map((month) => formatMonth(month.month)),
              series: [{ label: t`Received`, data: months.map((month) => month.amount), tone: 'brand' }],
              formatValue: money,
              formatTick: compactMoney(currency),
            }
          : null
      }
    />
  );
}
