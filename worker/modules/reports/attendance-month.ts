import { addDays, weekdayOf } from '../../lib/time';

export type DayKind = 'school' | 'weekend' | 'holiday';
export interface MonthDay {
  date: string;
  day: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  kind: DayKind;
  /** The holiday's title. */
  note?: string;
}

/** First and last date of a YYYY-MM month. */
export function monthRange(month: string): { from: string; to: string } {
  const [year, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/**
 * Every day of the month and what it is. The school week is the timetable's, Monday to Friday; a holiday is an
 * important date of type holiday. A weekend or holiday on which registers were taken counts as a school day:
 * the marks say the school was open.
 */
export function monthDays(month: string, holidays: { date: string; title: string }[], marked: Set<string>): MonthDay[] {
  const { from, to } = monthRange(month);
  const holidayOf = new Map(holidays.map((h) => [h.date, h.title]));
  const days: MonthDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const weekday = weekdayOf(date);
    const holiday = holidayOf.get(date);
    const kind: DayKind = marked.has(date)
      ? 'school'
      : holiday !== undefined
        ? 'holiday'
        : weekday === 0 || weekday === 6
          ? 'weekend'
          : 'school';
    days.push({ date, day: Number(date.slice(8)), weekday, kind, ...(holiday !== undefined ? { note: holiday } : {}) });
  }
  return days;
}

/** A non-school day's cell: H for a holiday, an en dash for a weekend (never "-", which a spreadsheet reads as a sign). */
export const offDayCell = (day: MonthDay) => (day.kind === 'holiday' ? 'H' : '–');
