import type { ComponentProps } from 'react';
import { formatMoney } from '../format';

export interface MoneyProps extends Omit<ComponentProps<'span'>, 'children'> {
  amount: number;
  currency: string;
}

/** An amount in tabular figures, in the school's currency and the chosen language. */
export function Money({ amount, currency, ...rest }: MoneyProps) {
  return (
    <span data-numeric="" {...rest}>
      {formatMoney(amount, currency)}
    </span>
  );
}
