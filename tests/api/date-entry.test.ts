/** How a date is typed in each language the portal speaks (client/lib/date-entry.ts, no browser needed). */
import { describe, expect, it } from 'vitest';
import {
  datePattern,
  datePlaceholder,
  formatDateEntry,
  formatTimeEntry,
  isDateCharacter,
  normaliseTyped,
  parseDateEntry,
  parseTimeEntry,
} from '../../client/lib/date-entry';

// The locales the calendar is given: the page's 'en' is Ark's 'en-US' (client/lib/page-locale.tsx).
const LOCALES = ['en-US', 'hi', 'ar'] as const;
const WORDS = { day: 'dd', month: 'mm', year: 'yyyy' };

describe('the way each language writes a date', () => {
  it('takes the order from Intl: month first in English, day first in Hindi and Arabic', () => {
    expect(datePattern('en-US')).toEqual({ order: ['month', 'day', 'year'], separator: '/' });
    expect(datePattern('hi')).toEqual({ order: ['day', 'month', 'year'], separator: '/' });
    // Intl writes Arabic's separator with a right-to-left mark; the field keeps only the slash a person types.
    expect(datePattern('ar')).toEqual({ order: ['day', 'month', 'year'], separator: '/' });
  });

  it('writes two-digit days and months and Latin digits', () => {
    expect(formatDateEntry('2026-11-27', 'en-US')).toBe('11/27/2026');
    expect(formatDateEntry('2026-01-02', 'en-US')).toBe('01/02/2026');
    expect(formatDateEntry('2026-01-02', 'hi')).toBe('02/01/2026');
    expect(formatDateEntry('2026-01-02', 'ar')).toBe('02/01/2026');
    expect(formatDateEntry('', 'hi')).toBe('');
    expect(formatDateEntry('2026-02-30', 'hi')).toBe('');
  });

  it('shows the pattern in the language, in its order', () => {
    expect(datePlaceholder('en-US', WORDS)).toBe('mm/dd/yyyy');
    expect(datePlaceholder('hi', { day: 'दिन', month: 'माह', year: 'वर्ष' })).toBe('दिन/माह/वर्ष');
    expect(datePlaceholder('ar', { day: 'يوم', month: 'شهر', year: 'سنة' })).toBe('يوم/شهر/سنة');
  });
});

describe('reading a typed date', () => {
  it('reads the language order, leniently', () => {
    expect(parseDateEntry('11/27/2026', 'en-US')).toBe('2026-11-27');
    expect(parseDateEntry('1/2/2026', 'en-US')).toBe('2026-01-02');
    expect(parseDateEntry('1/2/2026', 'hi')).toBe('2026-02-01');
    expect(parseDateEntry('01-02-2026', 'hi')).toBe('2026-02-01');
    expect(parseDateEntry(' 27.11.2026 ', 'ar')).toBe('2026-11-27');
    expect(parseDateEntry('27 11 2026', 'hi')).toBe('2026-11-27');
    expect(parseDateEntry('27112026', 'hi')).toBe('2026-11-27');
    expect(parseDateEntry('11272026', 'en-US')).toBe('2026-11-27');
    expect(parseDateEntry('27/11/26', 'hi')).toBe('2026-11-27');
    expect(parseDateEntry('27/11/95', 'hi')).toBe('1995-11-27');
    // A year written first is read year, month, day in every language (and a pasted ISO date).
    expect(parseDateEntry('2013-05-02', 'en-US')).toBe('2013-05-02');
    expect(parseDateEntry('2013-05-02', 'ar')).toBe('2013-05-02');
  });

  it('reads Arabic-Indic and Devanagari digits, and what Intl itself writes', () => {
    expect(parseDateEntry('٢٧/١١/٢٠٢٦', 'ar')).toBe('2026-11-27');
    expect(parseDateEntry('۲۷/۱۱/۲۰۲۶', 'ar')).toBe('2026-11-27');
    expect(parseDateEntry('२७/११/२०२६', 'hi')).toBe('2026-11-27');
    const intl = new Intl.DateTimeFormat('ar', { timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 27)));
    expect(parseDateEntry(intl, 'ar')).toBe('2026-11-27');
    const arab = new Intl.DateTimeFormat('ar-u-nu-arab', { timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 27)));
    expect(parseDateEntry(arab, 'ar')).toBe('2026-11-27');
  });

  it('refuses what is no date', () => {
    for (const text of [
      '',
      'abc',
      '13/27/2026',
      '31/02/2026',
      '29/02/2027',
      '1/2',
      '1/2/3/4',
      '123/1/2026',
      '1/1/202',
    ]) {
      expect(parseDateEntry(text, 'hi'), text).toBeNull();
    }
    expect(parseDateEntry('27/11/2026', 'en-US')).toBeNull();
    expect(parseDateEntry('29/02/2028', 'hi')).toBe('2028-02-29');
  });

  it('gives back every day of a year, in each language', () => {
    for (const locale of LOCALES) {
      for (
        let day = new Date(Date.UTC(2028, 0, 1));
        day.getUTCFullYear() === 2028;
        day.setUTCDate(day.getUTCDate() + 1)
      ) {
        const iso = day.toISOString().slice(0, 10);
        const written = formatDateEntry(iso, locale);
        expect(parseDateEntry(written, locale), `${locale} ${written}`).toBe(iso);
        // And as the language's own Intl writes it, in its own digits.
        const intl = new Intl.DateTimeFormat(locale, { timeZone: 'UTC' }).format(day);
        expect(parseDateEntry(intl, locale), `${locale} ${intl}`).toBe(iso);
      }
    }
  });
});

