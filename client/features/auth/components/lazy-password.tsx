import { t } from '@lingui/core/macro';
import { lazy, Suspense, useState } from 'react';
import { StatusScreen } from '~/components/ui/status-screen';
import type { ChangePasswordDialogProps } from './change-password-dialog';
import type { ChoosePasswordScreenProps } from './choose-password-screen';

// Few visits need them: the sign-in screens and the portals load these only when asked, so their first
// download stays small.
const ChoosePasswordScreen = lazy(() =>
  import('./choose-password-screen').then((m) => ({ default: m.ChoosePasswordScreen })),
);
const ChangePasswordDialog = lazy(() =>
  import('./change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

/** A sign-in made with a temporary password, waiting for the person's own password. */
export interface PendingFirstPassword {
  token: string;
  temporaryPassword: string;
}

export function FirstPasswordStep(props: ChoosePasswordScreenProps) {
  return (
    <Suspense fallback={<StatusScreen>{t`Loading...`}</StatusScreen>}>
      <ChoosePasswordScreen {...props} />
    </Suspense>
  );
}

/** The account menu's 'Change password' dialog, loaded the first time it opens and kept for its closing. */
export function ChangePassword(props: ChangePasswordDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ChangePasswordDialog {...props} />
    </Suspense>
  );
}
