import { formatClassName } from '../../../worker/lib/class-name';
import type { ClassRef } from './api';

const dayMonthYear = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar date (YYYY-MM-DD) as '10 Apr 2024' wherever the reader is. */
export function formatDate(date: string) {
  return dayMonthYear.format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
}

export function classLabel(ref: ClassRef | null | undefined) {
  if (!ref?.name) return 'Not assigned';
  return `Class ${formatClassName(ref)}`;
}

/** Minor units from a decimal typed by a person ('1500', '1500.5'); null when it is not a plain amount. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

/** '1,234.50' for the server's own wording of amounts (e.g. 'INR 1,000.00'). */
export function formatMinorPlain(minor: number) {
  const whole = Math.floor(minor / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${String(minor % 100).padStart(2, '0')}`;
}

/** An amount field's message, in the server's words; null when the amount is fine. */
export function amountError(text: string, label = 'Amount', max?: { minor: number; currency: string }) {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return `${label} is required`;
  if (Number.isNaN(Number(trimmed))) return `${label} must be a number`;
  if (Number(trimmed) <= 0) return `${label} must be greater than 0`;
  const minor = parseAmount(trimmed);
  if (minor === null) return `${label} can have at most 2 decimals`;
  if (minor > 10_000_000_000) return `${label} is too large`;
  if (max && minor > max.minor)
    return `Amount exceeds the balance due (${max.currency} ${formatMinorPlain(max.minor)})`;
  return null;
}
