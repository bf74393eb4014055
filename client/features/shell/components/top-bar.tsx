import { t } from '@lingui/core/macro';
import { Menu as MenuIcon, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { FALLBACK_SCHOOL_NAME } from '~/components/brand';
import { AccountMenu } from '~/components/ui/account-menu';
import { IconButton } from '~/components/ui/button';
import { mirrorInRtl } from '~/components/ui/mirror';
import { chooseLanguage, roleLabel, type SessionUser } from '~/lib/session';

const styles = {
  root: css({
    position: 'sticky',
    top: '0',
    zIndex: 'sticky',
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    h: 'topbar',
    px: { base: '2', md: '4' },
    bg: 'surface',
    borderBottomWidth: '1px',
    borderColor: 'border',
    flexShrink: '0',
  }),
  school: css({
    fontSize: 'md',
    fontWeight: 'semibold',
    color: 'fg',
    truncate: true,
    minW: '0',
    ms: '1',
  }),
  end: css({ display: 'flex', alignItems: 'center', gap: '2', ms: 'auto', flexShrink: '0' }),
};

export interface TopBarProps {
  user: SessionUser;
  sidebarCollapsed: boolean;
  onToggleSidebar: () => void;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
  onSignOut: () => void;
  onChangePassword: () => void;
  /** Opens the account's notification choices. */
  onNotifications: () => void;
  /** A place for the live-connection dot, left of the user menu. */
  connectionIndicator?: ReactNode;
  /** The school year the screens show (administrators). */
  yearSwitcher?: ReactNode;
}

export function TopBar(props: TopBarProps) {
  const { user, sidebarCollapsed, onToggleSidebar, drawerOpen, onOpenDrawer, onSignOut, onChangePassword } = props;
  const { connectionIndicator, yearSwitcher, onNotifications } = props;
  return (
    <header className={styles.root}>
      <IconButton
        label={t`Open menu`}
        hideFrom="lg"
        aria-haspopup="dialog"
        aria-expanded={drawerOpen}
        onClick={onOpenDrawer}
      >
        <MenuIcon size={20} aria-hidden="true" />
      </IconButton>
      <IconButton
        label={sidebarCollapsed ? t`Expand side menu` : t`Collapse side menu`}
        hideBelow="lg"
        aria-expanded={!sidebarCollapsed}
        onClick={onToggleSidebar}
      >
        {sidebarCollapsed ? (
          <PanelLeftOpen size={18} className={mirrorInRtl} aria-hidden="true" />
        ) : (
          <PanelLeftClose size={18} className={mirrorInRtl} aria-hidden="true" />
        )}
      </IconButton>
      {/* A name keeps its own direction: a Latin name in an Arabic page is cut at its end, not its start. */}
      <span dir="auto" className={styles.school}>
        {user.school?.name || FALLBACK_SCHOOL_NAME}
      </span>
      <div className={styles.end}>
        {yearSwitcher}
        {connectionIndicator}
        <AccountMenu
          name={user.name}
          email={user.email ?? ''}
          role={roleLabel(user.role)}
          onSignOut={onSignOut}
          onChangePassword={onChangePassword}
          onNotifications={onNotifications}
          language={{
            own: user.language ?? null,
            school: user.school?.language ?? 'en',
            onChange: (next) => void chooseLanguage(next),
          }}
        />
      </div>
    </header>
  );
}
