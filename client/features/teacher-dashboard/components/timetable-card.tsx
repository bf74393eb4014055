import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ClipboardCheck, Coffee, MapPin } from 'lucide-react';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { Badge } from '~/components/ui/badge';
import * as Card from '~/components/ui/card';
import { ErrorState } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import * as Tabs from '~/components/ui/tabs';
import { schoolClock } from '~/lib/school-time';
import { type Period, WEEKDAYS, type Weekday, weekQuery } from '../api';
import { classLabel, dateOfWeekday, formatTime, registerLink, todayWeekday } from '../format';

const styles = {
  header: css({ flexDirection: 'row', alignItems: 'flex-start', justifyContent: 'space-between', gap: '3' }),
  tabs: css({ gap: '3' }),
  tabList: css({ display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: '0' }),
  tab: css({ justifyContent: 'center', px: '1' }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  period: css({
    display: 'grid',
    gridTemplateColumns: { base: '4.5rem minmax(0, 1fr)', sm: '5rem minmax(0, 1fr) auto' },
    alignItems: 'center',
    gap: '3',
    p: '3',
    borderRadius: 'lg',
    borderWidth: '1px',
    borderColor: 'border',
    bg: 'surface',
  }),
  current: css({ borderColor: 'brand.border', bg: 'brand.subtle' }),
  time: css({
    display: 'flex',
    flexDirection: 'column',
    fontSize: 'sm',
    lineHeight: '1.3',
    fontVariantNumeric: 'tabular-nums',
  }),
  end: css({ color: 'fg.muted', fontSize: 'xs' }),
  text: css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0' }),
  subject: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', fontWeight: 'semibold' }),
  meta: css({ display: 'flex', alignItems: 'center', gap: '1', fontSize: 'sm', color: 'fg.muted' }),
  action: css({ gridColumn: { base: '1 / -1', sm: 'auto' }, w: { base: 'full', sm: 'auto' } }),
  none: css({ display: 'flex', alignItems: 'center', gap: '2.5', color: 'fg.muted', fontSize: 'sm', minH: 'touch' }),
  note: css({ fontSize: 'sm', color: 'fg.muted' }),
};

function PeriodRow({
  period,
  date,
  today,
  isToday,
  state,
}: {
  period: Period;
  date: string;
  /** The school's today: later days' registers are not open yet. */
  today: string;
  isToday: boolean;
  state: 'now' | 'next' | null;
}) {
  const canTake = date <= today && period.classId && period.subjectId;
  return (
    <li className={cx(styles.period, state === 'now' && styles.current)}>
      <span className={styles.time}>
        <time>{formatTime(period.startTime)}</time>
        <time className={styles.end}>{formatTime(period.endTime)}</time>
      </span>
      <span className={styles.text}>
        <span className={styles.subject}>
          {period.subjectId?.name ?? 'Subject'}
          {isToday && state === 'now' ? (
            <Badge tone="brand" size="sm">
              Now
            </Badge>
          ) : null}
          {isToday && state === 'next' ? (
            <Badge tone="info" size="sm">
              Next
            </Badge>
          ) : null}
        </span>
        <span className={styles.meta}>
          Class {period.classId ? classLabel(period.classId) : '—'}
          {period.room ? (
            <>
              <span aria-hidden="true"> · </span>
              <MapPin size={13} aria-hidden="true" />
              Room {period.room}
            </>
          ) : null}
        </span>
      </span>
      {canTake ? (
        <Link
          to="/teacher/register"
          search={registerLink(period, date)}
          className={cx(button({ variant: state === 'now' ? 'solid' : 'outline', size: 'md' }), styles.action)}
          aria-label={`Take attendance: ${period.subjectId?.name ?? ''} ${period.classId ? classLabel(period.classId) : ''}, ${formatTime(period.startTime)}`}
        >
          <ClipboardCheck size={16} aria-hidden="true" />
          Take attendance
        </Link>
      ) : null}
    </li>
  );
}

/** The teacher's week, opened on the school's today: each period with its class and room, and 'Take attendance'. */
export function TimetableCard({ timeZone }: { timeZone: string | undefined }) {
  const week = useQuery(weekQuery());
  const clock = schoolClock(timeZone);
  const today = todayWeekday(clock);
  const [day, setDay] = useState<Weekday>(today ?? 'Monday');
  const now = clock.time;

  let body: React.ReactNode;
  if (week.isPending) {
    body = (
      <div className={styles.list} aria-busy="true">
        <span className={css({ srOnly: true })}>Loading your timetable...</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h="16" borderRadius="lg" />
        ))}
      </div>
    );
  } else if (week.isError) {
    body = (
      <ErrorState
        title="Your timetable could not be loaded"
        description={week.error.message}
        onRetry={() => void week.refetch()}
        retrying={week.isFetching}
      />
    );
  } else {
    body = (
      <Tabs.Root value={day} onValueChange={(details) => setDay(details.value as Weekday)} className={styles.tabs}>
        <Tabs.List className={styles.tabList} aria-label="Day of the week">
          {WEEKDAYS.map((d) => (
            <Tabs.Trigger key={d} value={d} className={styles.tab}>
              <span aria-hidden="true">{d.slice(0, 3)}</span>
              <span className={css({ srOnly: true })}>
                {d}
                {d === today ? ' (today)' : ''}
              </span>
            </Tabs.Trigger>
          ))}
          <Tabs.Indicator />
        </Tabs.List>
        {WEEKDAYS.map((d) => {
          const periods = week.data?.days[d] ?? [];
          const isToday = d === today;
          const current = isToday ? periods.find((p) => p.startTime <= now && now < p.endTime) : undefined;
          const next = isToday ? periods.find((p) => p.startTime > now) : undefined;
          const date = dateOfWeekday(d, clock);
          return (
            <Tabs.Content key={d} value={d}>
              {periods.length === 0 ? (
                <p className={styles.none}>
                  <Coffee size={18} aria-hidden="true" />
                  No lessons on {d}.
                </p>
              ) : (
                <ol className={styles.list}>
                  {periods.map((period) => (
                    <PeriodRow
                      key={period._id}
                      period={period}
                      date={date}
                      today={clock.date}
                      isToday={isToday}
                      state={period === current ? 'now' : period === next ? 'next' : null}
                    />
                  ))}
                </ol>
              )}
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    );
  }

  return (
    <Card.Root aria-labelledby="timetable-title">
      <Card.Header className={styles.header}>
        <div>
          <Card.Title id="timetable-title">{today ? 'Today’s timetable' : 'Your timetable'}</Card.Title>
          <Card.Description>
            {today ? `${week.data?.days[today]?.length ?? 0} period(s) today` : 'No school today; here is your week.'}
            {week.data ? ` · ${week.data.academicYear}, ${week.data.semester}` : ''}
          </Card.Description>
        </div>
      </Card.Header>
      <Card.Body>{body}</Card.Body>
    </Card.Root>
  );
}
