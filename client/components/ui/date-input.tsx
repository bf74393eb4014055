import { DateField } from '~/components/ui/date-picker';
import * as Field from '~/components/ui/field';

export interface DateInputProps {
  label: string;
  /** `YYYY-MM-DD` or ''. */
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  /** A hint below the field, shown while there is no error. */
  helper?: string;
  required?: boolean;
  id?: string;
  className?: string;
}

/**
 * A date with its calendar in a form: labelled and marked like the other fields, its error below. It is typed
 * the way the page's language writes dates (`client/lib/date-entry.ts`) and speaks `YYYY-MM-DD` to its owner.
 */
export function DateInput({ label, value, onValueChange, error, helper, required, id, className }: DateInputProps) {
  return (
    <Field.Root id={id} required={required} invalid={Boolean(error)} className={className}>
      <DateField
        label={label}
        value={value}
        onValueChange={onValueChange}
        invalid={Boolean(error)}
        required={required}
      />
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
