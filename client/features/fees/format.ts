import { t } from '@lingui/core/macro';
import { classLabel as sharedClassLabel } from '~/lib/class-label';
import { currentLanguage, i18n, isolate } from '~/lib/i18n';
import { type ClassRef, FREQUENCY_LABEL, type Frequency, METHOD_LABEL, type PaymentMethod, type Receipt } from './api';

export { isolate };

// English keeps the day-month-year order of the receipts ('26 Nov 2026'); other languages take their own.
const dateLocale = () => (currentLanguage() === 'en' ? 'en-GB' : currentLanguage());

/** '2026-11-26' → '26 Nov 2026', in the chosen language. */
export function formatDate(date: string) {
  return new Intl.DateTimeFormat(dateLocale(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
}

/** '2026-12-10' → 'Dec 2026': the month an instalment falls due in. */
export function formatMonth(date: string) {
  return new Intl.DateTimeFormat(dateLocale(), { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date.slice(0, 10)}T00:00:00Z`),
  );
}

/** An amount in the school's currency, in the chosen language (components/ui/money.tsx). */
export { formatMoney } from '~/components/ui/money';

/** A whole number ('1,234') in the chosen language. */
export const formatCount = (value: number) => new Intl.NumberFormat(currentLanguage()).format(value);

export const frequencyName = (frequency: Frequency) => i18n._(FREQUENCY_LABEL[frequency]);
export const methodName = (method: PaymentMethod) => i18n._(METHOD_LABEL[method]);

/** Whom a receipt names as having paid: the payer written, or, on an old receipt, 'Ravi Rao (father), …'. */
export function payersLabel(receipt: Receipt) {
  if (receipt.payer) return receipt.payer;
  if (receipt.receivedFrom.length === 0) return t`The family of ${receipt.studentId.name}`;
  return receipt.receivedFrom.map((p) => `${p.name} (${p.relation})`).join(', ');
}

export function classLabel(ref: ClassRef | null | undefined) {
  if (!ref?.name) return t`Not assigned`;
  const name = sharedClassLabel(ref);
  return t`Class ${name}`;
}

/** Minor units from a decimal typed by a person ('1500', '1500.5'); null when it is not a plain amount. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

/** An amount field's message, in the server's words; null when the amount is fine. */
export function amountError(text: string, max?: { minor: number; currency: string }) {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return t`Amount is required`;
  if (Number.isNaN(Number(trimmed))) return t`Amount must be a number`;
  if (Number(trimmed) <= 0) return t`Amount must be greater than 0`;
  const minor = parseAmount(trimmed);
  if (minor === null) return t`Amount can have at most 2 decimals`;
  if (minor > 10_000_000_000) return t`Amount is too large`;
  if (max && minor > max.minor) {
    // The server's wording: the currency's code, then the figure ('INR 1,000.00').
    const figure = new Intl.NumberFormat(currentLanguage(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const balance = `${max.currency} ${figure.format(max.minor / 100)}`;
    return t`Amount exceeds the balance due (${balance})`;
  }
  return null;
}
