import { createFileRoute } from '@tanstack/react-router';
import { StatusScreen } from '~/components/ui/status-screen';
import { FamilyLayout } from '~/features/family/components/family-layout';
import { FamilyErrorScreen } from '~/features/family/components/family-status-screens';
import { requireFamily } from '~/features/family/guard';

export const Route = createFileRoute('/family')({
  beforeLoad: ({ context }) => requireFamily(context.queryClient),
  pendingComponent: () => <StatusScreen>Verifying access...</StatusScreen>,
  pendingMs: 0,
  errorComponent: FamilyErrorScreen,
  head: () => ({ meta: [{ title: 'Home · School Portal' }] }),
  component: FamilyLayoutRoute,
});

function FamilyLayoutRoute() {
  const { family } = Route.useRouteContext();
  return <FamilyLayout family={family} />;
}
