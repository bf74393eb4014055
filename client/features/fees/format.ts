import { formatClassName } from '../../../worker/lib/class-name';
import type { ClassRef, Receipt } from './api';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function formatDate(date: string) {
  const [year, month, day] = date.slice(0, 10).split('-').map(Number);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** Whom a receipt names as having paid: the payer written, or, on an old receipt, 'Ravi Rao (father), …'. */
export function payersLabel(receipt: Receipt) {
  if (receipt.payer) return receipt.payer;
  if (receipt.receivedFrom.length === 0) return `The family of ${receipt.studentId.name}`;
  return receipt.receivedFrom.map((p) => `${p.name} (${p.relation})`).join(', ');
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
