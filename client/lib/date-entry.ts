/**
 * How a date is typed in each language: the order of day, month and year the language writes (from
 * `Intl.DateTimeFormat(locale).formatToParts`), two-digit day and month, four-digit year, Latin digits that every
 * keyboard has. Shared by the date field drawn before its calendar code arrives and by the calendar's own input.
 */

export type DatePart = 'day' | 'month' | 'year';

export interface DatePattern {
  /** The parts in the order the language writes them, e.g. ['month', 'day', 'year'] for en-US. */
  order: DatePart[];
  /** What stands between them, without the direction marks some languages add ('/' for en-US, hi, ar). */
  separator: string;
}

/** Marks that steer the direction of text (LRM, RLM, ALM, isolates) and carry no meaning of their own. */
const DIRECTION_MARK = /[\u200e\u200f\u061c\u2066-\u2069\u202a-\u202e]/;
const DIRECTION_MARKS = new RegExp(DIRECTION_MARK.source, 'g');
/** Arabic-Indic, Eastern Arabic-Indic (Persian, Urdu) and Devanagari digits, read as 0-9. */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966];
const OTHER_DIGITS = /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]/g;
/** What a person may type between the numbers, whatever the language's own separator. */
const SEPARATORS = /^[/\-.\s]$/;

const FIELD_WIDTH: Record<DatePart, number> = { day: 2, month: 2, year: 4 };
const patterns = new Map<string, DatePattern>();

/** The language's way of writing a date: its order of parts and its separator. */
export function datePattern(locale: string): DatePattern {
  let pattern = patterns.get(locale);
  if (!pattern) {
    const parts = new Intl.DateTimeFormat(locale, { timeZone: 'UTC' }).formatToParts(new Date(Date.UTC(2026, 10, 27)));
    const order = parts.map((part) => part.type).filter((type): type is DatePart => type in FIELD_WIDTH);
    const literal = parts
      .find((part) => part.type === 'literal')
      ?.value.replace(DIRECTION_MARKS, '')
      .trim();
    pattern = {
      order: order.length === 3 ? order : ['month', 'day', 'year'],
      separator: literal || '/',
    };
    patterns.set(locale, pattern);
  }
  return pattern;
}

/** Latin digits for the other digits a person may type (Arabic-Indic in Arabic, Devanagari in Hindi). */
export function latinDigits(text: string): string {
  return text.replace(OTHER_DIGITS, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9) ?? code;
    return String(code - zero);
  });
}

/** Whether a typed character can belong to a date: a digit of any of the scripts above, or a separator. */
export function isDateCharacter(char: string): boolean {
  return /^\d$/.test(latinDigits(char)) || SEPARATORS.test(char) || DIRECTION_MARK.test(char);
}

/**
 * What the field shows for a typed text: Latin digits, the language's separator for any other one typed, no
 * direction marks. The text before the caret normalised gives where the caret goes.
 */
export function normaliseTyped(text: string, locale: string): string {
  const { separator } = datePattern(locale);
  return [...latinDigits(text.replace(DIRECTION_MARKS, ''))]
    .map((char) => (SEPARATORS.test(char) ? separator : char))
    .join('');
}

/** `YYYY-MM-DD` written the language's way, e.g. '11/27/2026' in en-US, '27/11/2026' in hi and ar; '' for none. */
export function formatDateEntry(iso: string, locale: string): string {
  const date = isoParts(iso);
  if (!date) return '';
  const { order, separator } = datePattern(locale);
  return order.map((part) => String(date[part]).padStart(FIELD_WIDTH[part], '0')).join(separator);
}

/**
 * A typed date read the language's way, as `YYYY-MM-DD`, or null when it is no date. Lenient: any separator,
 * one-digit day and month, two-digit years (2000-2049, 1950-1999), Arabic-Indic and Devanagari digits, eight
 * digits without separators, and a year written first (`2026-11-27`) whatever the language.
 */
