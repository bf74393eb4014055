import { Trans } from '@lingui/react/macro';
import { Button } from '~/components/ui/button';
import * as Dialog from '~/components/ui/dialog';

/** "Send Notification" on the dashboard: no email or SMS provider is configured yet, and the dialog says so. */
export function NotificationsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>
            <Trans>Notifications are not available yet</Trans>
          </Dialog.Title>
          <Dialog.Description>
            <Trans>
              Sending messages to parents, students and staff needs an email or SMS provider, and none is configured for
              this school. Until then, share notices through your usual channels.
            </Trans>
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Footer pt="5">
          <Button onClick={() => onOpenChange(false)}>
            <Trans>Got it</Trans>
          </Button>
        </Dialog.Footer>
      </Dialog.Surface>
    </Dialog.Root>
  );
}
