import { currentLanguage } from './i18n';
import { getSession } from './session';

/** The school's wall clock at one instant: what the API calls "today" is `date`. */
export interface SchoolClock {
  /** YYYY-MM-DD. */
  date: string;
  year: number;
  /** 1 to 12. */
  month: number;
  /** 0 is Sunday, as `Date#getDay`. */
  weekday: number;
  /** 'HH:MM', 24-hour. */
  time: string;
}

const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone; an unknown or missing zone falls back to the device's own. */
function formatFor(timeZone: string | null | undefined) {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    };
    try {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: timeZone || undefined });
    } catch {
      format = new Intl.DateTimeFormat('en-US', options);
    }
    formats.set(key, format);
  }
  return format;
}

const zoned = new Map<string, Intl.DateTimeFormat>();

/**
 * A formatter for instants on the school's clock (the device's when the zone is missing or unknown), in the
 * reader's language; one per zone and options.
 */
export function schoolFormat(options: Intl.DateTimeFormatOptions, timeZone: string | null | undefined) {
  const language = currentLanguage();
  const key = `${language} ${timeZone ?? ''} ${JSON.stringify(options)}`;
  let format = zoned.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(language, { ...options, timeZone: timeZone || undefined });
    } catch {
      format = new Intl.DateTimeFormat(language, options);
    }
    zoned.set(key, format);
  }
  return format;
}

/** The date, weekday and time of day in `timeZone` (an IANA name such as Asia/Kolkata) at `now`. */
export function schoolClock(timeZone: string | null | undefined, now: Date = new Date()): SchoolClock {
  const parts: Record<string, string> = {};
  for (const part of formatFor(timeZone).formatToParts(now)) parts[part.type] = part.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    year,
    month,
    weekday: WEEKDAY_INDEX[parts.weekday] ?? 0,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** Today (YYYY-MM-DD) in the school's zone. */
export const schoolToday = (timeZone: string | null | undefined, now?: Date) => schoolClock(timeZone, now).date;

/** The signed-in office user's school zone; the portal renders only once the session is known. */
export function portalTimeZone(): string | undefined {
  return getSession().user?.school?.timeZone ?? undefined;
}

/** Today in the school portal: the school's date, as the API counts it. */
export const portalToday = () => schoolToday(portalTimeZone());
