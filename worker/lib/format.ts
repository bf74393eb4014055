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

/** An amount in minor units as the school writes it: '₹14,500.00', '$1,250.50'; an unknown code before the figure. */
export function formatCurrency(minor: number, currency: string): string {
  const amount = minor / 100;
  try {
    return new Intl.NumberFormat(LOCALE_OF_CURRENCY[currency] ?? 'en', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    const plain = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return `${currency} ${plain.format(amount)}`;
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date (YYYY-MM-DD, already the school's day) as '26 Nov 2026'. */
export function formatDay(date: string): string {
  const [year, month, day] = date.slice(0, 10).split('-').map(Number);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}
