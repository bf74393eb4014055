import { type ComponentProps, useState } from 'react';
import { formatTimeEntry, parseTimeEntry } from '~/lib/date-entry';
import { pageLocale } from '~/lib/page-locale';
import * as Field from './field';

export interface TimeInputProps extends Omit<ComponentProps<typeof Field.Input>, 'value' | 'onChange' | 'type'> {
  /** `HH:MM` (24-hour) or ''. */
  value: string;
  onValueChange: (value: string) => void;
}

/**
 * A time of day typed and shown as the page's language writes it ('9:05 AM', '9:05 pm', '9:05 ص'), read when the
 * field is left or Enter pressed, speaking `HH:MM` to its owner; '' when empty or unreadable. Inside a Field.Root.
 */
export function TimeInput({ value, onValueChange, onBlur, onKeyDown, ...rest }: TimeInputProps) {
  const locale = pageLocale();
  const [text, setText] = useState(() => formatTimeEntry(value, locale));
  const [shownFor, setShownFor] = useState(value);
  if (value !== shownFor) {
    setShownFor(value);
    setText(formatTimeEntry(value, locale));
  }
  const commit = () => {
    const time = parseTimeEntry(text, locale) ?? '';
    if (time) setText(formatTimeEntry(time, locale));
    setShownFor(time);
    if (time !== value) onValueChange(time);
  };
  return (
    <Field.Input
      {...rest}
      type="text"
      autoComplete="off"
      spellCheck={false}
      placeholder={rest.placeholder ?? formatTimeEntry('09:00', locale)}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={(event) => {
        commit();
        onBlur?.(event);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        onKeyDown?.(event);
      }}
    />
  );
}
