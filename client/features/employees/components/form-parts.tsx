import { type ComponentProps, type ReactNode, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import * as Field from '~/components/ui/field';
import { PasswordInput } from '~/components/ui/password-input';
import { toast } from '~/lib/toast';
import { useFocusFirstInvalid } from '~/lib/use-focus-first-invalid';
import type { FieldErrors, Verdict } from '../validation';

export const formStyles = {
  grid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: '4' }),
  wide: css({ gridColumn: '1 / -1' }),
  sections: css({ display: 'flex', flexDirection: 'column', gap: '6' }),
  section: css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0', border: '0', p: '0', m: '0' }),
  sectionTitle: css({
    fontSize: 'sm',
    fontWeight: 'semibold',
    color: 'fg',
    pb: '2',
    mb: '1',
    w: 'full',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
  hint: css({ fontSize: 'sm', color: 'fg.muted' }),
  note: css({ mb: '4' }),
};

/** A titled group of fields in a long form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={formStyles.section}>
      <legend className={formStyles.sectionTitle}>{title}</legend>
      <div className={formStyles.grid}>{children}</div>
    </fieldset>
  );
}

export interface TextFieldProps extends Omit<ComponentProps<typeof Field.Input>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  required?: boolean;
  helperText?: ReactNode;
  wide?: boolean;
}

/** Label above, the spec's message below in the danger colour. */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  required,
  helperText,
  wide,
  className,
  ...inputProps
}: TextFieldProps) {
  return (
    <Field.Root required={required} invalid={Boolean(error)} className={cx(wide && formStyles.wide, className)}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Field.Input value={value} onChange={(event) => onValueChange(event.target.value)} {...inputProps} />
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/**
 * A form's text values and its message per field: editing a field clears its message; a refused check
 * shows its messages and toast, and focuses the first field in error.
 */
export function useFieldForm<Field extends string, Form extends Record<Field, string>>(initial: Form | (() => Form)) {
  const [form, setForm] = useState<Form>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const set = (field: Field) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const refuse = (verdict: Verdict<Field>) => {
    setErrors(verdict.errors);
    toast.error(verdict.toast);
    focusFirstInvalid();
  };
  return { form, setForm, errors, setErrors, set, refuse, formRef };
}

export interface PasswordFieldProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  required?: boolean;
  helperText?: ReactNode;
  autoComplete?: string;
}

/** A password with a show/hide toggle, laid out like the other fields. */
export function PasswordField({
  label,
  value,
  onValueChange,
  error,
  required,
  helperText,
  autoComplete,
}: PasswordFieldProps) {
  return (
    <Field.Root required={required} invalid={Boolean(error)}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <PasswordInput
        value={value}
        autoComplete={autoComplete ?? 'new-password'}
        onChange={(event) => onValueChange(event.target.value)}
      />
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
