import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleAlert, CircleCheck, ClipboardCheck, Coffee, Eye, MapPin } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { Badge } from '~/components/ui/badge';
import * as Card from '~/components/ui/card';
import { ErrorState } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import * as Tabs from '~/components/ui/tabs';
import { currentLanguage } from '~/lib/i18n';
import { schoolClock } from '~/lib/school-time';
import { type Period, WEEKDAYS, type Weekday, weekQuery } from '../api';
import {
  classLabel,
  dateOfWeekday,
  formatTime,
  isolate,
  registerLink,
  takenLabel,
  todayWeekday,
  weekdayName,
} from '../format';

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
  status: css({ display: 'flex', mt: '1' }),
  action: css({ gridColumn: { base: '1 / -1', sm: 'auto' }, w: { base: 'full', sm: 'auto' } }),
  none: css({ display: 'flex', alignItems: 'center', gap: '2.5', color: 'fg.muted', fontSize: 'sm', minH: 'touch' }),
  note: css({ fontSize: 'sm', color: 'fg.muted' }),
};

function RegisterStatus({ period, ended }: { period: Period; ended: boolean }) {
  const register = period.register;
  if (!register) return null;
  if (register.taken) {
    return (
      <Badge tone="success" size="sm" data-register="taken">
        <CircleCheck size={12} aria-hidden="true" />
        {takenLabel(register)}
      </Badge>
    );
  }
  return (
    <Badge tone={ended ? 'warning' : 'neutral'} size="sm" data-register="not-taken">
      {ended ? <CircleAlert size={12} aria-hidden="true" /> : null}
      <Trans>Not taken</Trans>
    </Badge>
  );
}

function PeriodRow({
  period,
  date,
  today,
  now,
  isToday,
  state,
}: {
  period: Period;
  date: string;
  /** The school's today: later days' registers are not open yet. */
  today: string;
  /** The school's time of day ('HH:MM'). */
  now: string;
  isToday: boolean;
  state: 'now' | 'next' | null;
}) {
  const canTake = date <= today && period.classId && period.subjectId;
  const taken = Boolean(period.register?.taken);
  const ended = date < today || (date === today && period.endTime <= now);
  const subject = period.subjectId?.name ?? '';
  const className = period.classId ? classLabel(period.classId) : '';
  const start = formatTime(period.startTime);
  const what = t`${subject} ${className}, ${start}`;
  return (
    <li className={cx(styles.period, state === 'now' && styles.current)} data-now={state === 'now' || undefined}>
      <span className={styles.time}>
        <time>{formatTime(period.startTime)}</time>
        <time className={styles.end}>{formatTime(period.endTime)}</time>
      </span>
      <span className={styles.text}>
        <span className={styles.subject}>
          {period.subjectId?.name ?? t`Subject`}
          {isToday && state === 'now' ? (
            <Badge tone="brand" size="sm">
              <Trans>Now</Trans>
            </Badge>
          ) : null}
          {isToday && state === 'next' ? (
            <Badge tone="info" size="sm">
              <Trans>Next</Trans>
            </Badge>
          ) : null}
        </span>
        <span className={styles.meta}>
          <Trans>Class {className || '—'}</Trans>
          {period.room ? (
            <>
              <span aria-hidden="true"> · </span>
              <MapPin size={13} aria-hidden="true" />
              <Trans>Room {period.room}</Trans>
            </>
          ) : null}
        </span>
        {canTake ? (
          <span className={styles.status}>
            <RegisterStatus period={period} ended={ended} />
          </span>
        ) : null}
      </span>
      {canTake ? (
        <Link
          to="/teacher/register"
          search={registerLink(period, date)}
          className={cx(
            button({ variant: state === 'now' && !taken ? 'solid' : 'outline', size: 'md' }),
            styles.action,
          )}
          aria-label={taken && period.register ? viewLabel(what, period.register) : t`Take attendance: ${what}`}
        >
          {taken ? <Eye size={16} aria-hidden="true" /> : <ClipboardCheck size={16} aria-hidden="true" />}
          {taken ? t`View register` : t`Take attendance`}
        </Link>
      ) : null}
    </li>
  );
}

/** 'View register: Maths 8-A, 9:00 AM (taken 9:12 AM)'. */
function viewLabel(what: string, register: NonNullable<Period['register']>) {
  const taken = takenLabel(register).toLocaleLowerCase(currentLanguage());
  return t`View register: ${what} (${taken})`;
}

