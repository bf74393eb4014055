import { Check } from 'lucide-react';
import { useRef } from 'react';
import { cx } from 'styled-system/css';
import { checkbox } from 'styled-system/recipes';
import { pageDir } from '~/lib/page-locale';
import type { CheckboxProps } from './checkbox-body';
import { preloadable, useWhenWanted } from './lazy-part';

export type { CheckboxProps } from './checkbox-body';

// The checkbox's machinery is not needed to draw it: it loads when the browser is idle or the pointer comes near,
// and meanwhile a look-alike with a real checkbox inside already answers a click or a key.
const body = preloadable(() => import('./checkbox-body'));
const part = (name: string) => ({ 'data-scope': 'checkbox', 'data-part': name, dir: pageDir() });
const hidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  width: '1px',
  whiteSpace: 'nowrap',
  wordWrap: 'normal',
} as const;

/** A labelled checkbox (a real, hidden input underneath, so forms and assistive technology see it). */
export function Checkbox(props: CheckboxProps) {
  const { loaded, fetch } = useWhenWanted(body);
  const focused = useRef(false);
  if (loaded) return <loaded.CheckboxBody {...props} focusInput={focused.current} />;

  const { children, checked, disabled, invalid, onCheckedChange, className, name, value } = props;
  const isChecked = checked === true;
  const state = checked === 'indeterminate' ? 'indeterminate' : isChecked ? 'checked' : 'unchecked';
  const classes = checkbox();
  const on = (flag: boolean | undefined) => (flag ? '' : undefined);
  return (
    <label
      {...part('root')}
      className={cx(classes.root, className as string | undefined)}
      data-state={state}
      data-disabled={on(disabled)}
      data-invalid={on(invalid)}
      onPointerEnter={fetch}
    >
      <div {...part('control')} className={classes.control} data-state={state} aria-hidden="true">
        <div {...part('indicator')} className={classes.indicator} data-state={state} hidden={!isChecked}>
          <Check size={14} strokeWidth={3} aria-hidden="true" />
        </div>
      </div>
      <span {...part('label')} className={classes.label} data-state={state}>
        {children}
      </span>
      <input
        type="checkbox"
        style={hidden}
        checked={isChecked}
        disabled={disabled}
        name={name}
        value={value}
        aria-invalid={invalid || undefined}
        onFocus={() => {
          focused.current = true;
        }}
        onBlur={() => {
          focused.current = false;
        }}
        onChange={(event) => onCheckedChange?.({ checked: event.currentTarget.checked })}
      />
    </label>
  );
}
