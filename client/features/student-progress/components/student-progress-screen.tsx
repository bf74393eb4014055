import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { GraduationCap } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { PageHeader } from '~/components/ui/page-header';
import { TableSkeleton } from '~/components/ui/table-skeleton';
import * as Tabs from '~/components/ui/tabs';
import { AcademicTab } from './academic-tab';
import { OverviewTab } from './overview-tab';
import { type ProgressChoice, ProgressPickers, useProgressChoice } from './progress-choice';
import { ReportCardsTab } from './report-cards-tab';

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } }),
};

/** What the results tabs show while the class's results cannot be read. */
function ResultsGate({ choice, children }: { choice: ProgressChoice; children: ReactNode }) {
  const { results } = choice;
  if (results.isError) {
    return (
      <ErrorState
        as="h3"
        title={t`The results could not be loaded`}
        description={results.error.message}
        onRetry={() => void results.refetch()}
      />
    );
  }
  return children;
}

/** Before a class and term are chosen: loading, failing, or none to choose. */
function NotChosen({ choice }: { choice: ProgressChoice }) {
  const { classes, terms } = choice;
  if (classes.isPending || terms.isPending) return <TableSkeleton rows={3} columns={4} />;
  if (classes.isError || terms.isError) {
    return (
      <ErrorState
        as="h3"
        title={t`The report cards could not be loaded`}
        description={(classes.error ?? terms.error)?.message}
        onRetry={() => void Promise.all([classes.refetch(), terms.refetch()])}
      />
    );
  }
  return (
    <EmptyState
      icon={GraduationCap}
      title={t`No terms or classes yet`}
      description={t`Report cards follow once the school has classes and terms with marked assessments.`}
    />
  );
}

/**
 * One view of a class's term under its own class and term pickers: its report cards (publishing and download) or
 * its averages by subject across the year's terms. The Reports screen shows these as its gradebook reports.
 */
export function ClassTermReport({ view }: { view: 'cards' | 'progress' }) {
  const choice = useProgressChoice();
  const chosen = Boolean(choice.classId && choice.termId);
  return (
    <div className={styles.page}>
      <ProgressPickers choice={choice} />
      {view === 'cards' ? (
        <ReportCardsTab choice={choice} />
      ) : chosen ? (
        <ResultsGate choice={choice}>
          <AcademicTab choice={choice} />
        </ResultsGate>
      ) : (
        <NotChosen choice={choice} />
      )}
    </div>
  );
}

/** A class's term in three tabs: its figures, its averages by subject and term, and its report cards. */
export function StudentProgressScreen() {
  const choice = useProgressChoice();
  const chosen = Boolean(choice.classId && choice.termId);
  return (
    <div className={styles.page}>
      <PageHeader
        title={t`Student Performance Reports`}
        description={<Trans>A class's term results, its averages across the year, and its report cards.</Trans>}
      />
      <ProgressPickers choice={choice} />
      <Tabs.Root defaultValue="overview" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="overview">
            <Trans>Overview</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="academic">
            <Trans>Academic Progress</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="reports">
            <Trans>Progress Reports</Trans>
          </Tabs.Trigger>
          <Tabs.Indicator />
        </Tabs.List>
        <Tabs.Content value="overview">
          {chosen ? (
            <ResultsGate choice={choice}>
              <OverviewTab choice={choice} />
            </ResultsGate>
          ) : (
            <NotChosen choice={choice} />
          )}
        </Tabs.Content>
        <Tabs.Content value="academic">
          {chosen ? (
            <ResultsGate choice={choice}>
              <AcademicTab choice={choice} />
            </ResultsGate>
          ) : (
            <NotChosen choice={choice} />
          )}
        </Tabs.Content>
        <Tabs.Content value="reports">
          <ReportCardsTab choice={choice} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