/** '6 periods today · 2 of 6 registers taken'. */
function todayLine(periods: Period[]) {
  const count = plural(periods.length, { one: '# period today', other: '# periods today' });
  if (!periods.some((p) => p.register)) return count;
  const taken = periods.filter((p) => p.register?.taken).length;
  const total = periods.length;
  return `${count} · ${t`${taken} of ${total} registers taken`}`;
}

/** The teacher's week, opened on the school's today: each period with its class and room, and 'Take attendance'. */
export function TimetableCard({ timeZone }: { timeZone: string | undefined }) {
  const week = useQuery(weekQuery());
  const clock = schoolClock(timeZone);
  const today = todayWeekday(clock);
  const [day, setDay] = useState<Weekday>(today ?? WEEKDAYS[0]);
  const now = clock.time;
  const cardRef = useRef<HTMLElement>(null);
  const scrolled = useRef(false);

  // On a phone the periods run past the fold: bring the current one into view once, when the week arrives. A frame
  // later, so that the router's own scroll to the top of a newly opened page has happened first.
  useEffect(() => {
    if (!week.data || scrolled.current) return;
    const frame = requestAnimationFrame(() => {
      scrolled.current = true;
      const row = cardRef.current?.querySelector<HTMLElement>('[data-now]');
      if (!row) return;
      const box = row.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) row.scrollIntoView({ block: 'center' });
    });
    return () => cancelAnimationFrame(frame);
  }, [week.data]);

  let body: React.ReactNode;
  if (week.isPending) {
    body = (
      <div className={styles.list} aria-busy="true">
        <span className={css({ srOnly: true })}>
          <Trans>Loading your timetable...</Trans>
        </span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h="16" borderRadius="lg" />
        ))}
      </div>
    );
  } else if (week.isError) {
    body = (
      <ErrorState
        title={t`Your timetable could not be loaded`}
        description={week.error.message}
        onRetry={() => void week.refetch()}
        retrying={week.isFetching}
      />
    );
  } else {
    body = (
      <Tabs.Root value={day} onValueChange={(details) => setDay(details.value as Weekday)} className={styles.tabs}>
        <Tabs.List className={styles.tabList} aria-label={t`Day of the week`}>
          {WEEKDAYS.map((d) => {
            const dayName = weekdayName(d, 'long');
            return (
              <Tabs.Trigger key={d} value={d} className={styles.tab}>
                <span aria-hidden="true">{weekdayName(d, 'short')}</span>
                <span className={css({ srOnly: true })}>{d === today ? t`${dayName} (today)` : dayName}</span>
              </Tabs.Trigger>
            );
          })}
          <Tabs.Indicator />
        </Tabs.List>
        {WEEKDAYS.map((d) => {
          const periods = week.data?.days[d] ?? [];
          const isToday = d === today;
          const current = isToday ? periods.find((p) => p.startTime <= now && now < p.endTime) : undefined;
          const next = isToday ? periods.find((p) => p.startTime > now) : undefined;
          const date = dateOfWeekday(d, clock);
          const dayName = weekdayName(d, 'long');
          return (
            <Tabs.Content key={d} value={d}>
              {periods.length === 0 ? (
                <p className={styles.none}>
                  <Coffee size={18} aria-hidden="true" />
                  <Trans>No lessons on {dayName}.</Trans>
                </p>
              ) : (
                <ol className={styles.list}>
                  {periods.map((period) => (
                    <PeriodRow
                      key={period._id}
                      period={period}
                      date={date}
                      today={clock.date}
                      now={now}
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
    <Card.Root aria-labelledby="timetable-title" ref={cardRef}>
      <Card.Header className={styles.header}>
        <div>
          <Card.Title id="timetable-title">{today ? t`Today’s timetable` : t`Your timetable`}</Card.Title>
          <Card.Description>
            {today ? todayLine(week.data?.days[today] ?? []) : t`No school today; here is your week.`}
            {week.data ? ` · ${isolate(week.data.academicYear)}, ${isolate(week.data.semester)}` : ''}
          </Card.Description>
        </div>
      </Card.Header>
      <Card.Body>{body}</Card.Body>
    </Card.Root>
  );
}
