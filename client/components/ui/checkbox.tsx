import { Checkbox as ArkCheckbox } from '@ark-ui/react/checkbox';
import { Check, Minus } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { checkbox } from 'styled-system/recipes';

const { withProvider, withContext } = createStyleContext(checkbox);

export const Root = withProvider(ArkCheckbox.Root, 'root');
export const Control = withContext(ArkCheckbox.Control, 'control');
export const Indicator = withContext(ArkCheckbox.Indicator, 'indicator');
export const Label = withContext(ArkCheckbox.Label, 'label');
export const Group = withProvider(ArkCheckbox.Group, 'group');
export const HiddenInput = ArkCheckbox.HiddenInput;

export type RootProps = ComponentProps<typeof Root>;

export interface CheckboxProps extends Omit<RootProps, 'children'> {
  children: ReactNode;
}

/** A labelled checkbox (a real, hidden input underneath, so forms and assistive technology see it). */
export function Checkbox({ children, ...rootProps }: CheckboxProps) {
  return (
    <Root {...rootProps}>
      <Control>
        <Indicator>
          <Check size={14} strokeWidth={3} aria-hidden="true" />
        </Indicator>
        <Indicator indeterminate>
          <Minus size={14} strokeWidth={3} aria-hidden="true" />
        </Indicator>
      </Control>
      <Label>{children}</Label>
      <HiddenInput />
    </Root>
  );
}
