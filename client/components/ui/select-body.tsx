import { Portal } from '@ark-ui/react/portal';
import { Select as ArkSelect, createListCollection } from '@ark-ui/react/select';
import { t } from '@lingui/core/macro';
import { Check, ChevronDown } from 'lucide-react';
import { type ComponentProps, useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import { createStyleContext } from 'styled-system/jsx';
import { select } from 'styled-system/recipes';
import type { SimpleSelectProps } from './select';

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

const requiredMark = css({ color: 'danger.fg', ms: '1' });

export interface SimpleSelectBodyProps extends SimpleSelectProps {
  /** Pressed before its code had arrived: open as soon as it mounts. */
  defaultOpen: boolean;
  /** The look-alike it replaces had the focus: keep it on the real trigger. */
  focusTrigger: boolean;
}

/** A single-choice select over a plain list of options (drawn through `SimpleSelect` in `./select`). */
export function SimpleSelectBody({
  defaultOpen,
  focusTrigger,
  label,
  hideLabel,
  options,
  value,
  onValueChange,
  placeholder,
  required,
  ...rest
}: SimpleSelectBodyProps) {
  const collection = createListCollection({ items: options });
  const trigger = useRef<HTMLButtonElement>(null);
  // Only when it mounts, in place of a look-alike that had the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    if (focusTrigger) trigger.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Root
      defaultOpen={defaultOpen}
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
        <Trigger ref={trigger}>
          <ValueText placeholder={placeholder ?? t`Select...`} />
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
