import { PasswordInput as ArkPasswordInput } from '@ark-ui/react/password-input';
import { Eye, EyeOff } from 'lucide-react';
import type { ComponentProps } from 'react';
import { css } from 'styled-system/css';
import { styled } from 'styled-system/jsx';
import { input } from 'styled-system/recipes';

const StyledInput = styled(ArkPasswordInput.Input, input);

const controlClass = css({ position: 'relative', display: 'flex', alignItems: 'center', w: 'full' });
const triggerClass = css({
  position: 'absolute',
  right: '1',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  h: { base: '9', lg: '8' },
  w: { base: '9', lg: '8' },
  borderRadius: 'md',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { color: 'fg', bg: 'surface.hover' },
});

export interface PasswordInputProps extends Omit<ComponentProps<typeof StyledInput>, 'type'> {
  rootProps?: ArkPasswordInput.RootProps;
}

/** A password input with a show/hide toggle named 'Show password' / 'Hide password'. Place inside Field.Root. */
export function PasswordInput({ rootProps, ...inputProps }: PasswordInputProps) {
  return (
    <ArkPasswordInput.Root {...rootProps}>
      <ArkPasswordInput.Control className={controlClass}>
        <StyledInput pr="11" {...inputProps} />
        <ArkPasswordInput.VisibilityTrigger className={triggerClass}>
          <ArkPasswordInput.Indicator fallback={<Eye size={18} aria-hidden="true" />}>
            <EyeOff size={18} aria-hidden="true" />
          </ArkPasswordInput.Indicator>
        </ArkPasswordInput.VisibilityTrigger>
      </ArkPasswordInput.Control>
    </ArkPasswordInput.Root>
  );
}
