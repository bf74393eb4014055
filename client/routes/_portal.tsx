import { createFileRoute } from '@tanstack/react-router';
import { ShellFrame } from '~/components/shell-frame';
import { PortalLayout } from '~/features/shell/components/portal-layout';
import { requireSession } from '~/lib/guards';

export const Route = createFileRoute('/_portal')({
  beforeLoad: ({ location }) => requireSession(location.href),
  pendingComponent: ShellFrame,
  pendingMs: 0,
  component: PortalLayout,
});
