import { Field as ArkField } from '@ark-ui/react/field';
import { CircleAlert } from 'lucide-react';
import type { ComponentProps } from 'react';
import { createStyleContext, styled } from 'styled-system/jsx';
import { field, input } from 'styled-system/recipes';

const { withProvider, withContext } = createStyleContext(field);

export const Root = withProvider(ArkField.Root, 'root');
export const Label = withContext(ArkField.Label, 'label');
export const HelperText = withContext(ArkField.HelperText, 'helperText');
export const Input = styled(ArkField.Input, input);

/** The visual required mark (hidden from assistive technology, which reads the input's `required`). */
export const RequiredIndicator = withContext(ArkField.RequiredIndicator, 'requiredIndicator');

const StyledErrorText = withContext(ArkField.ErrorText, 'errorText');
/** The message below the field in the danger colour; rendered only while the field is invalid. */
export function ErrorText({ children, ...props }: ComponentProps<typeof StyledErrorText>) {
  return (
    <StyledErrorText {...props}>
      <CircleAlert aria-hidden="true" size={14} />
      <span>{children}</span>
    </StyledErrorText>
  );
}

export type RootProps = ComponentProps<typeof Root>;
