import {
  type ComponentProps,
  type CSSProperties,
  createContext,
  type KeyboardEvent,
  type RefObject,
  useContext,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { cx } from 'styled-system/css';
import { tabs } from 'styled-system/recipes';
import { pageDir } from '~/lib/page-locale';

// Tabs drawn by hand with the parts, attributes, keyboard and indicator of Ark's tabs (the recipe styles the same
// `data-*` states): a tab strip is on most screens, and the state machine behind Ark's weighed on each of them.

interface TabsState {
  value: string;
  select: (value: string) => void;
  id: string;
  lazyMount: boolean;
  classes: ReturnType<typeof tabs>;
  list: RefObject<HTMLDivElement | null>;
  /** Moves with the selection once it has changed, as Ark's indicator does; not when the screen first draws. */
  moved: boolean;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside Tabs.Root');
  return state;
}

const orientation = { 'data-orientation': 'horizontal' } as const;
const part = (name: string) => ({ 'data-scope': 'tabs', 'data-part': name, ...orientation, dir: pageDir() });
const safe = (value: string) => value.replace(/[^\w-]/g, '_');

export interface RootProps extends Omit<ComponentProps<'div'>, 'defaultValue' | 'onChange'> {
  value?: string;
  defaultValue?: string;
  onValueChange?: (details: { value: string }) => void;
  /** Draws a tab's content the first time it is chosen, then keeps it. */
  lazyMount?: boolean;
}

export function Root({ value, defaultValue, onValueChange, lazyMount = false, className, ...rest }: RootProps) {
  const [own, setOwn] = useState(defaultValue ?? '');
  const [moved, setMoved] = useState(false);
  const current = value ?? own;
  const classes = tabs();
  const list = useRef<HTMLDivElement>(null);
  const state: TabsState = {
    value: current,
    select: (next) => {
      if (next === current) return;
      setMoved(true);
      if (value === undefined) setOwn(next);
      onValueChange?.({ value: next });
    },
    id: useId(),
    lazyMount,
    classes,
    list,
    moved,
  };
  return (
    <TabsContext.Provider value={state}>
      <div {...part('root')} {...rest} className={cx(classes.root, className)} />
    </TabsContext.Provider>
  );
}

export function List({ className, onKeyDown, ...rest }: ComponentProps<'div'>) {
  const { classes, list } = useTabs();
  // Arrows, Home and End move along the enabled tabs (wrapping round); a tab is chosen as it takes the focus.
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.nativeEvent.isComposing) return;
    const triggers = [...(list.current?.querySelectorAll<HTMLButtonElement>('[role=tab]:not(:disabled)') ?? [])];
    const at = triggers.indexOf(document.activeElement as HTMLButtonElement);
    // The arrow that points to the next tab is the left one on a right-to-left page.
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const next: Record<string, number> = {
      [rtl ? 'ArrowLeft' : 'ArrowRight']: (at + 1) % triggers.length,
      [rtl ? 'ArrowRight' : 'ArrowLeft']: (at - 1 + triggers.length) % triggers.length,
      Home: 0,
      End: triggers.length - 1,
    };
    const index = next[event.key];
    if (index === undefined || triggers.length === 0) return;
    event.preventDefault();
    triggers[index]?.focus();
  };
  return (
    <div
      {...part('list')}
      role="tablist"
      aria-orientation="horizontal"
      {...rest}
      ref={list}
      className={cx(classes.list, className)}
      onKeyDown={move}
    />
  );
}

export interface TriggerProps extends ComponentProps<'button'> {
  value: string;
}

export function Trigger({ value, disabled, className, onClick, onFocus, ...rest }: TriggerProps) {
  const { value: selected, select, id, classes } = useTabs();
  const isSelected = value === selected;
  return (
    <button
      {...part('trigger')}
      type="button"
      role="tab"
      id={`tabs:${id}:trigger-${safe(value)}`}
      disabled={disabled}
      data-disabled={disabled ? '' : undefined}
      aria-disabled={disabled}
      data-value={value}
      aria-selected={isSelected}
      data-selected={isSelected ? '' : undefined}
      aria-controls={isSelected ? `tabs:${id}:content-${safe(value)}` : undefined}
      tabIndex={isSelected ? 0 : -1}
      {...rest}
      className={cx(classes.trigger, className)}
      onFocus={(event) => {
        onFocus?.(event);
        if (!disabled) select(value);
      }}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented && !disabled) select(value);
      }}
    />
  );
}

export interface ContentProps extends ComponentProps<'div'> {
  value: string;
}

export function Content({ value, className, children, ...rest }: ContentProps) {
  const { value: selected, id, lazyMount, classes } = useTabs();
  const isSelected = value === selected;
  const [shown, setShown] = useState(isSelected);
  if (isSelected && !shown) setShown(true);
  return (
    <div
      {...part('content')}
      role="tabpanel"
      id={`tabs:${id}:content-${safe(value)}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel takes the focus after its tab, as Ark's does
      tabIndex={0}
      aria-labelledby={`tabs:${id}:trigger-${safe(value)}`}
      data-selected={isSelected ? '' : undefined}
      hidden={!isSelected}
      {...rest}
      className={cx(classes.content, className)}
    >
      {shown || !lazyMount ? children : null}
    </div>
  );
}

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The bar under the chosen tab, sliding to the next one chosen. */
export function Indicator({ className, style, ...rest }: ComponentProps<'div'>) {
  const { value, classes, moved } = useTabs();
  const [rect, setRect] = useState<Rect | null>(null);
  const self = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    // Its own tab strip (the list's ref is not attached yet when a child's layout effect first runs).
    const strip = self.current?.closest<HTMLElement>('[role=tablist]');
    if (!strip) return;
    const measure = () => {
      const trigger = strip.querySelector<HTMLElement>(`[role=tab][data-value="${CSS.escape(value)}"]`);
      setRect(
        trigger
          ? { x: trigger.offsetLeft, y: trigger.offsetTop, width: trigger.offsetWidth, height: trigger.offsetHeight }
          : null,
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(strip);
    return () => observer.disconnect();
  }, [value]);
  const empty = !rect || (rect.width === 0 && rect.height === 0 && rect.x === 0 && rect.y === 0);
  const px = (n: number | undefined) => (n === undefined ? undefined : `${n}px`);
  return (
    <div
      {...part('indicator')}
      ref={self}
      hidden={empty}
      {...rest}
      className={cx(classes.indicator, className)}
      style={
        {
          '--transition-property': 'left, right, top, bottom, width, height',
          '--left': px(rect?.x),
          '--top': px(rect?.y),
          '--width': px(rect?.width),
          '--height': px(rect?.height),
          position: 'absolute',
          willChange: moved ? 'var(--transition-property)' : 'auto',
          transitionProperty: moved ? 'var(--transition-property)' : 'none',
          transitionDuration: moved ? 'var(--transition-duration, 150ms)' : '0ms',
          transitionTimingFunction: 'var(--transition-timing-function)',
          left: 'var(--left)', // physical: offsetLeft is measured from the left in either direction
          ...style,
        } as CSSProperties
      }
    />
  );
}
