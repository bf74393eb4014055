import { Portal } from '@ark-ui/react/portal';
import { Select as ArkSelect, createListCollection } from '@ark-ui/react/select';
import { Check, ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { css } from 'styled-system/css';
import { createStyleContext } from 'styled-system/jsx';
import { select } from 'styled-system/recipes';

const { withProvider, withContext } = createStyleContext(select);

export const Root = withProvider(ArkSelect.Root, 'root', {
  defaultProps: { positioning: { sameWidth: true }, lazyMount: true, unmountOnExit: true },
}) as typeof ArkSelect.Root;
export const Label = withContext(ArkSelect.Label, 'label');
export const Control = withContext(ArkSelect.Control, 'control');
export const Trigger = withContext(ArkSelect.Trigger, 'trigger');
export const ValueText = withContext(ArkSelect.ValueText, 'valueText');
export const Indicator = withContext(ArkSelect.Indicator, 'indicator');
export const ClearTrigger = withContext(ArkSelect.ClearTrigger, 'clearTrigger');
export const Positioner = withContext(ArkSelect.Positioner, 'positioner');
export const Content = withContext(ArkSelect.Content, 'content');
export const List = withContext(ArkSelect.List, 'list');
export const Item = withContext(ArkSelect.Item, 'item');
export const ItemText = withContext(ArkSelect.ItemText, 'itemText');
export const ItemIndicator = withContext(ArkSelect.ItemIndicator, 'itemIndicator');
export const ItemGroup = withContext(ArkSelect.ItemGroup, 'itemGroup');
export const ItemGroupLabel = withContext(ArkSelect.ItemGroupLabel, 'itemGroupLabel');
export const HiddenSelect = ArkSelect.HiddenSelect;

export { createListCollection };

export interface SelectOption {
  label: string;
  value: string;
  disabled?: boolean;
}

export interface SimpleSelectProps {
  label: string;
  /** Hide the label visually while keeping it as the accessible name (e.g. in a toolbar). */
  hideLabel?: boolean;
  options: SelectOption[];
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  /** Marks the label with the required sign (hidden from assistive technology, which reads `required`). */
  required?: boolean;
  name?: string;
  className?: string;
}

const requiredMark = css({ color: 'danger.fg', ml: '1' });

/** A single-choice select over a plain list of options. */
export function SimpleSelect({
  label,
  hideLabel,
  options,
  value,
  onValueChange,
  placeholder,
  required,
  ...rest
}: SimpleSelectProps) {
  const collection = createListCollection({ items: options });
  return (
    <Root
      collection={collection}
      value={value ? [value] : []}
      onValueChange={(details) => onValueChange(details.value[0] ?? '')}
      required={required}
      {...rest}
    >
      <Label srOnly={hideLabel}>
        {label}
        {required ? (
          <span aria-hidden="true" className={requiredMark}>
            *
          </span>
        ) : null}
      </Label>
      <Control>
        <Trigger>
          <ValueText placeholder={placeholder ?? 'Select...'} />
          <Indicator>
            <ChevronDown size={16} aria-hidden="true" />
          </Indicator>
        </Trigger>
      </Control>
      <Portal>
        <Positioner>
          <Content>
            {collection.items.map((option) => (
              <Item key={option.value} item={option}>
                <ItemText>{option.label}</ItemText>
                <ItemIndicator>
                  <Check size={16} aria-hidden="true" />
                </ItemIndicator>
              </Item>
            ))}
          </Content>
        </Positioner>
      </Portal>
      <HiddenSelect />
    </Root>
  );
}

export type RootProps = ComponentProps<typeof ArkSelect.Root>;
