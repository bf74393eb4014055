import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { lazyPart } from '~/components/ui/lazy-part';
import { ChangePassword } from '~/features/auth';
import { MessagesLink } from '~/features/messages';
import { api } from '~/lib/api';
import { establishSession, type SessionUser, signOut } from '~/lib/session';
import { STORAGE_KEYS, schoolToken, storage } from '~/lib/storage';
import { toast } from '~/lib/toast';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { YearBanner } from './year-banner';
import { YearSwitcher } from './year-switcher';

const NavDrawer = lazyPart(() => import('./nav-drawer').then((m) => m.NavDrawer));

const styles = {
  root: css({ display: 'flex', minH: '100dvh', bg: 'canvas' }),
  column: css({ display: 'flex', flexDirection: 'column', flex: '1', minW: '0' }),
  main: css({
    flex: '1',
    w: 'full',
    maxW: 'content',
    mx: 'auto',
    p: { base: '4', md: '6' },
    _focus: { outline: 'none' },
  }),
  skip: css({
    position: 'absolute',
    insetInlineStart: '3',
    top: '-20',
    zIndex: 'skipLink',
    px: '4',
    py: '2',
    bg: 'surface',
    color: 'brand.fg',
    fontWeight: 'medium',
    borderRadius: 'lg',
    boxShadow: 'overlay',
    _focusVisible: { top: '3' },
  }),
};

// The drawer is only opened on a tap below 1024 px: its dialog code loads once the page has drawn.

const WIDE_SCREEN = '(min-width: 1024px)';

export interface AppShellProps {
  user: SessionUser;
  children: ReactNode;
  connectionIndicator?: ReactNode;
}

/** The portal frame: side menu (a drawer below 1024 px), top bar, and the page. */
export function AppShell({ user, children, connectionIndicator }: AppShellProps) {
  const navigate = useNavigate();
  const [collapsed, setCollapsed] = useState(() => storage.get(STORAGE_KEYS.sidebarCollapsed) === 'true');
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    const query = window.matchMedia(WIDE_SCREEN);
    const closeOnWide = () => {
      if (query.matches) setDrawerOpen(false);
    };
    query.addEventListener('change', closeOnWide);
    return () => query.removeEventListener('change', closeOnWide);
  }, []);

  const toggleSidebar = () => {
    setCollapsed((current) => {
      storage.set(STORAGE_KEYS.sidebarCollapsed, String(!current));
      return !current;
    });
  };

  const [passwordOpen, setPasswordOpen] = useState(false);

  const handleSignOut = async () => {
    await signOut();
    toast.success(t`Logged out successfully`);
    await navigate({ to: '/login', replace: true });
  };

  return (
    <div className={styles.root}>
      <a href="#main" className={styles.skip}>
        <Trans>Skip to content</Trans>
      </a>
      <Sidebar collapsed={collapsed} />
      <NavDrawer open={drawerOpen} onOpenChange={setDrawerOpen} schoolId={user.schoolId} />
      <div className={styles.column}>
        <TopBar
          user={user}
          sidebarCollapsed={collapsed}
          onToggleSidebar={toggleSidebar}
          drawerOpen={drawerOpen}
          onOpenDrawer={() => setDrawerOpen(true)}
          onSignOut={() => void handleSignOut()}
          onChangePassword={() => setPasswordOpen(true)}
          onNotifications={() => void navigate({ to: '/notifications' })}
          yearSwitcher={<YearSwitcher schoolId={user.schoolId} />}
          connectionIndicator={
            <>
              <MessagesLink client={api} to="/messages" />
              {connectionIndicator}
            </>
          }
        />
        <ChangePassword
          open={passwordOpen}
          onOpenChange={setPasswordOpen}
          token={() => schoolToken.get()}
          onChanged={(result) => establishSession(result)}
        />
        <main id="main" tabIndex={-1} className={styles.main}>
          <YearBanner schoolId={user.schoolId} />
          {children}
        </main>
      </div>
    </div>
  );
}
