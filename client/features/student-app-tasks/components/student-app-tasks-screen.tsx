import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCheck, ClipboardList, Clock3, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { ErrorState } from '~/components/ui/error-state';
import { PageHeader } from '~/components/ui/page-header';
import { StatCard } from '~/components/ui/stat';
import * as Tabs from '~/components/ui/tabs';
import { useRealtimeEvent } from '~/lib/realtime';
import { homeworkKeys, summaryQuery } from '../api';
import { count } from '../format';
import { AssignmentsTab } from './assignments-tab';
import { OverviewTab } from './overview-tab';
import { ReportsTab } from './reports-tab';
import { SubmissionsTab } from './submissions-tab';
import { TasksTab } from './tasks-tab';

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' }, minW: '0' }),
  stats: css({
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
    gap: '4',
  }),
  tabs: css({ minW: '0' }),
};

/**
 * `/student-app-tasks`: the school's homework for the office. Cards and every tab come from the homework API: the
 * figures (`GET /homework/summary`), the homework list, its hand-ins, and the students' tasks. Setting homework is
 * the teachers'; the office follows it here.
 */
export function StudentAppTasksScreen() {
  const [tab, setTab] = useState('overview');
  const [opened, setOpened] = useState('');
  const summary = useQuery(summaryQuery());
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    if (event.type === 'homework_updated') void queryClient.invalidateQueries({ queryKey: homeworkKeys.all });
  });
  const totals = summary.data?.totals;
  const loading = summary.isPending;
  const open = (id: string) => {
    setOpened(id);
    setTab('submissions');
  };
  return (
    <div className={styles.page}>
      <PageHeader
        title={t`Assignments & Homework`}
        description={t`Homework set by your teachers, what students have handed in, and their own tasks.`}
      />
      {summary.isError ? (
        <ErrorState
          title={t`The homework figures could not be loaded`}
          description={summary.error.message}
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        />
      ) : (
        <div className={styles.stats}>
          <StatCard
            label={t`Assignments`}
            icon={ClipboardList}
            loading={loading}
            value={totals ? count(totals.homework) : undefined}
            helpText={totals ? t`${count(totals.active)} still open` : undefined}
          />
          <StatCard
            label={t`Pending`}
            icon={Clock3}
            tone="warning"
            loading={loading}
            value={totals ? count(totals.pending) : undefined}
            helpText={t`Hand-ins still expected on open homework`}
          />
          <StatCard
            label={t`Completed`}
            icon={CheckCheck}
            tone="success"
            loading={loading}
            value={totals ? count(totals.completed) : undefined}
            helpText={t`Past due, every student handed in`}
          />
          <StatCard
            label={t`Overdue`}
            icon={TriangleAlert}
            tone="danger"
            loading={loading}
            value={totals ? count(totals.overdue) : undefined}
            helpText={totals ? t`Past due with ${count(totals.missing)} hand-ins missing` : undefined}
          />
        </div>
      )}
      <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} lazyMount className={styles.tabs}>
        <Tabs.List>
          <Tabs.Trigger value="overview">
            <Trans>Overview</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="assignments">
            <Trans>Assignments</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="tasks">
            <Trans>Tasks</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="submissions">
            <Trans>Submissions</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="reports">
            <Trans>Reports</Trans>
          </Tabs.Trigger>
          <Tabs.Indicator />
        </Tabs.List>
        <Tabs.Content value="overview">
          <OverviewTab summary={summary.data} onOpen={open} />
        </Tabs.Content>
        <Tabs.Content value="assignments">
          <AssignmentsTab onOpen={open} />
        </Tabs.Content>
        <Tabs.Content value="tasks">
          <TasksTab />
        </Tabs.Content>
        <Tabs.Content value="submissions">
          <SubmissionsTab homeworkId={opened} onHomeworkChange={setOpened} />
        </Tabs.Content>
        <Tabs.Content value="reports">
          <ReportsTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
