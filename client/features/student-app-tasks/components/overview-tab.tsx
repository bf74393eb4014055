import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { ErrorState } from '~/components/ui/error-state';
import { Meter } from '~/components/ui/meter';
import { Skeleton } from '~/components/ui/skeleton';
import { classLabel } from '~/lib/class-label';
import { homeworkListQuery, type Summary } from '../api';
import { count, formatDue, HOMEWORK_TONE, homeworkStatusLabel } from '../format';
import { NoHomework, tabStyles } from './shared';

const styles = {
  split: css({
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', xl: '3fr 2fr' },
    gap: { base: '4', md: '6' },
  }),
  meters: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  meterLabel: css({ fontSize: 'sm', fontWeight: 'medium', mb: '1' }),
  list: css({ display: 'flex', flexDirection: 'column' }),
  item: css({
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    gap: '3',
    alignItems: 'center',
    py: '3',
    borderBottomWidth: '1px',
    borderColor: 'border',
    _last: { borderBottomWidth: '0' },
  }),
  title: css({ fontWeight: 'medium', overflowWrap: 'anywhere' }),
  side: css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '1' }),
};

/** Hand-ins made of homework past due, by subject name across classes: the rate's own two terms summed. */
export function ratesBySubject(summary: Summary) {
  const bySubject = new Map<string, { expected: number; handedIn: number }>();
  for (const row of summary.byClassSubject) {
    const at = bySubject.get(row.subject.name) ?? { expected: 0, handedIn: 0 };
    at.expected += row.expectedDue;
    at.handedIn += row.handedInDue;
    bySubject.set(row.subject.name, at);
  }
  return [...bySubject.entries()]
    .map(([subject, { expected, handedIn }]) => ({
      subject,
      rate: expected > 0 ? Math.round((handedIn / expected) * 1000) / 10 : null,
    }))
    .sort((a, b) => a.subject.localeCompare(b.subject));
}

/** Overview: the hand-in rate of each subject, and the homework due most recently. */
export function OverviewTab({ summary, onOpen }: { summary: Summary | undefined; onOpen: (id: string) => void }) {
  const recent = useQuery(homeworkListQuery({ page: 1, limit: 6 }));
  const rates = summary ? ratesBySubject(summary) : null;
  const none = summary?.totals.homework === 0;
  return (
    <div className={styles.split}>
      <Card.Root>
        <Card.Header>
          <Card.Title>
            <Trans>Recent homework</Trans>
          </Card.Title>
          <Card.Description>
            <Trans>Latest due first, with how many students handed in</Trans>
          </Card.Description>
        </Card.Header>
        <Card.Body>
          {recent.isError ? (
            <ErrorState
              title={t`Homework could not be loaded`}
              description={recent.error.message}
              onRetry={() => void recent.refetch()}
              retrying={recent.isFetching}
            />
          ) : recent.isPending ? (
            <Skeleton h="48" w="full" />
          ) : recent.data.total === 0 ? (
            <NoHomework />
          ) : (
            <ul className={styles.list} aria-label={t`Recent homework`}>
              {recent.data.rows.map((homework) => (
                <li key={homework._id} className={styles.item}>
                  <div>
                    <span className={styles.title}>{homework.title}</span>
                    <span className={tabStyles.secondary}>
                      {classLabel(homework.class)} · {homework.subject.name}
                    </span>
                    <span className={tabStyles.secondary}>
                      <Trans>Due {formatDue(homework)}</Trans>
                    </span>
                  </div>
                  <div className={styles.side}>
                    <Badge tone={HOMEWORK_TONE[homework.status]}>{homeworkStatusLabel(homework.status)}</Badge>
                    <Button size="sm" variant="ghost" onClick={() => onOpen(homework._id)}>
                      {t`${count(homework.counts.submitted)} of ${count(homework.counts.students)}`}
                      {/* The name starts with the figure shown, then says what it opens. */}
                      <span className={tabStyles.srOnly}> {t`Hand-ins of ${homework.title}`}</span>
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Card.Title>
            <Trans>Hand-in rate by subject</Trans>
          </Card.Title>
          <Card.Description>
            <Trans>Of homework past its due time: the share of students who handed it in</Trans>
          </Card.Description>
        </Card.Header>
        <Card.Body className={styles.meters}>
          {!rates ? (
            <Skeleton h="32" w="full" />
          ) : none ? (
            <p className={tabStyles.muted}>
              <Trans>No homework set yet: rates appear once homework is due.</Trans>
            </p>
          ) : (
            rates.map((row) => (
              <div key={row.subject}>
                <p className={styles.meterLabel}>{row.subject}</p>
                {row.rate === null ? (
                  <p className={tabStyles.muted}>
                    <Trans>Nothing due yet</Trans>
                  </p>
                ) : (
                  <Meter
                    value={row.rate}
                    label={t`${row.subject} hand-in rate`}
                    tone={row.rate >= 85 ? 'success' : row.rate >= 70 ? 'brand' : 'warning'}
                  />
                )}
              </div>
            ))
          )}
        </Card.Body>
      </Card.Root>
    </div>
  );
}
