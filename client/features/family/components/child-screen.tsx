import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { UserRoundX } from 'lucide-react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { YearsCard } from '~/components/years-card';
import { ApiError } from '~/lib/api';
import { useRealtimeEvent } from '~/lib/realtime';
import { toast } from '~/lib/toast';
import { childOverviewQuery, childYearsQuery } from '../api';
import { firstName } from '../format';
import type { FamilyContext } from '../guard';
import { concernsClass, liveMessage } from '../live';
import { ChildHeaderCard } from './child-header-card';
import { ChildSwitcher } from './child-switcher';
import { FeesCard } from './fees-card';
import { HomeworkCard } from './homework-card';
import { columnClass, columnsClass, sectionOrder, stackClass } from './layout-classes';
import { MonthCard } from './month-card';
import { OverviewSkeleton } from './overview-skeleton';
import { ResultsCard } from './results-card';
import { TimetableCard } from './timetable-card';
import { TodayCard } from './today-card';
import { UpcomingDatesCard } from './upcoming-dates-card';

const styles = {
  intro: css({ display: 'flex', flexDirection: 'column', gap: '1', mb: '4' }),
  title: css({ fontSize: '2xl', fontWeight: 'semibold', letterSpacing: 'tight', lineHeight: '1.25' }),
  description: css({ color: 'fg.muted', fontSize: { base: 'md', lg: 'sm' } }),
};

export interface ChildScreenProps {
  family: FamilyContext;
  childId: string;
}

/** A child's day and term: today, this month, timetable, dates and fees; kept current by the school room. */
export function ChildScreen({ family, childId }: ChildScreenProps) {
  const { role, user, children } = family;
  const queryClient = useQueryClient();
  const overview = useQuery(childOverviewQuery(role, childId));
  const years = useQuery({ ...childYearsQuery(role, childId), enabled: overview.isSuccess });
  const current = children.find((child) => child._id === childId);
  const classId = current?.classId?._id ?? overview.data?.child.classId?._id;

  useRealtimeEvent((event) => {
    // Every child the event touches is reloaded (a brother in another class may be shown next).
    for (const child of children) {
      if (concernsClass(event, child.classId?._id)) {
        const part = event.type === 'results_published' ? 'results' : 'overview';
        void queryClient.invalidateQueries({ queryKey: ['family', role, part, child._id] });
        // The years hold this year's attendance and the published terms' results.
        if (event.type === 'results_published' || event.type === 'attendance_updated')
          void queryClient.invalidateQueries({ queryKey: ['family', role, 'years', child._id] });
      }
    }
    if (concernsClass(event, classId)) {
      const message = liveMessage(event);
      toast.info(message.title, { description: message.description });
    }
  });

  const notFound = overview.error instanceof ApiError && overview.error.status === 404;
  const first = firstName(user.name);

  return (
    <>
      <div className={styles.intro}>
        <h1 className={styles.title}>
          <Trans>Hello, {first}</Trans>
        </h1>
        <p className={styles.description}>
          {role === 'parent' ? t`Your children's school day at a glance.` : t`Your school day at a glance.`}
        </p>
      </div>
      {role === 'parent' && children.length > 1 ? <ChildSwitcher items={children} /> : null}

      {overview.isPending ? (
        <OverviewSkeleton />
      ) : notFound ? (
        <Card.Root>
          <EmptyState
            icon={UserRoundX}
            title={t`This page is not available`}
            description={t`We could not find this student among those linked to your account.`}
            action={
              <Link to="/family" className={button({ variant: 'outline' })}>
                <Trans>Back to my home</Trans>
              </Link>
            }
          />
        </Card.Root>
      ) : overview.isError ? (
        <Card.Root>
          <ErrorState
            as="h2"
            title={t`This page could not be loaded`}
            description={overview.error.message}
            onRetry={() => void overview.refetch()}
            retrying={overview.isFetching}
          />
        </Card.Root>
      ) : (
        <div className={stackClass}>
          <ChildHeaderCard overview={overview.data} />
          <div className={columnsClass}>
            <div className={columnClass}>
              <TodayCard overview={overview.data} className={sectionOrder.today} />
              <HomeworkCard role={role} childId={childId} classId={classId} className={sectionOrder.homework} />
              <TimetableCard overview={overview.data} className={sectionOrder.timetable} />
            </div>
            <div className={columnClass}>
              <MonthCard overview={overview.data} className={sectionOrder.month} />
              <UpcomingDatesCard overview={overview.data} className={sectionOrder.dates} />
              <FeesCard overview={overview.data} className={sectionOrder.fees} />
              <ResultsCard role={role} childId={childId} className={sectionOrder.results} />
            </div>
          </div>
          <YearsCard
            history={years}
            currency={overview.data.currency}
            description={t`Each year's class, attendance, published term results and fees.`}
          />
        </div>
      )}
    </>
  );
}
