import { createToaster } from '@ark-ui/react/toast';

/** The toast store the toast region draws from; `~/lib/toast` loads it with the first toast. */
export const toaster = createToaster({
  placement: 'top-end',
  max: 20,
  gap: 12,
  overlap: false,
  removeDelay: 200,
});

export type ToastStore = typeof toaster;
