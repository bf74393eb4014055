import { Field, useFieldContext } from '@ark-ui/react/field';
import { t } from '@lingui/core/macro';
import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, type Ref, useId, useImperativeHandle, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { styled } from 'styled-system/jsx';
import { input } from 'styled-system/recipes';

const StyledInput = styled(Field.Input, input);

const controlClass = css({ position: 'relative', display: 'flex', alignItems: 'center', w: 'full' });
const triggerClass = css({
  position: 'absolute',
  insetInlineEnd: '1',
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

export interface PasswordInputProps extends Omit<ComponentProps<typeof StyledInput>, 'type' | 'ref'> {
  ref?: Ref<HTMLInputElement>;
}

/**
 * A password input with a show/hide toggle named 'Show password' / 'Hide password'. Place inside Field.Root.
 * Plain state rather than a state machine: it is on every sign-in screen, the portal's first download.
 */
export function PasswordInput({ ref, id, autoComplete = 'current-password', ...inputProps }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => inputRef.current as HTMLInputElement);
  const field = useFieldContext();
  const fallbackId = useId();
  const inputId = id ?? field?.ids.control ?? fallbackId;
  const disabled = Boolean(inputProps.disabled ?? field?.disabled);
  const interactive = !disabled && !(inputProps.readOnly ?? field?.readOnly);
  const state = visible ? 'visible' : 'hidden';
  return (
    <div className={controlClass}>
      <StyledInput
        pe="11"
        ref={inputRef}
        id={inputId}
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        autoCapitalize="off"
        spellCheck={false}
        data-state={state}
        {...inputProps}
      />
      <button
        type="button"
        className={triggerClass}
        aria-controls={inputId}
        aria-label={visible ? t`Hide password` : t`Show password`}
        data-state={state}
        disabled={disabled}
        // A pointer press keeps the caret in the field; the click then toggles and returns focus to it.
        onPointerDown={(event) => {
          if (event.button === 0 && interactive) event.preventDefault();
        }}
        onClick={(event) => {
          if (!interactive) return;
          setVisible((current) => !current);
          if (event.detail > 0) inputRef.current?.focus();
        }}
      >
        {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
      </button>
    </div>
  );
}
