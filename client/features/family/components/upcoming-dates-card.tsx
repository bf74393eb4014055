import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CalendarDays, CalendarOff, Clock, MapPin } from 'lucide-react';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { i18n } from '~/lib/i18n';
import type { ChildOverview } from '../api';
import { DATE_TYPE_LABELS, DATE_TYPE_TONES, dateTile, fullDate, relativeDay, timeRange } from '../format';
import { SectionCard } from './section-card';

const styles = {
  list: css({ display: 'flex', flexDirection: 'column', listStyle: 'none', p: '0', m: '0' }),
  item: css({
    display: 'flex',
    gap: '3',
    py: '3',
    '&:not(:last-child)': { borderBottomWidth: '1px', borderColor: 'border' },
    '&:first-child': { pt: '0' },
    '&:last-child': { pb: '0' },
  }),
  tile: css({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    w: '14',
    h: '14',
    borderRadius: 'lg',
    bg: 'brand.subtle',
    color: 'brand.fg',
    flexShrink: '0',
    lineHeight: '1.1',
  }),
  srOnly: css({ srOnly: true }),
  tileWeekday: css({ fontSize: 'xs', fontWeight: 'medium', textTransform: 'uppercase' }),
  tileDay: css({ fontSize: 'xl', fontWeight: 'semibold' }),
  text: css({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0', flex: '1' }),
  top: css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '2' }),
  title: css({ fontWeight: 'semibold', color: 'fg', wordBreak: 'break-word' }),
  meta: css({
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: '3',
    rowGap: '0.5',
    fontSize: 'sm',
    color: 'fg.muted',
    '& span': { display: 'inline-flex', alignItems: 'center', gap: '1' },
  }),
  description: css({ fontSize: 'sm', color: 'fg.muted', lineClamp: '2', wordBreak: 'break-word' }),
  none: css({
    display: 'flex',
    alignItems: 'center',
    gap: '2.5',
    color: 'fg.muted',
    fontSize: 'sm',
    minH: 'touch',
    '& svg': { flexShrink: '0' },
  }),
};

/** School-wide and class dates in the next 30 days. */
export function UpcomingDatesCard({ overview, className }: { overview: ChildOverview; className?: string }) {
  const dates = overview.upcomingDates;
  return (
    <SectionCard
      className={className}
      title={t`Upcoming dates`}
      icon={CalendarDays}
      description={t`The next 30 days, for the class and the whole school`}
    >
      {dates.length === 0 ? (
        <p className={styles.none}>
          <CalendarOff size={18} aria-hidden="true" />
          <Trans>Nothing planned in the next 30 days.</Trans>
        </p>
      ) : (
        <ul className={styles.list} aria-label={t`Upcoming dates`}>
          {dates.map((date) => {
            const tile = dateTile(date.date);
            const time = timeRange(date.startTime, date.endTime);
            return (
              <li key={date._id} className={styles.item}>
                <time className={styles.tile} dateTime={date.date}>
                  <span className={styles.srOnly}>{fullDate(date.date)}</span>
                  <span className={styles.tileWeekday} aria-hidden="true">
                    {tile.weekday}
                  </span>
                  <span className={styles.tileDay} aria-hidden="true">
                    {tile.day}
                  </span>
                  <span className={styles.tileWeekday} aria-hidden="true">
                    {tile.month}
                  </span>
                </time>
                <div className={styles.text}>
                  <div className={styles.top}>
                    <span className={styles.title}>{date.title}</span>
                    <Badge tone={DATE_TYPE_TONES[date.type] ?? 'neutral'} size="sm">
                      {date.type in DATE_TYPE_LABELS ? i18n._(DATE_TYPE_LABELS[date.type]) : date.type}
                    </Badge>
                  </div>
                  <div className={styles.meta}>
                    <span>{relativeDay(overview.today, date.date)}</span>
                    <span>
                      <Clock size={14} aria-hidden="true" />
                      {time || t`All day`}
                    </span>
                    {date.location ? (
                      <span>
                        <MapPin size={14} aria-hidden="true" />
                        {date.location}
                      </span>
                    ) : null}
                  </div>
                  {date.description ? <p className={styles.description}>{date.description}</p> : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}