describe('typing', () => {
  it('lets through digits of the three scripts and separators only', () => {
    for (const char of ['0', '9', '٣', '۳', '३', '/', '-', '.', ' ', '\u200f'])
      expect(isDateCharacter(char), char).toBe(true);
    for (const char of ['a', 'م', ':', '+', 'e']) expect(isDateCharacter(char), char).toBe(false);
  });

  it('shows Latin digits and the language separator as they are typed', () => {
    expect(normaliseTyped('٢٧-١١-٢٠٢٦', 'ar')).toBe('27/11/2026');
    expect(normaliseTyped('1.2.2026', 'en-US')).toBe('1/2/2026');
    expect(normaliseTyped('27\u200f/11', 'ar')).toBe('27/11');
  });
});

describe('times of day', () => {
  it('are written on the language clock, with its own AM and PM', () => {
    expect(formatTimeEntry('09:05', 'en-US')).toBe('9:05 AM');
    expect(formatTimeEntry('21:05', 'en-US')).toBe('9:05 PM');
    expect(formatTimeEntry('00:30', 'en-US')).toBe('12:30 AM');
    expect(formatTimeEntry('21:05', 'hi')).toBe('9:05 pm');
    expect(formatTimeEntry('09:05', 'ar')).toBe('9:05 ص');
    expect(formatTimeEntry('21:05', 'ar')).toBe('9:05 م');
    expect(formatTimeEntry('', 'ar')).toBe('');
    expect(formatTimeEntry('24:00', 'ar')).toBe('');
  });

  it('are read leniently: 12-hour with a period, 24-hour without', () => {
    for (const text of ['9:05 pm', '9:05PM', '9.05 p', '21:05', '2105', '21.05']) {
      expect(parseTimeEntry(text, 'en-US'), text).toBe('21:05');
    }
    expect(parseTimeEntry('9 pm', 'hi')).toBe('21:00');
    expect(parseTimeEntry('9:05 م', 'ar')).toBe('21:05');
    expect(parseTimeEntry('٩:٠٥ ص', 'ar')).toBe('09:05');
    expect(parseTimeEntry('12:00 am', 'en-US')).toBe('00:00');
    expect(parseTimeEntry('12:00 pm', 'en-US')).toBe('12:00');
    expect(parseTimeEntry('9', 'en-US')).toBe('09:00');
    for (const text of ['', 'noon', '25:00', '9:60', '13:00 pm', '0:30 am', '9:05 م', '9:05 xm']) {
      expect(parseTimeEntry(text, 'en-US'), text).toBeNull();
    }
  });

  it('give back every minute of a day, in each language', () => {
    for (const locale of LOCALES) {
      for (let minutes = 0; minutes < 24 * 60; minutes++) {
        const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        const written = formatTimeEntry(hhmm, locale);
        expect(parseTimeEntry(written, locale), `${locale} ${written}`).toBe(hhmm);
      }
    }
  });
});
