import { createToaster } from '@ark-ui/react/toast';
import { TOAST_DURATION } from './toast-duration';

export { TOAST_DURATION } from './toast-duration';

export type ToastType = keyof typeof TOAST_DURATION;

export const toaster = createToaster({
  placement: 'top-end',
  max: 20,
  gap: 12,
  overlap: false,
  removeDelay: 200,
});

export interface ToastOptions {
  /** A second, quieter line under the message. */
  description?: string;
  /** Overrides the type's usual duration (e.g. 5000 for the parent-accounts notice). */
  duration?: number;
}

function show(type: ToastType, message: string, options: ToastOptions = {}) {
  return toaster.create({
    type,
    title: message,
    description: options.description,
    duration: options.duration ?? TOAST_DURATION[type],
    closable: true,
  });
}

export const toast = {
  show,
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  dismiss: (id?: string) => toaster.dismiss(id),
};
