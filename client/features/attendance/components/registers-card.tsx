import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck } from 'lucide-react';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { Skeleton } from '~/components/ui/skeleton';
import { i18n } from '~/lib/i18n';
import { portalTimeZone } from '~/lib/school-time';
import { type DayRegisters, dayRegistersQuery, type RegisterFilter, useLiveDayRegisters } from '../api';
import { formatTime } from '../format';

const styles = {
  header: css({
    display: 'flex',
    flexDirection: { base: 'column', sm: 'row' },
    alignItems: { base: 'stretch', sm: 'center' },
    justifyContent: 'space-between',
    gap: '3',
  }),
  headerText: css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' }),
  filters: css({ display: 'flex', gap: '2', flexWrap: 'wrap' }),
  list: css({ display: 'flex', flexDirection: 'column', listStyle: 'none', m: '0', p: '0' }),
  item: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    py: '3',
    borderTopWidth: '1px',
    borderColor: 'border',
    _first: { borderTopWidth: '0', pt: '0' },
    _last: { pb: '0' },
  }),
  time: css({ fontVariantNumeric: 'tabular-nums', fontSize: 'sm', color: 'fg.muted', w: '12', flexShrink: '0' }),
  main: css({ display: 'flex', flexDirection: 'column', gap: '0.5', flex: '1', minW: '0' }),
  title: css({ fontWeight: 'medium', color: 'fg', overflowWrap: 'anywhere' }),
  meta: css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' }),
  more: css({ fontSize: 'sm', color: 'fg.muted', pt: '3' }),
};

const FILTERS: [RegisterFilter, MessageDescriptor][] = [
  ['not-taken', msg`Not taken`],
  ['taken', msg`Taken`],
  ['all', msg`All`],
];

type Period = DayRegisters['periods'][number];

function PeriodRow({ period }: { period: Period }) {
  const zone = portalTimeZone();
  const who = period.register?.takenBy?.name;
  const at = period.register ? formatTime(period.register.takenAt, zone) : '';
  return (
    <li className={styles.item}>
      <span className={styles.time}>{period.startTime}</span>
      <div className={styles.main}>
        <span className={styles.title}>
          {period.class.name}-{period.class.section} · {period.subject.name}
        </span>
        <span className={styles.meta}>
          {period.register
            ? who
              ? t`Taken ${at} by ${who}`
              : t`Taken ${at}`
            : (period.teacher?.name ?? t`No teacher`)}
        </span>
      </div>
      {period.register ? (
        <Badge tone="success">
          <Trans>Taken</Trans>
        </Badge>
      ) : period.started ? (
        <Badge tone="warning">
          <Trans>Not taken</Trans>
        </Badge>
      ) : (
        <Badge tone="neutral">
          <Trans>Later</Trans>
        </Badge>
      )}
    </li>
  );
}

export interface RegistersCardProps {
  filter: RegisterFilter;
  onFilterChange: (filter: RegisterFilter) => void;
  /** At most this many periods are listed; the rest are counted. */
  limit?: number;
}

/**
 * "Registers not yet taken": today's timetabled periods whose register no teacher has taken, with their teacher,
 * live as registers are taken; the filter shows the taken ones (who took each, when) or all.
 */
export function RegistersCard({ filter, onFilterChange, limit = 8 }: RegistersCardProps) {
  const registers = useQuery(dayRegistersQuery());
  useLiveDayRegisters();
  const data = registers.data;
  // Taken registers, the latest first (what the office just saw happen); the others in the day's order.
  const shown = !data
    ? []
    : filter === 'taken'
      ? data.periods
          .filter((p) => p.taken)
          .sort((a, b) => (b.register?.takenAt ?? '').localeCompare(a.register?.takenAt ?? ''))
      : data.periods.filter((p) => filter === 'all' || !p.taken);
  const { periods = 0, notTaken = 0, startedNotTaken = 0 } = data?.counts ?? {};
  const periodsOfToday = plural(periods, { one: '# period', other: '# periods' });
  const description = data
    ? periods === 0
      ? t`No periods on the timetable today`
      : notTaken === 0
        ? t`All ${periodsOfToday} of today taken`
        : startedNotTaken > 0
          ? t`${notTaken} of ${periodsOfToday} today not taken yet, ${startedNotTaken} already started`
          : t`${notTaken} of ${periodsOfToday} today not taken yet`
    : undefined;
  const more = shown.length - limit;
  return (
    <Card.Root aria-labelledby="registers-card-title">
      <Card.Header className={styles.header}>
        <div className={styles.headerText}>
          <Card.Title id="registers-card-title">
            <Trans>Registers not yet taken</Trans>
          </Card.Title>
          {description ? <Card.Description>{description}</Card.Description> : null}
        </div>
        <fieldset className={styles.filters} aria-label={t`Show registers`}>
          {FILTERS.map(([value, label]) => (
            <Button
              key={value}
              size="sm"
              variant={filter === value ? 'solid' : 'outline'}
              aria-pressed={filter === value}
              onClick={() => onFilterChange(value)}
            >
              {i18n._(label)}
            </Button>
          ))}
        </fieldset>
      </Card.Header>
      <Card.Body aria-busy={registers.isPending || undefined}>
        {registers.isError ? (
          <p className={styles.meta}>
            <Trans>Registers could not be loaded.</Trans>
          </p>
        ) : !data ? (
          <Skeleton variant="text" w="48" />
        ) : shown.length === 0 ? (
          <EmptyState
            as="h3"
            icon={ClipboardCheck}
            title={
              filter === 'not-taken'
                ? periods === 0
                  ? t`No periods today`
                  : t`Every register of today is taken`
                : t`No registers taken yet today`
            }
          />
        ) : (
          <>
            <ul className={styles.list} aria-label={t`Periods`}>
              {shown.slice(0, limit).map((period) => (
                <PeriodRow key={period.scheduleId} period={period} />
              ))}
            </ul>
            {shown.length > limit ? (
              <p className={styles.more}>
                <Trans>and {more} more</Trans>
              </p>
            ) : null}
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
