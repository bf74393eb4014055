import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CalendarClock, Coffee } from 'lucide-react';
import { css } from 'styled-system/css';
import * as Tabs from '~/components/ui/tabs';
import type { ChildOverview } from '../api';
import { formatTime, WEEKDAYS, weekdayName, weekdayOf } from '../format';
import { SectionCard } from './section-card';

type Period = ChildOverview['timetable'][number];

const styles = {
  heading: css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg' }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0', m: '0' }),
  period: css({
    display: 'grid',
    gridTemplateColumns: '4.75rem minmax(0, 1fr)',
    alignItems: 'center',
    gap: '3',
    px: '3',
    py: '2.5',
    minH: 'touch',
    borderRadius: 'lg',
    borderWidth: '1px',
    borderColor: 'border',
    bg: 'surface.subtle',
  }),
  time: css({ display: 'flex', flexDirection: 'column', fontSize: 'sm', lineHeight: '1.3', color: 'fg' }),
  end: css({ color: 'fg.muted', fontSize: 'xs' }),
  text: css({ display: 'flex', flexDirection: 'column', minW: '0' }),
  subject: css({ fontWeight: 'medium', color: 'fg' }),
  sub: css({ fontSize: 'sm', color: 'fg.muted', wordBreak: 'break-word' }),
  none: css({
    display: 'flex',
    alignItems: 'center',
    gap: '2.5',
    color: 'fg.muted',
    fontSize: 'sm',
    minH: 'touch',
    '& svg': { flexShrink: '0' },
  }),
  week: css({ display: 'flex', flexDirection: 'column', gap: '3', pt: '1' }),
  tabs: css({ gap: '3' }),
  tabList: css({ display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: '0' }),
  tab: css({ justifyContent: 'center', px: '1', gap: '0' }),
  // The tab shows 'Mon'; the rest of the word is still read out, so its name is 'Monday'.
  srOnly: css({ srOnly: true }),
};

/** A tab's day: 'Mon' shown and 'Monday' read out; where the short name is not the long one's start, both kept apart. */
function DayName({ day }: { day: string }) {
  const { long, short } = weekdayName(day);
  if (long.startsWith(short)) {
    return (
      <>
        {short}
        <span className={styles.srOnly}>{long.slice(short.length)}</span>
      </>
    );
  }
  return (
    <>
      <span aria-hidden="true">{short}</span>
      <span className={styles.srOnly}>{long}</span>
    </>
  );
}

function PeriodList({ periods, emptyText }: { periods: Period[]; emptyText: string }) {
  if (periods.length === 0) {
    return (
      <p className={styles.none}>
        <Coffee size={18} aria-hidden="true" />
        {emptyText}
      </p>
    );
  }
  return (
    <ol className={styles.list}>
      {periods.map((period) => {
        const endTime = formatTime(period.endTime);
        const room = period.room;
        return (
          <li key={period.id} className={styles.period}>
            <span className={styles.time} data-numeric="">
              <time>{formatTime(period.startTime)}</time>
              <time className={styles.end}>{t`to ${endTime}`}</time>
            </span>
            <span className={styles.text}>
              <span className={styles.subject}>{period.subject}</span>
              <span className={styles.sub}>
                {[period.teacher, room ? t`Room ${room}` : null].filter(Boolean).join(' · ')}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** Today's periods first, then the whole week one day at a time. */
export function TimetableCard({ overview, className }: { overview: ChildOverview; className?: string }) {
  const today = weekdayOf(overview.today);
  const byDay = new Map<string, Period[]>(WEEKDAYS.map((day) => [day, []]));
  for (const period of [...overview.timetable].sort((a, b) => a.startTime.localeCompare(b.startTime))) {
    byDay.get(period.dayOfWeek)?.push(period);
  }
  const isSchoolDay = byDay.has(today);
  const todayName = weekdayName(today).long;
  // Today is already listed above, so the week opens on the next school day.
  const todayIndex = WEEKDAYS.indexOf(today as (typeof WEEKDAYS)[number]);
  const nextSchoolDay = todayIndex >= 0 && todayIndex < WEEKDAYS.length - 1 ? WEEKDAYS[todayIndex + 1] : WEEKDAYS[0];

  if (overview.timetable.length === 0) {
    return (
      <SectionCard className={className} title={t`Timetable`} icon={CalendarClock}>
        <p className={styles.none}>
          <Coffee size={18} aria-hidden="true" />
          {overview.child.classId ? t`No timetable has been published for this class yet.` : t`Not in a class yet.`}
        </p>
      </SectionCard>
    );
  }

  return (
    <SectionCard
      className={className}
      title={t`Timetable`}
      icon={CalendarClock}
      description={t`The weekly schedule of the class`}
    >
      <h3 className={styles.heading}>
        <Trans>Today · {todayName}</Trans>
      </h3>
      <PeriodList
        periods={byDay.get(today) ?? []}
        emptyText={isSchoolDay ? t`No periods today.` : t`No school today.`}
      />
      <div className={styles.week}>
        <h3 className={styles.heading}>
          <Trans>The week</Trans>
        </h3>
        <Tabs.Root defaultValue={nextSchoolDay} className={styles.tabs} lazyMount>
          <Tabs.List className={styles.tabList} aria-label={t`Day of the week`}>
            {WEEKDAYS.map((day) => (
              <Tabs.Trigger key={day} value={day} className={styles.tab}>
                <DayName day={day} />
              </Tabs.Trigger>
            ))}
            <Tabs.Indicator />
          </Tabs.List>
          {WEEKDAYS.map((day) => (
            <Tabs.Content key={day} value={day}>
              <PeriodList periods={byDay.get(day) ?? []} emptyText={t`No periods on this day.`} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </div>
    </SectionCard>
  );
}
