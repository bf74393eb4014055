import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, ListTodo, NotebookPen } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { mirrorInRtl } from '~/components/ui/mirror';
import { Skeleton } from '~/components/ui/skeleton';
import * as Tabs from '~/components/ui/tabs';
import { firstName } from '../format';
import type { FamilyContext } from '../guard';
import { childHomeworkQuery, type HomeworkRow, WORK_STATUSES, type WorkStatus } from '../homework-api';
import { dueText, instantText, label, marksText, WORK_LABELS, WORK_TONES } from '../homework-format';
import { useLiveHomework } from '../homework-live';
import type { HomeworkSearch, HomeworkTab } from '../homework-search';
import type { FamilyRole } from '../session';
import { HomeworkDetail } from './homework-detail';
import { TasksPanel } from './homework-tasks';

export type { HomeworkSearch, HomeworkTab };

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '3xl', mx: 'auto', w: 'full', minW: '0' }),
  back: css({ px: '3', ms: '-3', alignSelf: 'flex-start' }),
  introRow: css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '3' }),
  intro: css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' }),
  tasksLink: css({ flexShrink: '0' }),
  title: css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'semibold', letterSpacing: 'tight' }),
  description: css({ color: 'fg.muted', fontSize: { base: 'md', lg: 'sm' } }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: '0', m: '0' }),
  row: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '1.5',
    p: '4',
    w: 'full',
    textAlign: 'start',
    bg: 'surface',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'xl',
    boxShadow: 'card',
    cursor: 'pointer',
    color: 'fg',
    textDecoration: 'none',
    _hover: { borderColor: 'brand.border' },
  }),
  rowHead: css({ display: 'flex', alignItems: 'flex-start', gap: '2', justifyContent: 'space-between' }),
  subject: css({ fontSize: 'sm', color: 'fg.muted', fontWeight: 'medium' }),
  rowTitle: css({ fontWeight: 'semibold', fontSize: 'md', overflowWrap: 'anywhere' }),
  meta: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' }),
  badges: css({ display: 'flex', gap: '1.5', flexShrink: '0', flexWrap: 'wrap', justifyContent: 'flex-end' }),
  more: css({ alignSelf: 'center' }),
  tabLabel: css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' }),
};

const EMPTY: Record<WorkStatus, () => string> = {
  pending: () => t`Nothing to hand in right now.`,
  submitted: () => t`No work is waiting to be returned.`,
  returned: () => t`No work has been returned yet.`,
  overdue: () => t`Nothing is overdue.`,
};

function HomeworkItem({
  row,
  childId,
  tab,
  timeZone,
}: {
  row: HomeworkRow;
  childId: string;
  tab: WorkStatus;
  timeZone?: string | null;
}) {
  const handedIn = row.submittedAt ? instantText(row.submittedAt, timeZone) : null;
  const marks = row.status === 'returned' && row.marks != null ? marksText(row.marks, row.maxMarks) : null;
  return (
    <li>
      <Link to="/family/$childId/homework" params={{ childId }} search={{ tab, open: row._id }} className={styles.row}>
        <span className={styles.rowHead}>
          <span className={styles.subject}>{row.subject.name}</span>
          <span className={styles.badges}>
            {row.late ? (
              <Badge tone="warning" size="sm">
                <Trans>Late</Trans>
              </Badge>
            ) : null}
            <Badge tone={WORK_TONES[row.status]} size="sm">
              {label(WORK_LABELS[row.status])}
            </Badge>
          </span>
        </span>
        <span className={styles.rowTitle} dir="auto">
          {row.title}
        </span>
        <span className={styles.meta}>
          <span>{dueText(row)}</span>
          {handedIn ? <span>· {t`Handed in on ${handedIn}`}</span> : null}
          {marks ? <span data-numeric="">· {t`Marks ${marks}`}</span> : null}
        </span>
      </Link>
    </li>
  );
}

