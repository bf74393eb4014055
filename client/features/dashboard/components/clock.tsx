import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { portalTimeZone } from '~/lib/school-time';
import { zoned } from '../format';

const styles = {
  root: css({
    display: 'flex',
    flexDirection: 'column',
    alignItems: { base: 'flex-start', md: 'flex-end' },
    gap: '0.5',
  }),
  time: css({ fontSize: 'xl', fontWeight: 'semibold', letterSpacing: 'tight', color: 'fg', lineHeight: '1.2' }),
  date: css({ fontSize: 'sm', color: 'fg.muted' }),
};

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit' };
const DATE: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' };

/** The current time, refreshed every second. */
export function useNow(intervalMs = 1000) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * The school's time and date (wherever the device is, as "today" everywhere in the portal); not a live region,
 * so a screen reader is not interrupted every second.
 */
export function Clock() {
  const now = useNow();
  const timeZone = portalTimeZone();
  return (
    <div className={styles.root}>
      <time className={styles.time} dateTime={now.toISOString()} data-testid="dashboard-clock">
        {zoned(TIME, timeZone).format(now)}
      </time>
      <span className={styles.date}>{zoned(DATE, timeZone).format(now)}</span>
    </div>
  );
}
