import { t } from '@lingui/core/macro';
import { CalendarDays } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { datePicker } from 'styled-system/recipes';
import { datePlaceholder, formatDateEntry, normaliseTyped, parseDateEntry } from '~/lib/date-entry';
import { pageDir, pageLocale } from '~/lib/page-locale';
import { preloadable, useWhenWanted } from './lazy-part';

export interface DateFieldProps {
  label: string;
  /** A calendar date, `YYYY-MM-DD`, or '' for none. */
  value: string;
  onValueChange: (value: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** Marks the label with the required sign (hidden from assistive technology, which reads `required`). */
  required?: boolean;
  placeholder?: string;
  name?: string;
  className?: string;
}

// The calendar (its dates, views, positioning) is not needed to draw the field: it loads when the browser is idle,
// or when the person points at or focuses the field, and replaces the look-alike drawn meanwhile.
const body = preloadable(() => import('./date-picker-body'));

const requiredMark = css({ color: 'danger.fg', ms: '1' });
const data = (on: boolean | undefined) => (on ? '' : undefined);

/** The pattern a date is typed in, in the language's order and words: 'mm/dd/yyyy' in English. */
export function typedPattern(locale: string): string {
  return datePlaceholder(locale, {
    day: t({ message: 'dd', context: 'the day in a date pattern such as mm/dd/yyyy' }),
    month: t({ message: 'mm', context: 'the month in a date pattern such as mm/dd/yyyy' }),
    year: t({ message: 'yyyy', context: 'the year in a date pattern such as mm/dd/yyyy' }),
  });
}

/** A labelled date input with a calendar, speaking `YYYY-MM-DD` to its owner. */
export function DateField(props: DateFieldProps) {
  const { loaded, want, fetch } = useWhenWanted(body);
  const [defaultOpen, setDefaultOpen] = useState(false);
  const focus = useRef<'input' | 'trigger' | null>(null);
  // While a date is typed here the calendar's input does not take over, so no keystroke falls between the two.
  const [typing, setTyping] = useState(false);
  const inputId = useId();
  if (loaded && !typing) return <loaded.DateFieldBody {...props} focus={focus.current} defaultOpen={defaultOpen} />;

  const { label, value, placeholder, disabled, invalid, required, name, className } = props;
  const classes = datePicker();
  const locale = pageLocale();
  const empty = data(!value);
  const commit = (field: HTMLInputElement) => {
    const iso = field.value.trim() ? parseDateEntry(field.value, locale) : '';
    if (iso === null) return;
    field.value = formatDateEntry(iso, locale);
    if (iso !== value) props.onValueChange(iso);
  };
  const part = (partName: string) => ({ 'data-scope': 'date-picker', 'data-part': partName, dir: pageDir() });
  const focused = (where: 'input' | 'trigger') => ({
    onFocus: () => {
      focus.current = where;
      want();
    },
    onBlur: () => {
      focus.current = null;
    },
  });
  return (
    <div
      {...part('root')}
      className={cx(classes.root, className)}
      data-state="closed"
      data-disabled={data(disabled)}
      data-empty={empty}
      onPointerEnter={fetch}
    >
      <label
        {...part('label')}
        htmlFor={inputId}
        className={classes.label}
        data-state="closed"
        data-index="0"
        data-disabled={data(disabled)}
        data-invalid={data(invalid)}
      >
        {label}
        {required ? (
          <span aria-hidden="true" className={requiredMark}>
            *
          </span>
        ) : null}
      </label>
      <div
        {...part('control')}
        className={classes.control}
        data-disabled={data(disabled)}
        data-placeholder-shown={empty}
        data-invalid={data(invalid)}
      >
        <input
          {...part('input')}
          id={inputId}
          className={classes.input}
          autoComplete="off"
          autoCorrect="off"
          spellCheck="false"
          name={name}
          data-index="0"
          data-state="closed"
          data-placeholder-shown={empty}
          disabled={disabled}
          required={required}
          aria-invalid={invalid || undefined}
          data-invalid={data(invalid)}
          placeholder={placeholder ?? typedPattern(locale)}
          defaultValue={formatDateEntry(value, locale)}
          onFocus={() => {
            focus.current = 'input';
            setTyping(true);
            want();
          }}
          onInput={(event) => {
            const field = event.currentTarget;
            const shown = normaliseTyped(field.value, locale);
            if (shown !== field.value) field.value = shown;
          }}
          // Read as the calendar's input reads it: on Enter and on leaving the field.
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            commit(event.currentTarget);
          }}
          onBlur={(event) => {
            focus.current = null;
            commit(event.currentTarget);
            setTyping(false);
          }}
        />
        <button
          {...part('trigger')}
          type="button"
          className={classes.trigger}
          aria-label={t`Open calendar`}
          aria-expanded={false}
          aria-haspopup="grid"
          data-state="closed"
          data-placeholder-shown={empty}
          disabled={disabled}
          {...focused('trigger')}
          onClick={() => {
            setDefaultOpen(true);
            want();
          }}
        >
          <CalendarDays size={18} aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
