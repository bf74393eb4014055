import { DateField } from '~/components/ui/date-picker';
import * as Field from '~/components/ui/field';

export interface DateInputProps {
  label: string;
  /** `YYYY-MM-DD` or ''. */
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  required?: boolean;
  className?: string;
}

/** A date with its calendar in a form: labelled and marked like the other fields, its error below. */
export function DateInput({ label, value, onValueChange, error, required, className }: DateInputProps) {
  return (
    <Field.Root required={required} invalid={Boolean(error)} className={className}>
      <DateField
        label={label}
        value={value}
        onValueChange={onValueChange}
        invalid={Boolean(error)}
        required={required}
        placeholder="mm/dd/yyyy" // i18n-ignore: the pattern the field reads
      />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
