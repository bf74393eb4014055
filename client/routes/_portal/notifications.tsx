import { t } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OfficeNotificationsScreen } from '~/features/messages/components/staff-notifications';

/** The office's notification choices, opened from the account menu or the Messages screen. */
export const Route = createFileRoute('/_portal/notifications')({
  head: () => ({ meta: [{ title: t`Notifications · School Portal` }] }),
  component: OfficeNotificationsScreen,
});
