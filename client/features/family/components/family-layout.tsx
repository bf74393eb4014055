import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { BrandMark, FALLBACK_SCHOOL_NAME } from '~/components/brand';
import { LiveStatus } from '~/components/live-status';
import { AccountMenu } from '~/components/ui/account-menu';
import { StatusScreen } from '~/components/ui/status-screen';
import { ChangePassword } from '~/features/auth';
import { MessagesLink } from '~/features/messages';
import { i18n } from '~/lib/i18n';
import { disconnectRealtime, useRealtimeConnection, useRealtimeEvent } from '~/lib/realtime';
import { toast } from '~/lib/toast';
import { logoutFamily } from '../api';
import { familyFrame } from '../frame-classes';
import type { FamilyContext } from '../guard';
import {
  clearFamilySession,
  type FamilyRole,
  familyApi,
  getFamilyToken,
  replaceFamilyToken,
  signInPathFor,
  useFamilyTokenRefresh,
} from '../session';

const ROLE_LABELS: Record<FamilyRole, MessageDescriptor> = { parent: msg`Parent`, student: msg`Student` };

const styles = familyFrame;

/** The family pages' frame: school name, live dot and account menu; keeps the live connection and token fresh. */
export function FamilyLayout({ family }: { family: FamilyContext }) {
  const { role, user } = family;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);

  useRealtimeConnection(signingOut ? null : user.schoolId, familyApi);
  useFamilyTokenRefresh(role);
  useRealtimeEvent((event) => {
    // The school's name heads the page and its zone decides "today": both come again from the server.
    if (event.type === 'school_updated') void queryClient.invalidateQueries({ queryKey: ['family'] });
  });

  const handleSignOut = async () => {
    setSigningOut(true);
    disconnectRealtime();
    await logoutFamily();
    clearFamilySession(role);
    queryClient.removeQueries({ queryKey: ['family'] });
    toast.success(t`Logged out successfully`);
    await navigate({ to: signInPathFor(role), replace: true });
  };

  if (signingOut) return <StatusScreen>{t`Signing out...`}</StatusScreen>;

  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <div className={styles.barInner}>
          <BrandMark />
          <span className={styles.school}>{user.school?.name || FALLBACK_SCHOOL_NAME}</span>
          <div className={styles.end}>
            <MessagesLink client={familyApi} to="/family/messages" />
            <LiveStatus />
            <AccountMenu
              name={user.name}
              email={user.email ?? ''}
              role={i18n._(ROLE_LABELS[role])}
              onSignOut={() => void handleSignOut()}
              onChangePassword={() => setPasswordOpen(true)}
              onNotifications={() => void navigate({ to: '/family/notifications' })}
              compact
            />
          </div>
        </div>
      </header>
      <main className={styles.main}>
        <Outlet />
      </main>
      <ChangePassword
        open={passwordOpen}
        onOpenChange={setPasswordOpen}
        token={getFamilyToken}
        onChanged={(result) => replaceFamilyToken(role, result.token)}
      />
    </div>
  );
}
