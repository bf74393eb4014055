import { useQuery } from '@tanstack/react-query';
import { ComposerDialog, officeClassesQuery } from '~/features/messages';
import { api } from '~/lib/api';

const EVERY_AUDIENCE = ['school', 'grade', 'class', 'class_parents', 'teachers', 'staff'] as const;

/** "Send Notification" on the dashboard: the office's composer, reaching every inbox of the audience at once. */
export function NotificationsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const classes = useQuery({ ...officeClassesQuery(api), enabled: open }).data ?? [];
  return (
    <ComposerDialog open={open} onOpenChange={onOpenChange} client={api} audiences={EVERY_AUDIENCE} classes={classes} />
  );
}
