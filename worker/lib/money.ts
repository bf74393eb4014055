import { z } from 'zod';

/** Money travels as a decimal in major units (1500.5) and is stored as integer minor units (150050). */
export const moneyInput = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .positive(`${label} must be greater than 0`)
    .max(100_000_000, `${label} is too large`)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, `${label} can have at most 2 decimals`)
    .transform((value) => Math.round(value * 100));

export function toMajor(minor: number): number {
  return minor / 100;
}

/** '1,234.50' — for receipts and CSV; the currency code is written beside it. */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}
