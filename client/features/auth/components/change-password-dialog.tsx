import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { css } from 'styled-system/css';
import * as Dialog from '~/components/ui/dialog';
import { DialogForm } from '~/components/ui/dialog-form';
import type { PasswordChanged } from '../password';
import { NewPasswordFields } from './new-password-fields';
import { useNewPassword } from './use-new-password';

const bodyClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });

export interface ChangePasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The token of the portal the person is signed in to. */
  token: () => string | null;
  /** Keeps the portal signed in with the token the change answers (every other session ends). */
  onChanged: (result: PasswordChanged) => void;
}

/** 'Change password' from the account menu of every portal. */
export function ChangePasswordDialog({ open, onOpenChange, token, onChanged }: ChangePasswordDialogProps) {
  const form = useNewPassword({
    token,
    onChanged: (result) => {
      onChanged(result);
      onOpenChange(false);
    },
  });
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) form.reset();
        onOpenChange(details.open);
      }}
    >
      <Dialog.Surface>
        <DialogForm onSubmit={form.submit} noValidate>
          <Dialog.Header>
            <Dialog.Title>
              <Trans>Change password</Trans>
            </Dialog.Title>
            <Dialog.Description>
              <Trans>You stay signed in here; every other device signed in to your account is signed out.</Trans>
            </Dialog.Description>
          </Dialog.Header>
          <Dialog.Body className={bodyClass}>
            <NewPasswordFields values={form.values} errors={form.errors} onChange={form.edit} askCurrent />
          </Dialog.Body>
          <Dialog.FormFooter
            busy={form.busy}
            loadingText={t`Saving...`}
            onCancel={() => {
              form.reset();
              onOpenChange(false);
            }}
          >
            <Trans>Change password</Trans>
          </Dialog.FormFooter>
        </DialogForm>
      </Dialog.Surface>
    </Dialog.Root>
  );
}
