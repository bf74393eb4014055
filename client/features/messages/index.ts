import { lazyPart } from '~/components/ui/lazy-part';

/** What other features may use: the portal bar's link with its unread badge, and the dashboard's composer. */
export { officeClassesQuery } from './api';
export type { ComposerDialogProps } from './components/composer-dialog';

// Neither is needed to draw a screen: their code loads once the browser is idle, or when the composer opens.
export const ComposerDialog = lazyPart(() => import('./components/composer-dialog').then((m) => m.ComposerDialog));
export const MessagesLink = lazyPart(
  () => import('./components/messages-link').then((m) => m.MessagesLink),
  () => false,
);
