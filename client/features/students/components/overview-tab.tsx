import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, School, UserCheck, Users } from 'lucide-react';
import { css } from 'styled-system/css';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import { StatCard } from '~/components/ui/stat';
import { statsQuery } from '../api';
import { classLabel, monthLabel } from '../format';

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } }),
  cards: css({
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
    gap: { base: '3', md: '4' },
  }),
  classes: css({
    display: 'grid',
    gridTemplateColumns: {
      base: 'repeat(2, minmax(0, 1fr))',
      md: 'repeat(4, minmax(0, 1fr))',
      xl: 'repeat(5, minmax(0, 1fr))',
    },
    gap: '3',
  }),
  tile: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '1',
    p: '4',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'control',
    bg: 'surface.subtle',
    minW: '0',
  }),
  tileLabel: css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.muted' }),
  tileValue: css({ fontSize: '2xl', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', lineHeight: '1.2' }),
  tileHelp: css({ fontSize: 'xs', color: 'fg.muted' }),
  meter: css({ h: '1.5', borderRadius: 'full', bg: 'muted', overflow: 'hidden', mt: '1' }),
  bar: css({ h: 'full', borderRadius: 'full', bg: 'brand.solid' }),
};

/** 'Across 10 classes'. */
function across(count: number) {
  const classes = plural(count, { one: '# class', other: '# classes' });
  return t`Across ${classes}`;
}

/** The four cards of spec-2 and a grid of student counts per class. */
export function OverviewTab() {
  const stats = useQuery(statsQuery());
  if (stats.isError && !stats.data) {
    return (
      <Card.Root>
        <ErrorState
          title={t`Student statistics could not be loaded`}
          description={stats.error.message}
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      </Card.Root>
    );
  }
  const data = stats.data;
  const loading = !data;
  return (
    <div className={styles.page}>
      <div className={styles.cards}>
        <StatCard
          label={t`Total Students`}
          icon={Users}
          loading={loading}
          value={data?.total ?? 0}
          helpText={data ? t`${data.active} active` : undefined}
        />
        <StatCard
          label={t`Active Students`}
          icon={UserCheck}
          tone="success"
          loading={loading}
          value={data?.active ?? 0}
          helpText={data ? t`${data.inactive} inactive` : undefined}
        />
        <StatCard
          label={t`New This Month`}
          icon={CalendarPlus}
          tone="info"
          loading={loading}
          value={data?.newThisMonth ?? 0}
          helpText={data ? t`Admitted in ${monthLabel(data.month)}` : undefined}
        />
        <StatCard
          label={t`Average Class Size`}
          icon={School}
          tone="warning"
          loading={loading}
          value={data?.averageClassSize ?? 0}
          helpText={data ? across(data.classCount) : undefined}
        />
      </div>
      <Card.Root>
        <Card.Header>
          <Card.Title>
            <Trans>Students per class</Trans>
          </Card.Title>
          <Card.Description>
            {data && data.unassigned > 0
              ? plural(data.unassigned, {
                  one: '# student(s) are not assigned to a class.',
                  other: '# student(s) are not assigned to a class.',
                })
              : t`Every class with its number of students and its capacity.`}
          </Card.Description>
        </Card.Header>
        <Card.Body>
          {loading ? (
            <div className={styles.classes} aria-busy="true">
              {[0, 1, 2, 3, 4].map((i) => (
                <Skeleton key={i} h="24" />
              ))}
            </div>
          ) : data.perClass.length === 0 ? (
            <EmptyState
              as="h3"
              icon={School}
              title={t`No classes yet`}
              description={t`Add classes in Classroom Management.`}
            />
          ) : (
            <ul className={styles.classes} aria-label={t`Students per class`}>
              {data.perClass.map((c) => {
                const share = c.capacity > 0 ? Math.min(100, Math.round((c.students / c.capacity) * 100)) : 0;
                return (
                  <li key={c.classId._id} className={styles.tile}>
                    <span className={styles.tileLabel}>
                      <Trans>Class {classLabel(c.classId)}</Trans>
                    </span>
                    <span className={styles.tileValue}>{c.students}</span>
                    <span className={styles.tileHelp}>
                      <Trans>
                        {c.active} active · capacity {c.capacity}
                      </Trans>
                    </span>
                    <div className={styles.meter} aria-hidden="true">
                      <div className={styles.bar} style={{ width: `${share}%` }} />
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </Card.Body>
      </Card.Root>
    </div>
  );
}
