import { BookOpen, CalendarPlus, UserCheck, Users, Wallet } from 'lucide-react';
import { css } from 'styled-system/css';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { Money } from '~/components/ui/money';
import { Skeleton } from '~/components/ui/skeleton';
import { StatCard } from '~/components/ui/stat';
import type { TeacherStats } from '../api';
import { formatDate, isActive, monthName } from '../format';
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
          title="Teacher statistics could not be loaded"
          description={error.message}
          onRetry={onRetry}
        />
      </Card.Root>
    );
  }
  const total = stats?.totalTeachers ?? 0;
  const active = stats?.activeTeachers ?? 0;
  const top = Math.max(1, ...(stats?.subjectDistribution.map((s) => s.count) ?? [1]));
  return (
    <>
      <div className={styles.stats}>
        <StatCard
          label="Total Teachers"
          icon={Users}
          value={total}
          helpText={`${stats?.inactiveTeachers ?? 0} inactive`}
          loading={loading}
        />
        <StatCard
          label="Active Teachers"
          icon={UserCheck}
          tone="success"
          value={active}
          helpText={total > 0 ? `${Math.round((active / total) * 100)}% of all teachers` : 'No teachers yet'}
          loading={loading}
        />
        <StatCard
          label="Total Salary"
          icon={Wallet}
          tone="warning"
          value={stats ? <Money amount={stats.totalSalary} currency={stats.currency} /> : null}
          helpText="Monthly payroll of active teachers"
          loading={loading}
        />
        <StatCard
          label="New This Month"
          icon={CalendarPlus}
          tone="info"
          value={stats?.newThisMonth ?? 0}
          helpText={stats ? `Joined in ${monthName(stats.month)}` : undefined}
          loading={loading}
        />
      </div>
      <div className={styles.panels}>
        <Card.Root>
          <Card.Header>
            <Card.Title>Distribution by Subject</Card.Title>
            <Card.Description>How many active teachers teach each subject</Card.Description>
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
                <ul className={styles.bars} aria-label="Active teachers per subject">
                  {stats.subjectDistribution.map((row) => (
                    <li key={row.subject} className={styles.bar}>
                      <span className={styles.barLabel}>{row.subject}</span>
                      <span className={styles.track} aria-hidden="true">
                        <span
                          className={styles.fill}
                          style={{ width: `${(row.count / top) * 100}%`, display: 'block' }}
                        />
                      </span>
                      <span className={styles.barCount}>{row.count}</span>
                    </li>
                  ))}
                </ul>
                {stats.teachersWithoutSubjects > 0 ? (
                  <p className={styles.note}>
                    {stats.teachersWithoutSubjects} active teacher(s) have no subjects listed.
                  </p>
                ) : null}
              </>
            ) : (
              <EmptyState
                as="h3"
                icon={BookOpen}
                title="No subjects yet"
                description="Subjects appear here once teachers list them."
              />
            )}
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Header>
            <Card.Title>Recently Added Teachers</Card.Title>
            <Card.Description>The five most recent additions</Card.Description>
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
                        {teacher.email} · added {formatDate(teacher.createdAt)}
                      </span>
                    </span>
                    <ActiveBadge active={isActive(teacher)} />
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState as="h3" icon={Users} title="No teachers yet" description="Teachers you add appear here." />
            )}
          </Card.Body>
        </Card.Root>
      </div>
    </>
  );
}
