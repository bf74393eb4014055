import type { Language } from './languages';

/** The English locale whose conventions go with a currency: its own symbol ("₹", "$") and grouping (1,45,000). */
const LOCALE_OF_CURRENCY: Record<string, string> = {
  INR: 'en-IN',
  USD: 'en-US',
  GBP: 'en-GB',
  EUR: 'en-IE',
  AUD: 'en-AU',
  CAD: 'en-CA',
  NZD: 'en-NZ',
  SGD: 'en-SG',
  ZAR: 'en-ZA',
  KES: 'en-KE',
  NGN: 'en-NG',
  PKR: 'en-PK',
  BDT: 'en-BD',
  LKR: 'en-LK',
  AED: 'en-AE',
  PHP: 'en-PH',
  MYR: 'en-MY',
};

/** The locale of a currency's conventions in the given language: 'en-IN', 'hi-IN', 'ar-AE'. */
function localeOf(currency: string, language: Language): string {
  const english = LOCALE_OF_CURRENCY[currency] ?? 'en';
  return language === 'en' ? english : `${language}${english.slice(2)}`;
}

/**
 * An amount in minor units as the school writes it: '₹14,500.00', '$1,250.50'; an unknown code before the figure.
 * In Hindi or Arabic the language's own order; bidi marks are dropped, the page already sets the direction.
 */
export function formatCurrency(minor: number, currency: string, language: Language = 'en'): string {
  const amount = minor / 100;
  try {
    return new Intl.NumberFormat(localeOf(currency, language), {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
      .format(amount)
      .replace(/[\u200e\u200f\u061c]/g, '');
  } catch {
    const plain = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return `${currency} ${plain.format(amount)}`;
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date (YYYY-MM-DD, already the school's day) as '26 Nov 2026', or '26 नवंबर 2026', '26 نوفمبر 2026'. */
export function formatDay(date: string, language: Language = 'en'): string {
  const [year, month, day] = date.slice(0, 10).split('-').map(Number);
  if (language === 'en') return `${day} ${MONTHS[month - 1]} ${year}`;
  const style = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
  return new Intl.DateTimeFormat(language, style)
    .format(Date.UTC(year, month - 1, day))
    .replace(/[\u200e\u200f\u061c]/g, '');
}
