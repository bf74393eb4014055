import { createFileRoute } from '@tanstack/react-router';
import { StatusScreen } from '~/components/ui/status-screen';
import { PortalLayout } from '~/features/shell/components/portal-layout';
import { requireSession } from '~/lib/guards';

export const Route = createFileRoute('/_portal')({
  beforeLoad: ({ location }) => requireSession(location.href),
  pendingComponent: () => <StatusScreen>Verifying access...</StatusScreen>,
  pendingMs: 0,
  component: PortalLayout,
});
