import { t } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { familyApi } from '~/features/family/session';
import { FamilyNotifications } from '~/features/messages/components/family-notifications';

export const Route = createFileRoute('/family/notifications')({
  head: () => ({ meta: [{ title: t`Notifications · School Portal` }] }),
  component: FamilyNotificationsRoute,
});

function FamilyNotificationsRoute() {
  const { family } = Route.useRouteContext();
  return <FamilyNotifications client={familyApi} role={family.role} />;
}
