import { academicYearStart } from './academic-year';
import type { Language } from './languages';

export type FeeFrequency = 'one-time' | 'monthly' | 'quarterly' | 'termly' | 'annual';

/** Months between two instalments; a fee without a step falls due once. Three terms a year: every four months. */
const STEP_MONTHS: Partial<Record<FeeFrequency, number>> = { monthly: 1, quarterly: 3, termly: 4 };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** `date` moved on by whole months, its day kept or, where the month is shorter, its last day (31 Jan → 28 Feb). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${pad(m)}-${pad(Math.min(day, last))}`;
}

/**
 * The due dates of a fee's instalments: one per period from its first due date to the end of the academic year
 * that date falls in (a monthly fee first due on 10 August in an April year: 8 instalments, August to March).
 */
export function instalmentDates(firstDue: string, frequency: FeeFrequency, yearStartMonth: number): string[] {
  const step = STEP_MONTHS[frequency];
  if (!step) return [firstDue];
  const yearEnd = addMonths(academicYearStart(firstDue, yearStartMonth), 12);
  const dates: string[] = [];
  for (let date = firstDue, i = 0; date < yearEnd && i < 12; date = addMonths(firstDue, ++i * step)) dates.push(date);
  return dates;
}

const monthNames = new Map<Language, Intl.DateTimeFormat>();

/** 'Dec 2026', 'दिस॰ 2026', 'ديسمبر ٢٠٢٦': how an instalment is named beside its fee, in the given language. */
export function instalmentMonth(dueDate: string, language: Language = 'en'): string {
  const [year, month] = [Number(dueDate.slice(0, 4)), Number(dueDate.slice(5, 7))];
  if (language === 'en') return `${MONTHS[month - 1]} ${year}`;
  let names = monthNames.get(language);
  if (!names) {
    names = new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' });
    monthNames.set(language, names);
  }
  return names.format(Date.UTC(year, month - 1, 1)).replace(/[\u200e\u200f\u061c]/g, '');
}

/** 'Tuition · Dec 2026' for one instalment of several, the category alone for a fee that falls due once. */
export function feeLabel(category: string, dueDate: string, instalments: number, language: Language = 'en'): string {
  return instalments > 1 ? `${category} · ${instalmentMonth(dueDate, language)}` : category;
}
