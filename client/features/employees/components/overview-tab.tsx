import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { BookOpen, CalendarPlus, UserCheck, Users, Wallet } from 'lucide-react';
import { css } from 'styled-system/css';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { Money } from '~/components/ui/money';
import { Skeleton } from '~/components/ui/skeleton';
import { StatCard } from '~/components/ui/stat';
import type { TeacherStats } from '../api';
import { formatCount, formatDate, formatPercentWhole, isActive, monthName, subjectLabel } from '../format';
import { ActiveBadge, Avatar } from './parts';

const styles = {
  stats: css({
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
    gap: { base: '3', md: '4' },
    mb: { base: '4', md: '6' },
  }),
  panels: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
    gap: { base: '4', md: '6' },
    alignItems: 'start',
  }),
  bars: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  bar: css({
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 10rem) minmax(0, 1fr) 2.5rem',
    alignItems: 'center',
    gap: '3',
  }),
  barLabel: css({ fontSize: 'sm', truncate: true }),
  track: css({ h: '2', borderRadius: 'full', bg: 'muted', overflow: 'hidden' }),
  fill: css({ h: 'full', borderRadius: 'full', bg: 'brand.solid' }),
  barCount: css({ fontSize: 'sm', fontWeight: 'medium', textAlign: 'end', fontVariantNumeric: 'tabular-nums' }),
  note: css({ mt: '4', fontSize: 'xs', color: 'fg.muted' }),
  people: css({ display: 'flex', flexDirection: 'column' }),
  person: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    py: '3',
    borderTopWidth: '1px',
    borderColor: 'border',
    _first: { borderTopWidth: '0', pt: '0' },
  }),
  who: css({ display: 'flex', flexDirection: 'column', minW: '0', flex: '1' }),
  name: css({ fontWeight: 'medium', truncate: true }),
  meta: css({ fontSize: 'xs', color: 'fg.muted', truncate: true }),
};

export interface OverviewTabProps {
  stats: TeacherStats | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
}

/** Totals, the monthly payroll, new teachers this month, teachers per subject and the five most recent. */
export function OverviewTab({ stats, loading, error, onRetry }: OverviewTabProps) {
  if (error && !stats) {
    return (
      <Card.Root>
        <ErrorState
          as="h2"
          title={t`Teacher statistics could not be loaded`}
          description={error.message}
          onRetry={onRetry}
        />
      </Card.Root>
    );
  }
  const total = stats?.totalTeachers ?? 0;
  const active = stats?.activeTeachers ?? 0;
  const inactive = formatCount(stats?.inactiveTeachers ?? 0);
  const share = total > 0 ? formatPercentWhole(active / total) : '';
  const month = stats ? monthName(stats.month) : '';
  const joinedIn = stats ? t`Joined in ${month}` : undefined;
  const top = Math.max(1, ...(stats?.subjectDistribution.map((s) => s.count) ?? [1]));
  return (
    <>
      <div className={styles.stats}>
        <StatCard
          label={t`Total Teachers`}
          icon={Users}
          value={formatCount(total)}
          helpText={t`${inactive} inactive`}
          loading={loading}
        />
        <StatCard
          label={t`Active Teachers`}
          icon={UserCheck}
          tone="success"
          value={formatCount(active)}
          helpText={total > 0 ? t`${share} of all teachers` : t`No teachers yet`}
          loading={loading}
        />
        <StatCard
          label={t`Total Salary`}
          icon={Wallet}
          tone="warning"
          value={stats ? <Money amount={stats.totalSalary} currency={stats.currency} /> : null}
          helpText={t`Monthly payroll of active teachers`}
          loading={loading}
        />
        <StatCard
          label={t`New This Month`}
          icon={CalendarPlus}
          tone="info"
          value={formatCount(stats?.newThisMonth ?? 0)}
          helpText={joinedIn}
          loading={loading}
        />
      </div>
      <div className={styles.panels}>
        <Card.Root>
          <Card.Header>
            <Card.Title>
              <Trans>Distribution by Subject</Trans>
            </Card.Title>
            <Card.Description>
              <Trans>How many active teachers teach each subject</Trans>
            </Card.Description>
          </Card.Header>
          <Card.Body>
            {loading ? (
              <div className={styles.bars} aria-busy="true">
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} h="5" />
                ))}
              </div>
            ) : stats && stats.subjectDistribution.length > 0 ? (
              <>
                <ul className={styles.bars} aria-label={t`Active teachers per subject`}>
                  {stats.subjectDistribution.map((row) => (
                    <li key={row.subject} className={styles.bar}>
                      <span className={styles.barLabel}>{subjectLabel(row.subject)}</span>
                      <span className={styles.track} aria-hidden="true">
                        <span
                          className={styles.fill}
                          style={{ width: `${(row.count / top) * 100}%`, display: 'block' }}
                        />
                      </span>
                      <span className={styles.barCount}>{formatCount(row.count)}</span>
                    </li>
                  ))}
                </ul>
                {stats.teachersWithoutSubjects > 0 ? (
                  <p className={styles.note}>
                    {plural(stats.teachersWithoutSubjects, {
                      one: '# active teacher has no subjects listed.',
                      other: '# active teachers have no subjects listed.',
                    })}
                  </p>
                ) : null}
              </>
            ) : (
              <EmptyState
                as="h3"
                icon={BookOpen}
                title={t`No subjects yet`}
                description={t`Subjects appear here once teachers list them.`}
              />
            )}
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Header>
            <Card.Title>
              <Trans>Recently Added Teachers</Trans>
            </Card.Title>
            <Card.Description>
              <Trans>The five most recent additions</Trans>
            </Card.Description>
          </Card.Header>
          <Card.Body>
            {loading ? (
              <div className={styles.bars} aria-busy="true">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} h="10" />
                ))}
              </div>
            ) : stats && stats.recentTeachers.length > 0 ? (
              <ul className={styles.people}>
                {stats.recentTeachers.map((teacher) => (
                  <li key={teacher._id} className={styles.person}>
                    <Avatar name={teacher.name} />
                    <span className={styles.who}>
                      <span className={styles.name}>{teacher.name}</span>
                      <span className={styles.meta}>
                        {teacher.email} · <Trans>added {formatDate(teacher.createdAt)}</Trans>
                      </span>
                    </span>
                    <ActiveBadge active={isActive(teacher)} />
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState
                as="h3"
                icon={Users}
                title={t`No teachers yet`}
                description={t`Teachers you add appear here.`}
              />
            )}
          </Card.Body>
        </Card.Root>
      </div>
    </>
  );
}
