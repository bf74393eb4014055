import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { FileBarChart } from 'lucide-react';
import { type ComponentType, type ReactNode, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import { lazyPart } from '~/components/ui/lazy-part';
import { PageHeader } from '~/components/ui/page-header';
import { TableSkeleton } from '~/components/ui/table-skeleton';
import * as Tabs from '~/components/ui/tabs';
import { reports } from '../report-tabs';
import { OverviewReport } from './overview-report';

/** A tab other than the Overview: its code loads once the screen has drawn, or at once when the tab is opened. */
const tabPart = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazyPart(
    load,
    () => true,
    () => <TableSkeleton rows={4} columns={4} />,
  );

const CustomReportBuilder = tabPart(() => import('./custom-report-builder').then((m) => m.CustomReportBuilder));
const ClassTermReport = tabPart(() => import('~/features/student-progress').then((m) => m.ClassTermReport));
const StudentsAttendanceReport = tabPart(() => import('./attendance-report').then((m) => m.StudentsAttendanceReport));
const StaffAttendanceReport = tabPart(() => import('./attendance-report').then((m) => m.StaffAttendanceReport));
const DirectoryReport = tabPart(() => import('./directory-report').then((m) => m.DirectoryReport));
const FeeCollectionReport = tabPart(() => import('./fee-collection-report').then((m) => m.FeeCollectionReport));
const AccountsReport = tabPart(() => import('./accounts-report').then((m) => m.AccountsReport));

/** Each tab's report, by tab id. */
const TABS: Record<string, () => ReactNode> = {
  'report-card': () => <ClassTermReport view="cards" />,
  'student-attendance': () => <StudentsAttendanceReport />,
  'staff-attendance': () => <StaffAttendanceReport />,
  progress: () => <ClassTermReport view="progress" />,
  'students-info': () => <DirectoryReport kind="students" />,
  'parents-info': () => <DirectoryReport kind="parents" />,
  'fee-collection': () => <FeeCollectionReport />,
  accounts: () => <AccountsReport />,
};

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } }),
};

export function ReportsScreen() {
  const tabs = reports();
  const [tab, setTab] = useState('overview');
  return (
    <div className={styles.page}>
      <PageHeader
        title={t`Reports`}
        description={t`Report cards, attendance, fee and custom reports.`}
        actions={
          <Button onClick={() => setTab('custom')}>
            <FileBarChart size={16} aria-hidden="true" />
            <Trans>Generate report</Trans>
          </Button>
        }
      />
      <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="overview">
            <Trans>Overview</Trans>
          </Tabs.Trigger>
          {tabs.map((report) => (
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
          <OverviewReport />
        </Tabs.Content>
        {tabs.map((report) => (
          <Tabs.Content key={report.id} value={report.id}>
            {TABS[report.id]?.()}
          </Tabs.Content>
        ))}
        <Tabs.Content value="custom">
          <CustomReportBuilder />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
