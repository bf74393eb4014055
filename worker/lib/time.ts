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

/**
 * The instant (UTC ISO) at which the school's clock in `timeZone` reads `date` `time` (HH:MM). A time skipped by a
 * clock change reads as the same wall time an hour on; a repeated one as its first passing.
 */
export function instantInZone(date: string, time: string, timeZone: string): string {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const offsetAt = (instant: number) => {
    const shown = `${dateInZone(new Date(instant), timeZone)}T${timeInZone(new Date(instant), timeZone)}:00Z`;
    return Date.parse(shown) - Math.floor(instant / 60_000) * 60_000;
  };
  let guess = wall - offsetAt(wall);
  guess = wall - offsetAt(guess);
  return new Date(guess).toISOString();
}
