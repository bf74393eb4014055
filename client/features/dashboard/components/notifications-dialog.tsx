import { Button } from '~/components/ui/button';
import * as Dialog from '~/components/ui/dialog';

/** "Send Notification" on the dashboard: no email or SMS provider is configured yet, and the dialog says so. */
export function NotificationsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>Notifications are not available yet</Dialog.Title>
          <Dialog.Description>
            Sending messages to parents, students and staff needs an email or SMS provider, and none is configured for
            this school. Until then, share notices through your usual channels.
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Footer pt="5">
          <Button onClick={() => onOpenChange(false)}>Got it</Button>
        </Dialog.Footer>
      </Dialog.Surface>
    </Dialog.Root>
  );
}
