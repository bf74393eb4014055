import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, FileBarChart, GraduationCap, Wallet } from 'lucide-react';
import { css } from 'styled-system/css';
import { ChartCard } from '~/components/ui/chart-card';
import { ErrorState } from '~/components/ui/error-state';
import { formatMoney } from '~/components/ui/money';
import { StatCard } from '~/components/ui/stat';
import type { Data } from '~/lib/answers';
import { api } from '~/lib/api';
import { classLabel } from '~/lib/class-label';
import { currentLanguage } from '~/lib/i18n';
import type { reportsOverviewAnswer } from '../../../../worker/modules/reports/overview-schemas';

type Overview = Data<typeof reportsOverviewAnswer>;

const styles = {
  overview: css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } }),
  stats: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
    gap: '4',
  }),
  charts: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', lg: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
    gap: { base: '4', md: '6' },
  }),
};

const count = (value: number) => new Intl.NumberFormat(currentLanguage()).format(value);
const percent = (value: number) =>
  new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
const monthName = (month: string) =>
  new Intl.DateTimeFormat(currentLanguage(), { month: 'short', timeZone: 'UTC' }).format(Date.parse(`${month}-01`));
const compact = (currency: string) => (value: number) =>
  new Intl.NumberFormat(currentLanguage(), {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(value);

/** The Reports Overview: the school's figures this month and the year's fees and attendance, in one call. */
export function OverviewReport() {
  const overview = useQuery({
    queryKey: ['reports', 'overview'],
    queryFn: ({ signal }) => api.call('GET /reports/overview', {}, { signal }),
  });
  if (overview.isError)
    return (
      <ErrorState
        title={t`The overview could not be loaded`}
        description={overview.error.message}
        onRetry={() => overview.refetch()}
        retrying={overview.isFetching}
      />
    );
  const data: Overview | undefined = overview.data;
  const money = (value: number) => (data ? formatMoney(value, data.currency) : '');
  const attended = data?.byMonth.filter((m) => m.attendanceRate !== null) ?? [];
  return (
    <div className={styles.overview}>
      <div className={styles.stats}>
        <StatCard
          label={t`Students`}
          icon={GraduationCap}
          tone="info"
          value={data ? count(data.students.active) : undefined}
          helpText={data ? t`Active, of ${count(data.students.total)} on the roll` : undefined}
        />
        <StatCard
          label={t`Attendance this month`}
          icon={CalendarCheck}
          tone="success"
          value={data ? (data.attendance.rate === null ? '—' : percent(data.attendance.rate)) : undefined}
          helpText={t`Present over present and absent`}
        />
        <StatCard
          label={t`Fees collected this month`}
          icon={Wallet}
          tone="warning"
          value={data ? money(data.fees.collected) : undefined}
          helpText={data ? t`Against ${money(data.fees.due)} falling due this month` : undefined}
        />
        <StatCard
          label={t`Reports run this month`}
          icon={FileBarChart}
          value={data ? count(data.reportsRun) : undefined}
          helpText={t`Runs and downloads, from the activity log`}
        />
      </div>
      <div className={styles.charts}>
        <ChartCard
          title={t`Fees due and collected`}
          description={t`Per month of the academic year`}
          chart={
            data
              ? {
                  type: 'bar',
                  title: t`Fees due and collected per month`,
                  labelHeader: t`Month`,
                  labels: data.byMonth.map((m) => monthName(m.month)),
                  series: [
                    { label: t`Due`, data: data.byMonth.map((m) => m.due), tone: 'sky' },
                    { label: t`Collected`, data: data.byMonth.map((m) => m.collected), tone: 'brand' },
                  ],
                  formatValue: money,
                  formatTick: compact(data.currency),
                }
              : null
          }
        />
        <ChartCard
          title={t`Attendance trend`}
          description={t`Attendance rate per month with registers`}
          chart={
            data
              ? {
                  type: 'line',
                  title: t`Attendance rate per month`,
                  labelHeader: t`Month`,
                  labels: attended.map((m) => monthName(m.month)),
                  series: [{ label: t`Attendance`, data: attended.map((m) => m.attendanceRate ?? 0), tone: 'success' }],
                  formatValue: percent,
                }
              : null
          }
          empty={attended.length === 0 ? t`No registers taken this year yet.` : undefined}
        />
        <ChartCard
          title={t`Students by class`}
          description={t`Active students per class`}
          chart={
            data
              ? {
                  type: 'doughnut',
                  title: t`Active students per class`,
                  labelHeader: t`Class`,
                  labels: data.perClass.map((c) => classLabel(c)),
                  series: [{ label: t`Students`, data: data.perClass.map((c) => c.students) }],
                }
              : null
          }
          empty={data && data.perClass.length === 0 ? t`No classes this year yet.` : undefined}
        />
      </div>
    </div>
  );
}
