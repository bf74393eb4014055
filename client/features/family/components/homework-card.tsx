import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, NotebookPen } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { Badge } from '~/components/ui/badge';
import { mirrorInRtl } from '~/components/ui/mirror';
import { Skeleton } from '~/components/ui/skeleton';
import { type HomeworkRow, homeworkGlanceQuery } from '../homework-api';
import { dueText, label, WORK_LABELS, WORK_TONES } from '../homework-format';
import { useLiveHomework } from '../homework-live';
import type { FamilyRole } from '../session';
import { SectionCard } from './section-card';

const styles = {
  counts: css({ display: 'flex', gap: '2', flexWrap: 'wrap', mb: '3' }),
  list: css({ display: 'flex', flexDirection: 'column', listStyle: 'none', p: '0', m: '0' }),
  item: css({ '&:not(:last-child)': { borderBottomWidth: '1px', borderColor: 'border' } }),
  link: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    py: '2',
    minH: 'touch',
    color: 'fg',
    textDecoration: 'none',
    borderRadius: 'md',
    _hover: { bg: 'muted' },
  }),
  text: css({ display: 'flex', flexDirection: 'column', minW: '0', flex: '1' }),
  title: css({ fontWeight: 'medium', overflowWrap: 'anywhere' }),
  meta: css({ fontSize: 'sm', color: 'fg.muted' }),
  none: css({ color: 'fg.muted', fontSize: 'sm' }),
  all: css({ mt: '3', w: { base: 'full', sm: 'auto' } }),
};

function Item({ row, childId }: { row: HomeworkRow; childId: string }) {
  return (
    <li className={styles.item}>
      <Link
        to="/family/$childId/homework"
        params={{ childId }}
        search={{ tab: row.status, open: row._id }}
        className={styles.link}
      >
        <span className={styles.text}>
          <span className={styles.title} dir="auto">
            {row.title}
          </span>
          <span className={styles.meta}>
            {row.subject.name} · {dueText(row)}
          </span>
        </span>
        <Badge tone={WORK_TONES[row.status]} size="sm">
          {label(WORK_LABELS[row.status])}
        </Badge>
      </Link>
    </li>
  );
}

/** The child's homework at a glance: what is overdue, what is due soon, and the way to all of it. */
export function HomeworkCard({
  role,
  childId,
  classId,
  className,
}: {
  role: FamilyRole;
  childId: string;
  classId: string | null | undefined;
  className?: string;
}) {
  const glance = useQuery(homeworkGlanceQuery(role, childId));
  useLiveHomework(role, childId, classId);
  const data = glance.data;
  const rows = data ? [...data.overdue, ...data.dueSoon] : [];
  const toHandIn = data?.pending ?? 0;
  const overdue = data?.overdueCount ?? 0;
  return (
    <SectionCard
      className={className}
      title={t`Homework`}
      icon={NotebookPen}
      description={role === 'student' ? t`Work to hand in, and work returned to you` : t`Work set by the teachers`}
    >
      {glance.isPending ? (
        <Skeleton height="16" />
      ) : glance.isError ? (
        <p className={styles.none}>{glance.error.message}</p>
      ) : (
        <>
          <div className={styles.counts} data-testid="homework-counts">
            <Badge tone={toHandIn > 0 ? 'info' : 'neutral'}>
              {plural(toHandIn, { one: '# to hand in', other: '# to hand in' })}
            </Badge>
            <Badge tone={overdue > 0 ? 'danger' : 'neutral'}>
              {plural(overdue, { one: '# overdue', other: '# overdue' })}
            </Badge>
          </div>
          {rows.length === 0 ? (
            <p className={styles.none}>
              <Trans>Nothing due right now.</Trans>
            </p>
          ) : (
            <ul className={styles.list} aria-label={t`Due soon and overdue`}>
              {rows.map((row) => (
                <Item key={row._id} row={row} childId={childId} />
              ))}
            </ul>
          )}
        </>
      )}
      <Link
        to="/family/$childId/homework"
        params={{ childId }}
        className={cx(button({ variant: 'outline' }), styles.all)}
      >
        <Trans>See all homework</Trans>
        <ArrowRight className={mirrorInRtl} size={16} aria-hidden="true" />
      </Link>
    </SectionCard>
  );
}
