import { type ComponentType, lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';

/** Calls `callback` once the browser is idle (at the latest after `timeout` ms); answers a cancel function. */
export function whenIdle(callback: () => void, timeout = 2000): () => void {
  if (window.requestIdleCallback) {
    const handle = window.requestIdleCallback(callback, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, Math.min(timeout, 500));
  return () => window.clearTimeout(handle);
}

/** Becomes true once the browser has been idle after the component mounted. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => (idle ? undefined : whenIdle(() => setIdle(true))), [idle]);
  return idle;
}

export type LazyPart<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A part a screen does not need to draw (a dialog, a drawer, a form opened on a click). Its code loads once the
 * browser is idle after the screen drew, or at once when it is opened before that (`opened`, by default its `open`
 * prop); until its code is there it renders nothing, as a closed dialog does.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  opened: (props: P) => boolean = (props) => (props as { open?: unknown }).open === true,
  /** Drawn in its place while the code arrives, when the part is visible from the start. */
  fallback: (props: P) => ReactNode = () => null,
): LazyPart<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then((component) => ({ default: component }));
    return loading;
  };
  const Lazy = lazy(preload);
  // Made once per part at module level, like React.lazy itself, never during a render.
  // biome-ignore lint/correctness/noComponentHookFactories: a module-level factory
  function Part(props: P) {
    const idle = useIdle();
    const open = opened(props);
    const [wanted, setWanted] = useState(open);
    if (open && !wanted) setWanted(true);
    if (!wanted && !idle) return null;
    return (
      <Suspense fallback={fallback(props)}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(Part, { preload });
}

export interface Preloadable<T> {
  /** The module, once it has arrived. */
  current: () => T | undefined;
  load: () => Promise<T>;
}

/** A module loaded at most once, on first demand. */
export function preloadable<T>(load: () => Promise<T>): Preloadable<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    current: () => value,
    load: () => {
      loading ??= load().then((module) => {
        value = module;
        return module;
      });
      return loading;
    },
  };
}

// A press under way on the page: a look-alike replaced between a press and its release loses the click (the release
// lands on another element), so replacements wait for the press to end. The release's click is dispatched in the
// same task as the release, so the press counts as over one task later.
let pressing = false;
let watching = false;
const afterRelease: (() => void)[] = [];
function watchPresses() {
  if (watching) return;
  watching = true;
  document.addEventListener('pointerdown', () => (pressing = true), true);
  const release = () =>
    window.setTimeout(() => {
      pressing = false;
      for (const run of afterRelease.splice(0)) run();
    }, 0);
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

/** Runs `swap` now, or once the press under way has ended. */
function whenNotPressed(swap: () => void) {
  watchPresses();
  if (pressing) afterRelease.push(swap);
  else swap();
}

/**
 * For a part drawn at once whose behaviour can wait (a select, a menu): answers its module once loaded, which
 * happens when the browser is idle or on `want()` (the person points at it, focuses or presses it). Until then the
 * caller draws a look-alike in its place, kept in the page until the real part replaces it in one step.
 */
export function useWhenWanted<T>(module: Preloadable<T>): {
  loaded: T | undefined;
  want: () => void;
  /** Fetches the code without replacing the look-alike (pointing: a press must not be split between the two). */
  fetch: () => void;
} {
  const [loaded, setLoaded] = useState<T | undefined>(() => module.current());
  const want = useCallback(() => {
    void module.load().then((value) => whenNotPressed(() => setLoaded(() => value)));
  }, [module]);
  useEffect(() => {
    watchPresses();
    return loaded ? undefined : whenIdle(want);
  }, [loaded, want]);
  return { loaded, want, fetch: () => void module.load() };
}

/** Loads these parts' code once the browser is idle after the screen drew (other tabs, panels shown later). */
export function usePreloadWhenIdle(...parts: { preload: () => Promise<unknown> }[]) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the parts are module-level constants
  useEffect(() => whenIdle(() => parts.forEach((part) => void part.preload())), []);
}
