import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from './button';
import * as Dialog from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What will happen, and what will be lost. */
  description: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs. */
  busyLabel?: string;
  /** 'danger' for destructive actions. */
  tone?: 'danger' | 'brand';
  loading?: boolean;
  onConfirm: () => void;
  children?: ReactNode;
}

/** A question before an action, with Cancel first and the action last. */
export function ConfirmDialogSurface({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  tone = 'danger',
  loading,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role="alertdialog"
      closeOnInteractOutside={!loading}
    >
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description>{description}</Dialog.Description>
        </Dialog.Header>
        {children ? <Dialog.Body>{children}</Dialog.Body> : null}
        <Dialog.Footer pt={children ? '0' : '5'}>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            variant={tone === 'danger' ? 'danger' : 'solid'}
            onClick={onConfirm}
            loading={loading}
            loadingText={busyLabel}
          >
            {confirmLabel}
          </Button>
        </Dialog.Footer>
      </Dialog.Surface>
    </Dialog.Root>
  );
}
