import { SegmentGroup as ArkSegmentGroup } from '@ark-ui/react/segment-group';
import type { ComponentProps } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { segmentGroup } from 'styled-system/recipes';

const { withProvider, withContext } = createStyleContext(segmentGroup);

export const Root = withProvider(ArkSegmentGroup.Root, 'root');
export const Label = withContext(ArkSegmentGroup.Label, 'label');
export const Item = withContext(ArkSegmentGroup.Item, 'item');
export const ItemText = withContext(ArkSegmentGroup.ItemText, 'itemText');
export const ItemControl = withContext(ArkSegmentGroup.ItemControl, 'itemControl');
export const ItemHiddenInput = ArkSegmentGroup.ItemHiddenInput;

export type RootProps = ComponentProps<typeof Root>;
export type SegmentTone = 'brand' | 'success' | 'danger' | 'warning' | 'info';

export interface SegmentOption<Value extends string> {
  value: Value;
  label: string;
  /** The colour the item takes when checked. */
  tone?: SegmentTone;
}

export interface SimpleSegmentGroupProps<Value extends string> {
  /** The group's accessible name (read, not shown). */
  label: string;
  options: readonly SegmentOption<Value>[];
  value: Value;
  onValueChange: (value: Value) => void;
  name?: string;
  size?: RootProps['size'];
  disabled?: boolean;
  className?: string;
}

/** A radio group drawn as a row of equal buttons: one tap picks, arrow keys move between choices. */
export function SimpleSegmentGroup<Value extends string>({
  label,
  options,
  value,
  onValueChange,
  ...rest
}: SimpleSegmentGroupProps<Value>) {
  return (
    <Root value={value} onValueChange={(details) => details.value && onValueChange(details.value as Value)} {...rest}>
      <Label>{label}</Label>
      {options.map((option) => (
        <Item key={option.value} value={option.value} data-tone={option.tone}>
          <ItemText>{option.label}</ItemText>
          <ItemControl />
          <ItemHiddenInput />
        </Item>
      ))}
    </Root>
  );
}
