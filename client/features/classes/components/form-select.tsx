import { Portal } from '@ark-ui/react/portal';
import { Check, ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import * as Field from '~/components/ui/field';
import * as Select from '~/components/ui/select';

const labelClass = css({ display: 'inline-flex', alignItems: 'center', gap: '1' });

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
        <Select.Label className={labelClass}>
          {label}
          {required ? <Field.RequiredIndicator /> : null}
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