export function parseDateEntry(text: string, locale: string): string | null {
  const clean = latinDigits(text.replace(DIRECTION_MARKS, '')).trim();
  if (!/^[\d/\-.\s]+$/.test(clean)) return null;
  const { order } = datePattern(locale);
  let groups = clean.split(/[/\-.\s]+/).filter(Boolean);
  if (groups.length === 1 && groups[0]?.length === 8) {
    const digits = groups[0];
    let at = 0;
    groups = order.map((part) => {
      const group = digits.slice(at, at + FIELD_WIDTH[part]);
      at += FIELD_WIDTH[part];
      return group;
    });
  }
  if (groups.length !== 3) return null;
  const yearFirst = (groups[0]?.length ?? 0) > 2;
  const parts = yearFirst ? (['year', 'month', 'day'] as const) : order;
  const found: Record<DatePart, string> = { day: '', month: '', year: '' };
  parts.forEach((part, index) => {
    found[part] = groups[index] ?? '';
  });
  if (found.day.length > 2 || found.month.length > 2 || ![2, 4].includes(found.year.length)) return null;
  let year = Number(found.year);
  if (found.year.length === 2) year += year < 50 ? 2000 : 1900;
  const month = Number(found.month);
  const day = Number(found.day);
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The words a placeholder names the parts with, in the page's language. */
export type PatternWords = Record<DatePart, string>;

/** The pattern to type, in the language's order and words, e.g. 'mm/dd/yyyy', 'दिन/माह/वर्ष'. */
export function datePlaceholder(locale: string, words: PatternWords): string {
  const { order, separator } = datePattern(locale);
  return order.map((part) => words[part]).join(separator);
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isoParts(iso: string): Record<DatePart, number> | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month) ? { year, month, day } : null;
}

/* Times of day, as `HH:MM`: written as the language's clock does (12-hour with its own AM and PM in en, hi and ar). */

const clocks = new Map<string, { format: Intl.DateTimeFormat; periods: [string[], string[]] }>();

function clock(locale: string) {
  let found = clocks.get(locale);
  if (!found) {
    const options = { hour: 'numeric', minute: '2-digit', timeZone: 'UTC', numberingSystem: 'latn' } as const;
    const period = (hour: number) =>
      new Intl.DateTimeFormat(locale, { ...options, hour12: true })
        .formatToParts(new Date(Date.UTC(2000, 0, 1, hour)))
        .find((part) => part.type === 'dayPeriod')
        ?.value.toLowerCase() ?? '';
    found = {
      format: new Intl.DateTimeFormat(locale, options),
      // The language's own words, and the Latin ones every keyboard can type.
      periods: [
        [period(9), 'am', 'a.m.', 'a'],
        [period(21), 'pm', 'p.m.', 'p'],
      ],
    };
    clocks.set(locale, found);
  }
  return found;
}

/** `HH:MM` as the language writes a time, e.g. '9:05 AM' (en-US), '9:05 am' (hi), '9:05 ص' (ar); '' for none. */
export function formatTimeEntry(hhmm: string, locale: string): string {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!match) return '';
  const at = new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])));
  return clock(locale)
    .format.format(at)
    .replace(DIRECTION_MARKS, '')
    .replace(/[\u00a0\u202f]/g, ' ');
}

/**
 * A typed time as `HH:MM`, or null. With the language's AM/PM (or am, pm, a, p) it is read on a 12-hour clock,
 * without one on a 24-hour clock: '9:05 pm', '9.05 م', '21:05', '2105' and '9 pm' are all 21:05.
 */
export function parseTimeEntry(text: string, locale: string): string | null {
  const clean = latinDigits(text.replace(DIRECTION_MARKS, ''))
    .replace(/[\u00a0\u202f]/g, ' ')
    .trim()
    .toLowerCase();
  const match = /^(\d{1,2})(?:[:.\s]?(\d{2}))?\s*(.*)$/.exec(clean);
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? '0');
  const said = match[3]?.trim() ?? '';
  const [am, pm] = clock(locale).periods;
  if (minute > 59) return null;
  if (said) {
    const afternoon = pm.includes(said);
    if ((!afternoon && !am.includes(said)) || hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (afternoon ? 12 : 0);
  } else if (hour > 23) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}
