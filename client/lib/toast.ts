import { TOAST_DURATION } from './toast-duration';
import type { ToastStore } from './toaster-store';

export { TOAST_DURATION } from './toast-duration';

export type ToastType = keyof typeof TOAST_DURATION;

// The toast store is not needed to draw a screen: it loads with the first toast (or with the toast region, once the
// browser is idle), and toasts raised meanwhile are shown as soon as it is there.
let store: ToastStore | undefined;
let loading: Promise<ToastStore> | undefined;
let raised = 0;
const raisedListeners = new Set<() => void>();

export function loadToaster(): Promise<ToastStore> {
  loading ??= import('./toaster-store').then((module) => {
    store = module.toaster;
    return store;
  });
  return loading;
}

function withStore(action: (toaster: ToastStore) => void) {
  if (store) action(store);
  else void loadToaster().then(action);
}

/** Whether a toast has been raised yet, and a way to hear of the next one (the toast region mounts for it). */
export const toastsRaised = () => raised > 0;
export function onToastRaised(listener: () => void): () => void {
  raisedListeners.add(listener);
  return () => raisedListeners.delete(listener);
}

export interface ToastOptions {
  /** A second, quieter line under the message. */
  description?: string;
  /** Overrides the type's usual duration (e.g. 5000 for the parent-accounts notice). */
  duration?: number;
}

function show(type: ToastType, message: string, options: ToastOptions = {}) {
  raised += 1;
  const id = `toast-${raised}`;
  withStore((toaster) =>
    toaster.create({
      id,
      type,
      title: message,
      description: options.description,
      duration: options.duration ?? TOAST_DURATION[type],
      closable: true,
    }),
  );
  for (const listener of raisedListeners) listener();
  return id;
}

export const toast = {
  show,
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  dismiss: (id?: string) => withStore((toaster) => toaster.dismiss(id)),
};
