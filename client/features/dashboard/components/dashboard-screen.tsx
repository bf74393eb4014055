import { t } from '@lingui/core/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { css } from 'styled-system/css';
import * as Card from '~/components/ui/card';
import { ErrorState } from '~/components/ui/error-state';
import { PageHeader } from '~/components/ui/page-header';
import { type RegisterFilter, RegistersCard } from '~/features/attendance';
import { UpcomingDatesPanel } from '~/features/important-dates';
import { useRealtimeEvent } from '~/lib/realtime';
import { portalTimeZone, schoolClock } from '~/lib/school-time';
import { useSession } from '~/lib/session';
import { useViewedYear } from '~/lib/use-viewed-year';
import { storedSchoolId } from '~/lib/viewed-year';
import { reloadDashboard, summaryQuery } from '../api';
import { greeting } from '../format';
import { Clock, useNow } from './clock';
import { AttendanceTrendCard, FeeCollectionCard, StudentDistributionCard } from './dashboard-charts';
import { QuickActions } from './quick-actions';
import { RecentActivities } from './recent-activities';
import { RecentComplaints } from './recent-complaints';
import { RecentStudents } from './recent-students';
import { SummaryCards } from './summary-cards';
import { SystemStatus } from './system-status';

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } }),
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', lg: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
    gap: { base: '4', md: '6' },
    alignItems: 'stretch',
  }),
  // Panels of different heights stack in columns rather than stretching to one row height.
  column: css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' }, minW: '0' }),
};

function Greeting({ name }: { name: string }) {
  // A minute is fine enough to change the greeting; the clock beside it ticks every second on its own.
  const now = useNow(60_000);
  return <>{greeting(Number(schoolClock(portalTimeZone(), now).time.slice(0, 2)), name)}</>;
}

export function DashboardScreen() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const summary = useQuery(summaryQuery());
  const [registers, setRegisters] = useState<RegisterFilter>('not-taken');
  const viewed = useViewedYear(storedSchoolId());

  useRealtimeEvent((event) => {
    if (event.type === 'attendance_updated') void reloadDashboard(queryClient);
  });

  const data = summary.data;
  return (
    <div className={styles.page}>
      <PageHeader title={t`Dashboard`} description={<Greeting name={user?.name ?? t`there`} />} actions={<Clock />} />
      {summary.isError ? (
        <Card.Root>
          <ErrorState
            as="h2"
            title={t`The dashboard could not be loaded`}
            description={summary.error.message}
            onRetry={() => void summary.refetch()}
            retrying={summary.isFetching}
          />
        </Card.Root>
      ) : (
        <SummaryCards summary={data} />
      )}
      {/* Today's registers are this year's: a past year has no today. */}
      {viewed ? null : <RegistersCard filter={registers} onFilterChange={setRegisters} limit={6} />}
      {summary.isError ? null : (
        <div className={styles.grid}>
          <AttendanceTrendCard summary={data} />
          <FeeCollectionCard summary={data} />
          <StudentDistributionCard summary={data} />
        </div>
      )}
      <div className={styles.grid}>
        <div className={styles.column}>
          <QuickActions />
          <RecentStudents summary={data} failed={summary.isError} />
        </div>
        <div className={styles.column}>
          <SystemStatus status={summary.status} />
          <RecentComplaints summary={data} failed={summary.isError} />
        </div>
        <div className={styles.column}>
          <RecentActivities />
          <UpcomingDatesPanel showCalendarLink limit={5} />
        </div>
      </div>
    </div>
  );
}
