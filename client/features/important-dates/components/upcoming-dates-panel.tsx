import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, CalendarCheck } from 'lucide-react';
import { useId } from 'react';
import { css, cx } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import * as Card from '~/components/ui/card';
import { ErrorState } from '~/components/ui/error-state';
import { mirrorInRtl } from '~/components/ui/mirror';
import { Skeleton } from '~/components/ui/skeleton';
import { type ApiClient, api } from '~/lib/api';
import { upcomingQuery } from '../api';
import { classScope, dateTile, dayCount, formatFullDate, formatTimeRange, TYPE_TONES, typeLabel } from '../format';

const styles = {
  header: css({ flexDirection: 'row', alignItems: 'flex-start', justifyContent: 'space-between', gap: '3' }),
  link: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    fontSize: 'sm',
    fontWeight: 'medium',
    color: 'brand.fg',
    whiteSpace: 'nowrap',
    _hover: { textDecoration: 'underline' },
  }),
  list: css({ display: 'flex', flexDirection: 'column' }),
  item: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    py: '3',
    borderTopWidth: '1px',
    borderColor: 'border',
    _first: { borderTopWidth: '0', pt: '0' },
  }),
  tile: css({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: '0',
    w: '12',
    h: '12',
    borderRadius: 'lg',
    bg: 'brand.subtle',
    color: 'brand.fg',
    lineHeight: '1.1',
  }),
  tileMonth: css({ fontSize: 'xs', fontWeight: 'medium', textTransform: 'uppercase' }),
  tileDay: css({ fontSize: 'lg', fontWeight: 'semibold' }),
  text: css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0', flex: '1' }),
  title: css({ fontWeight: 'medium', color: 'fg', lineClamp: '2', wordBreak: 'break-word' }),
  meta: css({ fontSize: 'xs', color: 'fg.muted', truncate: true }),
  quiet: css({ color: 'fg.muted', fontSize: 'sm' }),
};

export interface UpcomingDatesPanelProps {
  /** The caller's API client: the school portal's by default, the teacher portal's on its dashboard. */
  client?: ApiClient;
  /** Keeps one portal's answers apart from another's in the cache. */
  audience?: string;
  days?: number;
  /** How many dates to show at most. */
  limit?: number;
  /** Shows a link to the full calendar (only where the signed-in person may open it). */
  showCalendarLink?: boolean;
  className?: string;
}

/** The next dates of the school calendar, for dashboards. */
export function UpcomingDatesPanel({
  client = api,
  audience = 'school',
  days = 30,
  limit = 6,
  showCalendarLink = false,
  className,
}: UpcomingDatesPanelProps) {
  const titleId = useId();
  const upcoming = useQuery(upcomingQuery(client, audience, days));
  const items = upcoming.data?.slice(0, limit) ?? [];
  const more = (upcoming.data?.length ?? 0) - items.length;

  return (
    <Card.Root className={className} aria-labelledby={titleId}>
      <Card.Header className={styles.header}>
        <div>
          <Card.Title id={titleId}>
            <Trans>Upcoming dates</Trans>
          </Card.Title>
          <Card.Description>{t`The next ${dayCount(days)} of the school calendar`}</Card.Description>
        </div>
        {showCalendarLink ? (
          <Link to="/important-dates" className={styles.link}>
            <Trans>View calendar</Trans>
            <ArrowRight className={mirrorInRtl} size={14} aria-hidden="true" />
          </Link>
        ) : null}
      </Card.Header>
      <Card.Body>
        {upcoming.isPending ? (
          <div className={styles.list} aria-busy="true">
            <span className={css({ srOnly: true })}>
              <Trans>Loading upcoming dates...</Trans>
            </span>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h="12" borderRadius="lg" mb="2" />
            ))}
          </div>
        ) : upcoming.isError ? (
          <ErrorState
            title={t`Upcoming dates could not be loaded`}
            description={upcoming.error.message}
            onRetry={() => void upcoming.refetch()}
            retrying={upcoming.isFetching}
          />
        ) : items.length === 0 ? (
          <p className={cx(styles.quiet, css({ display: 'flex', alignItems: 'center', gap: '2' }))}>
            <CalendarCheck size={16} aria-hidden="true" />
            {t`Nothing on the calendar in the next ${dayCount(days)}.`}
          </p>
        ) : (
          <ul className={styles.list}>
            {items.map((item) => {
              const tile = dateTile(item.date);
              const time = formatTimeRange(item);
              return (
                <li key={item._id} className={styles.item}>
                  <time dateTime={item.date} className={styles.tile} title={formatFullDate(item.date)}>
                    <span className={styles.tileMonth}>{tile.month}</span>
                    <span className={styles.tileDay}>{tile.day}</span>
                  </time>
                  <div className={styles.text}>
                    <span className={styles.title}>{item.title}</span>
                    <span className={styles.meta}>
                      {[tile.weekday, time, item.location, classScope(item)].filter(Boolean).join(' · ')}
                    </span>
                  </div>
                  <Badge tone={TYPE_TONES[item.type]} size="sm">
                    {typeLabel(item.type)}
                  </Badge>
                </li>
              );
            })}
            {more > 0 ? (
              <li className={cx(styles.quiet, css({ pt: '2' }))}>
                {t`and ${plural(more, { one: '# more', other: '# more' })}`}
              </li>
            ) : null}
          </ul>
        )}
      </Card.Body>
    </Card.Root>
  );
}
