import { ark } from '@ark-ui/react/factory';
import type { ComponentProps, ReactNode } from 'react';
import { styled } from 'styled-system/jsx';
import { button } from 'styled-system/recipes';
import { Spinner } from './spinner';

const BaseButton = styled(ark.button, button);
type BaseButtonProps = ComponentProps<typeof BaseButton>;

export interface ButtonProps extends BaseButtonProps {
  /** Shows a spinner, disables the button and marks it busy. */
  loading?: boolean;
  /** Text shown while loading, e.g. 'Signing in...'. */
  loadingText?: ReactNode;
}

export function Button({ loading, loadingText, disabled, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <BaseButton type={type} disabled={loading || disabled} aria-busy={loading || undefined} {...rest}>
      {loading ? (
        <>
          <Spinner />
          {loadingText ?? children}
        </>
      ) : (
        children
      )}
    </BaseButton>
  );
}

export interface IconButtonProps extends Omit<BaseButtonProps, 'aria-label'> {
  /** The accessible name; icons never stand alone without one. */
  label: string;
}

export function IconButton({ label, type = 'button', variant = 'ghost', ...rest }: IconButtonProps) {
  return <BaseButton type={type} variant={variant} iconOnly aria-label={label} title={label} {...rest} />;
}
