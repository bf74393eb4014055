import { parseDate } from '@ark-ui/react/date-picker';
import { Portal } from '@ark-ui/react/portal';
import { CalendarDays, Check, ChevronDown } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import * as DatePicker from '~/components/ui/date-picker';
import * as Field from '~/components/ui/field';
import { PasswordInput } from '~/components/ui/password-input';
import * as Select from '~/components/ui/select';

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

/** The required mark of labels outside Field.Label (selects, dates); the control itself carries `required`. */
function RequiredMark() {
  return (
    <span aria-hidden="true" className={css({ color: 'danger.fg', ml: '1' })}>
      *
    </span>
  );
}

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

export interface FormSelectProps {
  label: string;
  options: { label: string; value: string }[];
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
export function FormSelect({
  label,
  options,
  value,
  onValueChange,
  placeholder = 'Select...',
  required,
  disabled,
  error,
  helperText,
  className,
}: FormSelectProps) {
  const collection = Select.createListCollection({ items: options });
  return (
    <Field.Root required={required} invalid={Boolean(error)} disabled={disabled} className={className}>
      <Select.Root
        collection={collection}
        value={value ? [value] : []}
        onValueChange={(details) => onValueChange(details.value[0] ?? '')}
      >
        <Select.Label>
          {label}
          {required ? <RequiredMark /> : null}
        </Select.Label>
        <Select.Control>
          <Select.Trigger>
            <Select.ValueText placeholder={placeholder} />
            <Select.Indicator>
              <ChevronDown size={16} aria-hidden="true" />
            </Select.Indicator>
          </Select.Trigger>
        </Select.Control>
        <Portal>
          <Select.Positioner>
            <Select.Content>
              {collection.items.map((option) => (
                <Select.Item key={option.value} item={option}>
                  <Select.ItemText>{option.label}</Select.ItemText>
                  <Select.ItemIndicator>
                    <Check size={16} aria-hidden="true" />
                  </Select.ItemIndicator>
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Positioner>
        </Portal>
        <Select.HiddenSelect />
      </Select.Root>
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** Focuses the first field the form marks invalid, once it has rendered as such. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() =>
    form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] button, [data-invalid] input')?.focus(),
  );
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

export interface DateInputProps {
  label: string;
  /** `YYYY-MM-DD` or ''. */
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  required?: boolean;
  className?: string;
}

/** A date with its calendar, labelled and marked like the other fields. */
export function DateInput({ label, value, onValueChange, error, required, className }: DateInputProps) {
  return (
    <Field.Root required={required} invalid={Boolean(error)} className={className}>
      <DatePicker.Root
        value={value ? [parseDate(value)] : []}
        onValueChange={(details) => onValueChange(details.value[0]?.toString() ?? '')}
        invalid={Boolean(error)}
        required={required}
      >
        <DatePicker.Label>
          {label}
          {required ? <RequiredMark /> : null}
        </DatePicker.Label>
        <DatePicker.Control>
          <DatePicker.Input placeholder="mm/dd/yyyy" />
          <DatePicker.Trigger aria-label="Open calendar">
            <CalendarDays size={18} aria-hidden="true" />
          </DatePicker.Trigger>
        </DatePicker.Control>
        <DatePicker.Calendar />
      </DatePicker.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
