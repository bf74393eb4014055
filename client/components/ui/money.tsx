import type { ComponentProps } from 'react';
import { currentLanguage } from '~/lib/i18n';

const formatters = new Map<string, Intl.NumberFormat>();

/** One formatter per language and currency: amounts read in the chosen language, in the school's currency. */
function formatterFor(currency: string) {
  const language = currentLanguage();
  const key = `${language}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(language, {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
    } catch {
      // An unknown code still shows the figure, with the code written before it.
      const plain = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      formatter = { format: (value: number) => `${currency} ${plain.format(value)}` } as Intl.NumberFormat;
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** An amount in major units with the currency and two decimals, e.g. '₹1,500.00'. */
export function formatMoney(amount: number, currency: string) {
  return formatterFor(currency).format(amount);
}

export interface MoneyProps extends Omit<ComponentProps<'span'>, 'children'> {
  amount: number;
  currency: string;
}

/** An amount in tabular figures. */
export function Money({ amount, currency, ...rest }: MoneyProps) {
  return (
    <span data-numeric="" {...rest}>
      {formatMoney(amount, currency)}
    </span>
  );
}
