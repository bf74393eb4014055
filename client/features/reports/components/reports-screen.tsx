import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CalendarCheck, FileBarChart, GraduationCap, Wallet } from 'lucide-react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import { ChartCard } from '~/components/ui/chart-card';
import { lazyPart } from '~/components/ui/lazy-part';
import { PageHeader } from '~/components/ui/page-header';
import { PreviewBadge, PreviewNotice, previewOnly } from '~/components/ui/preview-notice';
import { StatCard } from '~/components/ui/stat';
import * as Tabs from '~/components/ui/tabs';
import { currentLanguage } from '~/lib/i18n';
import {
  ATTENDANCE_BY_MONTH,
  className,
  FEES_BY_MONTH,
  months,
  reports,
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

const money = (value: number) =>
  new Intl.NumberFormat(currentLanguage(), {
    style: 'currency',
    currency: SAMPLE_CURRENCY,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
const compactMoney = (value: number) =>
  new Intl.NumberFormat(currentLanguage(), {
    style: 'currency',
    currency: SAMPLE_CURRENCY,
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(value);
const percent = (value: number, digits: number) =>
  new Intl.NumberFormat(currentLanguage(), {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value / 100);
const count = (value: number) => new Intl.NumberFormat(currentLanguage()).format(value);

export function ReportsScreen() {
  const samples = reports();
  const monthNames = months();
  return (
    <div className={styles.page}>
      <PageHeader
        title={t`Reports`}
        description={
          <span className={styles.description}>
            <PreviewBadge />
            <Trans>Report cards, attendance, fee and custom reports.</Trans>
          </span>
        }
        actions={
          <Button onClick={() => previewOnly(t`Generating a report`)}>
            <FileBarChart size={16} aria-hidden="true" />
            <Trans>Generate report</Trans>
          </Button>
        }
      />
      <PreviewNotice>
        {t`This screen shows the reports to come, with fixed sample figures rather than your school's data.`}
      </PreviewNotice>
      <Tabs.Root defaultValue="overview" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="overview">
            <Trans>Overview</Trans>
          </Tabs.Trigger>
          {samples.map((report) => (
            <Tabs.Trigger key={report.id} value={report.id}>
              {report.label}
            </Tabs.Trigger>
          ))}
          <Tabs.Trigger value="custom">
            <Trans>Customised Reports</Trans>
          </Tabs.Trigger>
          <Tabs.Indicator />
        </Tabs.List>
        <Tabs.Content value="overview">
          <div className={styles.overview}>
            <div className={styles.stats}>
              <StatCard
                label={t`Reports`}
                icon={FileBarChart}
                value={count(SUMMARY.reports)}
                helpText={t`Generated this term`}
              />
              <StatCard
                label={t`Students`}
                icon={GraduationCap}
                tone="info"
                value={count(SUMMARY.students)}
                helpText={t`Across all classes`}
              />
              <StatCard
                label={t`Attendance`}
                icon={CalendarCheck}
                tone="success"
                value={percent(SUMMARY.attendance, 0)}
                helpText={t`Average this term`}
              />
              <StatCard
                label={t`Fees collected`}
                icon={Wallet}
                tone="warning"
                value={money(SUMMARY.feesCollected)}
                helpText={t`This academic year`}
              />
            </div>
            <div className={styles.charts}>
              <ChartCard
                title={t`Attendance trend`}
                description={t`Average attendance per month (sample)`}
                chart={{
                  type: 'line',
                  title: t`Sample attendance per month`,
                  labelHeader: t`Month`,
                  labels: monthNames,
                  series: [{ label: t`Attendance`, data: ATTENDANCE_BY_MONTH, tone: 'success' }],
                  formatValue: (value) => percent(value, 1),
                  valueMin: 80,
                  valueMax: 100,
                }}
              />
              <ChartCard
                title={t`Fee collection`}
                description={t`Fees collected per month (sample)`}
                chart={{
                  type: 'bar',
                  title: t`Sample fees collected per month`,
                  labelHeader: t`Month`,
                  labels: monthNames,
                  series: [{ label: t`Collected`, data: FEES_BY_MONTH, tone: 'brand' }],
                  formatValue: money,
                  formatTick: compactMoney,
                }}
              />
              <ChartCard
                title={t`Students by class`}
                description={t`Enrolment per class (sample)`}
                chart={{
                  type: 'doughnut',
                  title: t`Sample students per class`,
                  labelHeader: t`Class`,
                  labels: STUDENTS_BY_GRADE.map(([grade]) => className(grade)),
                  series: [{ label: t`Students`, data: STUDENTS_BY_GRADE.map(([, count]) => count) }],
                }}
              />
            </div>
          </div>
        </Tabs.Content>
        {samples.map((report) => (
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
