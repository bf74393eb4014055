import type { ReactNode } from 'react';
import * as Field from '~/components/ui/field';
import { type SelectOption, SimpleSelect } from '~/components/ui/select';

export interface FormSelectProps {
  label: string;
  options: SelectOption[];
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  helperText?: ReactNode;
  className?: string;
}

/** A select laid out like the form's other fields: label with the required mark, helper and error below. */
export function FormSelect({ error, helperText, className, required, disabled, ...selectProps }: FormSelectProps) {
  return (
    <Field.Root required={required} invalid={Boolean(error)} disabled={disabled} className={className}>
      <SimpleSelect required={required} disabled={disabled} invalid={Boolean(error)} {...selectProps} />
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