function HomeworkList({
  role,
  childId,
  status,
  timeZone,
}: {
  role: FamilyRole;
  childId: string;
  status: WorkStatus;
  timeZone?: string | null;
}) {
  const list = useInfiniteQuery(childHomeworkQuery(role, childId, status));
  if (list.isPending) return <Skeleton height="32" />;
  if (list.isError)
    return (
      <Card.Root>
        <ErrorState
          as="h2"
          title={t`Homework could not be loaded`}
          description={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      </Card.Root>
    );
  const rows = list.data.pages.flatMap((page) => page.data.homework);
  if (rows.length === 0)
    return (
      <Card.Root>
        <EmptyState icon={NotebookPen} title={EMPTY[status]()} as="h2" />
      </Card.Root>
    );
  return (
    <>
      <ul className={styles.list} aria-label={label(WORK_LABELS[status])}>
        {rows.map((row) => (
          <HomeworkItem key={row._id} row={row} childId={childId} tab={status} timeZone={timeZone} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button
          variant="outline"
          className={styles.more}
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
          loadingText={t`Loading...`}
        >
          <Trans>Show more</Trans>
        </Button>
      ) : null}
    </>
  );
}

export interface HomeworkScreenProps {
  family: FamilyContext;
  childId: string;
  search: HomeworkSearch;
  onSearchChange: (next: HomeworkSearch) => void;
}

/** A child's homework by status, one homework opened with its hand-in, and the student's own tasks. */
export function HomeworkScreen({ family, childId, search, onSearchChange }: HomeworkScreenProps) {
  const { role } = family;
  const child = family.children.find((each) => each._id === childId);
  const timeZone = family.user.school?.timeZone ?? null;
  useLiveHomework(role, childId, child?.classId?._id);
  const tab = search.tab ?? 'pending';
  const tabsRef = useRef<HTMLDivElement>(null);
  // On a phone the strip scrolls: the chosen tab (Tasks, from the button or a link) is brought into view.
  useEffect(() => {
    const selected = tabsRef.current?.querySelector('[role=tab][aria-selected=true]');
    if (tab && selected) selected.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  const name = child ? firstName(child.name) : '';

  return (
    <div className={styles.page}>
      {search.open ? (
        <>
          <Link
            to="/family/$childId/homework"
            params={{ childId }}
            search={{ ...(search.tab ? { tab: search.tab } : {}) }}
            className={cx(button({ variant: 'ghost', size: 'md' }), styles.back)}
          >
            <ArrowLeft className={mirrorInRtl} size={18} aria-hidden="true" />
            <Trans>All homework</Trans>
          </Link>
          <HomeworkDetail role={role} childId={childId} homeworkId={search.open} timeZone={timeZone} />
        </>
      ) : (
        <>
          <Link
            to="/family/$childId"
            params={{ childId }}
            className={cx(button({ variant: 'ghost', size: 'md' }), styles.back)}
          >
            <ArrowLeft className={mirrorInRtl} size={18} aria-hidden="true" />
            <Trans>Home</Trans>
          </Link>
          <div className={styles.introRow}>
            <div className={styles.intro}>
              <h1 className={styles.title}>
                <Trans>Homework</Trans>
              </h1>
              <p className={styles.description}>
                {role === 'parent'
                  ? t`${name}'s homework, hand-ins and returned work.`
                  : t`Your homework: hand in your work and see it returned.`}
              </p>
            </div>
            {tab === 'tasks' ? null : (
              <Button
                variant="outline"
                size="sm"
                className={styles.tasksLink}
                onClick={() => onSearchChange({ tab: 'tasks' })}
              >
                <ListTodo size={16} aria-hidden="true" />
                {role === 'student' ? <Trans>My tasks</Trans> : <Trans>Tasks</Trans>}
              </Button>
            )}
          </div>
          <Tabs.Root
            ref={tabsRef}
            value={tab}
            onValueChange={(details) => onSearchChange({ tab: details.value as HomeworkTab })}
          >
            <Tabs.List aria-label={t`Homework views`}>
              {WORK_STATUSES.map((status) => (
                <Tabs.Trigger key={status} value={status}>
                  {label(WORK_LABELS[status])}
                </Tabs.Trigger>
              ))}
              <Tabs.Trigger value="tasks">
                <Trans>Tasks</Trans>
              </Tabs.Trigger>
              <Tabs.Indicator />
            </Tabs.List>
            {WORK_STATUSES.map((status) => (
              <Tabs.Content key={status} value={status}>
                {tab === status ? (
                  <HomeworkList role={role} childId={childId} status={status} timeZone={timeZone} />
                ) : null}
              </Tabs.Content>
            ))}
            <Tabs.Content value="tasks">
              {tab === 'tasks' ? <TasksPanel role={role} childId={childId} /> : null}
            </Tabs.Content>
          </Tabs.Root>
        </>
      )}
    </div>
  );
}
