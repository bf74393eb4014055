import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { Redirect } from '~/components/redirect';
import { lazyPart } from '~/components/ui/lazy-part';
import { StatusScreen } from '~/components/ui/status-screen';
import { api } from '~/lib/api';
import { currentPath } from '~/lib/navigation';
import { useRealtimeConnection, useRealtimeEvent } from '~/lib/realtime';
import { applySchoolChange, SCHOOL_ADMIN, useSession } from '~/lib/session';
import { AppShell } from './app-shell';
import { ConnectionIndicator } from './connection-indicator';

// Only someone of another role sees it: its code loads when it is needed.
const AccessDenied = lazyPart(
  () => import('./access-denied').then((m) => m.AccessDenied),
  () => true,
);

/** Every protected screen sits inside this: it waits for the session, keeps out the wrong role, frames the page. */
export function PortalLayout() {
  const session = useSession();
  const admin = session.status === 'authenticated' && session.user?.role === SCHOOL_ADMIN;
  useRealtimeConnection(admin ? session.user?.schoolId : null, api);
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    if (event.type !== 'school_updated') return;
    // Another office device changed the school: its name, and "today" if the zone or term moved.
    applySchoolChange(event.data);
    void queryClient.invalidateQueries();
  });

  if (session.status === 'loading') return <StatusScreen>{t`Verifying access...`}</StatusScreen>;
  if (session.status === 'anonymous' || !session.user) {
    const href = session.endedBy === 'sign-out' ? '/login' : `/login?redirect=${encodeURIComponent(currentPath())}`;
    return <Redirect href={href} />;
  }
  if (session.user.role !== SCHOOL_ADMIN) return <AccessDenied user={session.user} />;
  return (
    <AppShell user={session.user} connectionIndicator={<ConnectionIndicator />}>
      <Outlet />
    </AppShell>
  );
}
