import { CalendarCheck, FileBarChart, GraduationCap, Wallet } from 'lucide-react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import { ChartCard } from '~/components/ui/chart-card';
import { lazyPart } from '~/components/ui/lazy-part';
import { formatMoney } from '~/components/ui/money';
import { PageHeader } from '~/components/ui/page-header';
import { PreviewBadge, PreviewNotice, previewOnly } from '~/components/ui/preview-notice';
import { StatCard } from '~/components/ui/stat';
import * as Tabs from '~/components/ui/tabs';
import {
  ATTENDANCE_BY_MONTH,
  FEES_BY_MONTH,
  MONTHS,
  REPORTS,
  SAMPLE_CURRENCY,
  STUDENTS_BY_GRADE,
  SUMMARY,
} from '../sample-data';
import { SampleReportCard } from './sample-report-card';

// Another tab's builder: its code loads once the screen has drawn.
const CustomReportBuilder = lazyPart(
  () => import('./custom-report-builder').then((m) => m.CustomReportBuilder),
  () => true,
);

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } }),
  description: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' }),
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
  overview: css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } }),
};

const money = (value: number) => formatMoney(value, SAMPLE_CURRENCY);
const compactMoney = new Intl.NumberFormat(undefined, {
  style: 'currency',
  currency: SAMPLE_CURRENCY,
  notation: 'compact',
  maximumFractionDigits: 1,
});

export function ReportsScreen() {
  return (
    <div className={styles.page}>
      <PageHeader
        title="Reports"
        description={
          <span className={styles.description}>
            <PreviewBadge />
            Report cards, attendance, fee and custom reports.
          </span>
        }
        actions={
          <Button onClick={() => previewOnly('Generating a report')}>
            <FileBarChart size={16} aria-hidden="true" />
            Generate report
          </Button>
        }
      />
      <PreviewNotice>
        This screen shows the reports to come, with fixed sample figures rather than your school's data.
      </PreviewNotice>
      <Tabs.Root defaultValue="overview" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
          {REPORTS.map((report) => (
            <Tabs.Trigger key={report.id} value={report.id}>
              {report.label}
            </Tabs.Trigger>
          ))}
          <Tabs.Trigger value="custom">Customised Reports</Tabs.Trigger>
          <Tabs.Indicator />
        </Tabs.List>
        <Tabs.Content value="overview">
          <div className={styles.overview}>
            <div className={styles.stats}>
              <StatCard label="Reports" icon={FileBarChart} value={SUMMARY.reports} helpText="Generated this term" />
              <StatCard
                label="Students"
                icon={GraduationCap}
                tone="info"
                value={SUMMARY.students}
                helpText="Across all classes"
              />
              <StatCard
                label="Attendance"
                icon={CalendarCheck}
                tone="success"
                value={`${SUMMARY.attendance}%`}
                helpText="Average this term"
              />
              <StatCard
                label="Fees collected"
                icon={Wallet}
                tone="warning"
                value={money(SUMMARY.feesCollected)}
                helpText="This academic year"
              />
            </div>
            <div className={styles.charts}>
              <ChartCard
                title="Attendance trend"
                description="Average attendance per month (sample)"
                chart={{
                  type: 'line',
                  title: 'Sample attendance per month',
                  labelHeader: 'Month',
                  labels: MONTHS,
                  series: [{ label: 'Attendance', data: ATTENDANCE_BY_MONTH, tone: 'success' }],
                  formatValue: (value) => `${value.toFixed(1)}%`,
                  valueMin: 80,
                  valueMax: 100,
                }}
              />
              <ChartCard
                title="Fee collection"
                description="Fees collected per month (sample)"
                chart={{
                  type: 'bar',
                  title: 'Sample fees collected per month',
                  labelHeader: 'Month',
                  labels: MONTHS,
                  series: [{ label: 'Collected', data: FEES_BY_MONTH, tone: 'brand' }],
                  formatValue: money,
                  formatTick: (value) => compactMoney.format(value),
                }}
              />
              <ChartCard
                title="Students by class"
                description="Enrolment per class (sample)"
                chart={{
                  type: 'doughnut',
                  title: 'Sample students per class',
                  labelHeader: 'Class',
                  labels: STUDENTS_BY_GRADE.map(([grade]) => grade),
                  series: [{ label: 'Students', data: STUDENTS_BY_GRADE.map(([, count]) => count) }],
                }}
              />
            </div>
          </div>
        </Tabs.Content>
        {REPORTS.map((report) => (
          <Tabs.Content key={report.id} value={report.id}>
            <SampleReportCard report={report} />
          </Tabs.Content>
        ))}
        <Tabs.Content value="custom">
          <CustomReportBuilder />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
