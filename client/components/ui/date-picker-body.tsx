import {
  DatePicker as ArkDatePicker,
  type DateValue,
  parseDate,
  useDatePickerContext,
} from '@ark-ui/react/date-picker';
import { ark } from '@ark-ui/react/factory';
import { useLocaleContext } from '@ark-ui/react/locale';
import { Portal } from '@ark-ui/react/portal';
import { mergeProps } from '@ark-ui/react/utils';
import { t } from '@lingui/core/macro';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { type ComponentProps, type FormEvent, forwardRef, useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import { createStyleContext } from 'styled-system/jsx';
import { datePicker } from 'styled-system/recipes';
import { formatDateEntry, isDateCharacter, normaliseTyped, parseDateEntry } from '~/lib/date-entry';
import { type DateFieldProps, typedPattern } from './date-picker';
import { mirrorInRtl } from './mirror';

/**
 * Ark's input, letting through what a date may be typed with in the page's language (its own check refuses
 * Arabic-Indic digits and any separator but the language's), shown with Latin digits and the language's separator.
 */
const EntryInput = forwardRef<HTMLInputElement, ComponentProps<'input'>>(function EntryInput(props, ref) {
  const { locale } = useLocaleContext();
  const { onBeforeInput: _refused, ...input } = useDatePickerContext().getInputProps();
  const typing = {
    onBeforeInput: (event: FormEvent<HTMLInputElement>) => {
      const typed = (event.nativeEvent as InputEvent).data ?? '';
      if (![...typed].every(isDateCharacter)) event.preventDefault();
    },
    // Runs before Ark's own, which reads the field once it is written the language's way.
    onInput: (event: FormEvent<HTMLInputElement>) => {
      const field = event.currentTarget;
      const shown = normaliseTyped(field.value, locale);
      if (shown === field.value) return;
      const caret = normaliseTyped(field.value.slice(0, field.selectionStart ?? field.value.length), locale).length;
      field.value = shown;
      field.setSelectionRange(caret, caret);
    },
  };
  return <ark.input {...mergeProps(input, typing, props)} ref={ref} />;
});

const isoOf = (date: DateValue) =>
  `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
const format = (date: DateValue, { locale }: { locale: string }) => formatDateEntry(isoOf(date), locale);
const parse = (text: string, { locale }: { locale: string }) => {
  const iso = parseDateEntry(text, locale);
  return iso ? parseDate(iso) : undefined;
};

const { withProvider, withContext } = createStyleContext(datePicker);

export const Root = withProvider(ArkDatePicker.Root, 'root', {
  defaultProps: { lazyMount: true, unmountOnExit: true },
});
export const Label = withContext(ArkDatePicker.Label, 'label');
export const Control = withContext(ArkDatePicker.Control, 'control');
export const Input = withContext(EntryInput, 'input');
export const Trigger = withContext(ArkDatePicker.Trigger, 'trigger');
export const ClearTrigger = withContext(ArkDatePicker.ClearTrigger, 'clearTrigger');
export const Positioner = withContext(ArkDatePicker.Positioner, 'positioner');
export const Content = withContext(ArkDatePicker.Content, 'content');
export const View = withContext(ArkDatePicker.View, 'view');
export const ViewControl = withContext(ArkDatePicker.ViewControl, 'viewControl');
export const ViewTrigger = withContext(ArkDatePicker.ViewTrigger, 'viewTrigger');
export const PrevTrigger = withContext(ArkDatePicker.PrevTrigger, 'prevTrigger');
export const NextTrigger = withContext(ArkDatePicker.NextTrigger, 'nextTrigger');
export const RangeText = withContext(ArkDatePicker.RangeText, 'rangeText');
export const Table = withContext(ArkDatePicker.Table, 'table');
export const TableHead = withContext(ArkDatePicker.TableHead, 'tableHead');
export const TableHeader = withContext(ArkDatePicker.TableHeader, 'tableHeader');
export const TableBody = withContext(ArkDatePicker.TableBody, 'tableBody');
export const TableRow = withContext(ArkDatePicker.TableRow, 'tableRow');
export const TableCell = withContext(ArkDatePicker.TableCell, 'tableCell');
export const TableCellTrigger = withContext(ArkDatePicker.TableCellTrigger, 'tableCellTrigger');
export const Context = ArkDatePicker.Context;

function ViewHeader() {
  return (
    <ViewControl>
      <PrevTrigger>
        <ChevronLeft size={16} className={mirrorInRtl} aria-hidden="true" />
      </PrevTrigger>
      <ViewTrigger>
        <RangeText />
      </ViewTrigger>
      <NextTrigger>
        <ChevronRight size={16} className={mirrorInRtl} aria-hidden="true" />
      </NextTrigger>
    </ViewControl>
  );
}

/** The calendar popover: day, month and year views. */
export function Calendar() {
  return (
    <Portal>
      <Positioner>
        <Content>
          <View view="day">
            <Context>
              {(api) => (
                <>
                  <ViewHeader />
                  <Table>
                    <TableHead>
                      <TableRow>
                        {api.weekDays.map((weekDay) => (
                          <TableHeader key={weekDay.long} title={weekDay.long}>
                            {weekDay.narrow}
                          </TableHeader>
                        ))}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {api.weeks.map((week) => (
                        <TableRow key={week[0]?.toString()}>
                          {week.map((day) => (
                            <TableCell key={day.toString()} value={day}>
                              <TableCellTrigger>{day.day}</TableCellTrigger>
                            </TableCell>
                          ))}
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </>
              )}
            </Context>
          </View>
          <View view="month">
            <Context>
              {(api) => (
                <>
                  <ViewHeader />
                  <Table>
                    <TableBody>
                      {api.getMonthsGrid({ columns: 4, format: 'short' }).map((months) => (
                        <TableRow key={months[0]?.value}>
                          {months.map((month) => (
                            <TableCell key={month.value} value={month.value}>
                              <TableCellTrigger>{month.label}</TableCellTrigger>
                            </TableCell>
                          ))}
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </>
              )}
            </Context>
          </View>
          <View view="year">
            <Context>
              {(api) => (
                <>
                  <ViewHeader />
                  <Table>
                    <TableBody>
                      {api.getYearsGrid({ columns: 4 }).map((years) => (
                        <TableRow key={years[0]?.value}>
                          {years.map((year) => (
                            <TableCell key={year.value} value={year.value}>
                              <TableCellTrigger>{year.label}</TableCellTrigger>
                            </TableCell>
                          ))}
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </>
              )}
            </Context>
          </View>
        </Content>
      </Positioner>
    </Portal>
  );
}

export interface DateFieldBodyProps extends DateFieldProps {
  /** The look-alike it replaces had the focus on its input or its button: keep it there. */
  focus: 'input' | 'trigger' | null;
  /** The calendar button was pressed before the code had arrived: open at once. */
  defaultOpen: boolean;
}

const requiredMark = css({ color: 'danger.fg', ms: '1' });

/** A labelled date input with a calendar, speaking `YYYY-MM-DD` to its owner (drawn through `./date-picker`). */
export function DateFieldBody({
  label,
  value,
  onValueChange,
  placeholder,
  focus,
  defaultOpen,
  ...rest
}: DateFieldBodyProps) {
  const input = useRef<HTMLInputElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const { locale } = useLocaleContext();
  // Only when it mounts, in place of a look-alike that had the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    (focus === 'input' ? input : focus === 'trigger' ? trigger : null)?.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Root
      defaultOpen={defaultOpen}
      value={value ? [parseDate(value)] : []}
      onValueChange={(details) => onValueChange(details.value[0] ? isoOf(details.value[0]) : '')}
      format={format}
      parse={parse}
      placeholder={placeholder ?? typedPattern(locale)}
      {...rest}
    >
      <Label>
        {label}
        {rest.required ? (
          <span aria-hidden="true" className={requiredMark}>
            *
          </span>
        ) : null}
      </Label>
      <Control>
        <Input ref={input} />
        <Trigger ref={trigger} aria-label={t`Open calendar`}>
          <CalendarDays size={18} aria-hidden="true" />
        </Trigger>
      </Control>
      <Calendar />
    </Root>
  );
}
