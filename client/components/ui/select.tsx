import { ChevronDown } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { select } from 'styled-system/recipes';
import { pageDir } from '~/lib/page-locale';
import { preloadable, useWhenWanted } from './lazy-part';

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

// The select's machinery (its list, positioning, keyboard) is not needed to draw it closed: it loads when the
// browser is idle, or when the person points at, focuses or presses the select, and replaces the look-alike.
const body = preloadable(() => import('./select-body'));

const requiredMark = css({ color: 'danger.fg', ms: '1' });
const hiddenLabel = css({ srOnly: true });
const data = (on: boolean | undefined) => (on ? '' : undefined);

/** A single-choice select over a plain list of options. */
export function SimpleSelect(props: SimpleSelectProps) {
  const { loaded, want, fetch } = useWhenWanted(body);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const focused = useRef(false);
  const labelId = useId();
  if (loaded) return <loaded.SimpleSelectBody {...props} defaultOpen={openAtOnce} focusTrigger={focused.current} />;

  const { label, hideLabel, options, value, placeholder, disabled, invalid, required, className } = props;
  const classes = select();
  const text = options.find((option) => option.value === value)?.label || placeholder || 'Select...';
  const part = (name: string) => ({ 'data-scope': 'select', 'data-part': name, dir: pageDir() });
  return (
    <div {...part('root')} className={cx(classes.root, className)} data-invalid={data(invalid)}>
      {/* biome-ignore lint/a11y/noLabelWithoutControl: the button names itself by this label, as the select's does */}
      <label
        {...part('label')}
        id={labelId}
        className={cx(classes.label, hideLabel && hiddenLabel)}
        data-disabled={data(disabled)}
        data-invalid={data(invalid)}
        data-required={data(required)}
      >
        {label}
        {required ? (
          <span aria-hidden="true" className={requiredMark}>
            *
          </span>
        ) : null}
      </label>
      <div {...part('control')} className={classes.control} data-state="closed" data-disabled={data(disabled)}>
        <button
          {...part('trigger')}
          type="button"
          role="combobox"
          className={classes.trigger}
          disabled={disabled}
          aria-expanded={false}
          aria-haspopup="listbox"
          aria-invalid={invalid}
          aria-required={required}
          aria-labelledby={labelId}
          data-state="closed"
          data-disabled={data(disabled)}
          data-invalid={data(invalid)}
          data-placeholder-shown={data(!options.some((option) => option.value === value))}
          onPointerEnter={fetch}
          onFocus={() => {
            focused.current = true;
            want();
          }}
          onBlur={() => {
            focused.current = false;
          }}
          onClick={() => {
            setOpenAtOnce(true);
            want();
          }}
        >
          <span {...part('value-text')} className={classes.valueText}>
            {text}
          </span>
          <div {...part('indicator')} className={classes.indicator} aria-hidden="true" data-state="closed">
            <ChevronDown size={16} aria-hidden="true" />
          </div>
        </button>
      </div>
    </div>
  );
}
