import { CalendarX2 } from 'lucide-react';
import { Badge } from '~/components/ui/badge';
import { ChartCard } from '~/components/ui/chart-card';
import { EmptyState } from '~/components/ui/empty-state';
import { formatMoney } from '~/components/ui/money';
import type { DashboardSummary } from '../api';
import { formatMonth, formatWeekday } from '../format';

const percent = (value: number) => `${value.toFixed(1)}%`;

function compactMoney(currency: string) {
  try {
    const format = new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    return (value: number) => format.format(value);
  } catch {
    return (value: number) => value.toLocaleString();
  }
}

export function AttendanceTrendCard({ summary }: { summary: DashboardSummary | undefined }) {
  const days = summary?.attendanceTrend ?? [];
  const average = days.length ? days.reduce((sum, day) => sum + day.rate, 0) / days.length : null;
  return (
    <ChartCard
      title="Attendance Trend"
      description="Students present (any period) and absent (every period), last six school days"
      aside={average !== null ? <Badge tone="success">{percent(average)} average</Badge> : null}
      empty={
        summary && days.length === 0 ? (
          <EmptyState
            as="h3"
            icon={CalendarX2}
            title="No attendance marked yet"
            description="The trend appears once teachers mark attendance."
          />
        ) : undefined
      }
      chart={
        summary
          ? {
              type: 'line',
              title: 'Attendance on the last six school days',
              labelHeader: 'Date',
              labels: days.map((day) => formatWeekday(day.date)),
              series: [
                { label: 'Students present', data: days.map((day) => day.present), tone: 'success' },
                { label: 'Students absent', data: days.map((day) => day.absent), tone: 'danger' },
              ],
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
      title="Student Distribution"
      description="Active students in each class"
      empty={
        summary && grades.length === 0 ? (
          <EmptyState as="h3" icon={CalendarX2} title="No classes yet" description="Add classes to see the split." />
        ) : undefined
      }
      chart={
        summary
          ? {
              type: 'doughnut',
              title: 'Active students per class',
              labelHeader: 'Class',
              labels: grades.map(([grade]) => `Class ${grade}`),
              series: [{ label: 'Students', data: grades.map(([, n]) => n) }],
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
  const money = (value: number) => formatMoney(value, currency);
  return (
    <ChartCard
      title="Payments Received"
      description={
        summary
          ? `${money(total)} from ${payments.toLocaleString()} ${payments === 1 ? 'payment' : 'payments'} in the last six months, by payment date`
          : 'Payments received in each of the last six months'
      }
      chart={
        summary
          ? {
              type: 'bar',
              title: 'Payments received per month',
              labelHeader: 'Month',
              labels: months.map((month) => formatMonth(month.month)),
              series: [{ label: 'Received', data: months.map((month) => month.amount), tone: 'brand' }],
              formatValue: money,
              formatTick: compactMoney(currency),
            }
          : null
      }
    />
  );
}
