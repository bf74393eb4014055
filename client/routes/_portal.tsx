import { createFileRoute } from '@tanstack/react-router';
import { PortalLayout } from '~/features/shell/components/portal-layout';
import { ShellFrame } from '~/features/shell/components/shell-frame';
import { requireSession } from '~/lib/guards';

export const Route = createFileRoute('/_portal')({
  beforeLoad: ({ location }) => requireSession(location.href),
  pendingComponent: ShellFrame,
  pendingMs: 0,
  component: PortalLayout,
});
