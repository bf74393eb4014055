import { lazyPart } from './lazy-part';

export type { ConfirmDialogProps } from './confirm-dialog-surface';

/** A question before an action, with Cancel first and the action last; its dialog code loads after the screen. */
export const ConfirmDialog = lazyPart(() => import('./confirm-dialog-surface').then((m) => m.ConfirmDialogSurface));
