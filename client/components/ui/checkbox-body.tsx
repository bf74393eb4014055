import { Checkbox as ArkCheckbox } from '@ark-ui/react/checkbox';
import { Check, Minus } from 'lucide-react';
import { type ComponentProps, type ReactNode, useEffect, useRef } from 'react';
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

/** The checkbox drawn by `Checkbox` in `./checkbox`, in place of a look-alike that may have had the focus. */
export function CheckboxBody({ children, focusInput, ...rootProps }: CheckboxProps & { focusInput: boolean }) {
  const root = useRef<HTMLLabelElement>(null);
  // Only when it mounts, in place of a look-alike whose input had the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    if (focusInput) root.current?.querySelector('input')?.focus({ preventScroll: true });
  }, []);
  return (
    <Root ref={root} {...rootProps}>
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
