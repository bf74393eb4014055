/** Calendar arithmetic in the school's time zone: 'today' is the school's today, never the server's. */

export function dateInZone(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time ('HH:MM', 24-hour) of an instant in `timeZone`. */
export function timeInZone(instant: Date, timeZone: string): string {
  let clock = clocks.get(timeZone);
  if (!clock) {
    // Made once per zone and isolate: a formatter costs far more to make than to use.
    clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clocks.set(timeZone, clock);
  }
  const parts = clock.formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('hour')}:${get('minute')}`;
}

const walls = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock date and time of an instant in `timeZone`, as milliseconds of the same reading in UTC. */
function wallMs(instant: number, timeZone: string): number {
  let wall = walls.get(timeZone);
  if (!wall) {
    wall = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    walls.set(timeZone, wall);
  }
  const parts = wall.formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/**
 * The instant (UTC ISO) at which the school's clock in `timeZone` reads `date` `time` (HH:MM). A time skipped by a
 * clock change reads as the same wall time an hour on; a repeated one as its first passing.
 */
export function instantInZone(date: string, time: string, timeZone: string): string {
  const wall = Date.parse(`${date}T${time}:00Z`);
  // The zone's offset at the wall reading taken as UTC, then again at the instant found (a change of clocks between).
  let instant = wall - (wallMs(wall, timeZone) - wall);
  instant = wall - (wallMs(instant, timeZone) - instant);
  return new Date(instant).toISOString();
}

/**
 * The instant a school's day (YYYY-MM-DD) begins in `timeZone`: where an instant stored in UTC (an activity line's
 * time) is cut into the school's days and months. Kolkata's 1 November begins at 31 October 18:30 UTC.
 */
export function dayStartInZone(date: string, timeZone: string): Date {
  return new Date(instantInZone(date, '00:00', timeZone));
}
