import { LogOut } from 'lucide-react';
import { css } from 'styled-system/css';
import * as Menu from '~/components/ui/menu';
import { roleLabel, type SessionUser } from '~/lib/session';

const styles = {
  trigger: css({
    display: 'flex',
    alignItems: 'center',
    gap: '2.5',
    minH: 'touch',
    pl: '1.5',
    pr: { base: '1.5', md: '3' },
    borderRadius: 'lg',
    cursor: 'pointer',
    textAlign: 'left',
    _hover: { bg: 'surface.hover' },
    _open: { bg: 'surface.hover' },
  }),
  avatar: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '8',
    h: '8',
    borderRadius: 'full',
    bg: 'brand.muted',
    color: 'brand.fg',
    fontSize: 'xs',
    fontWeight: 'semibold',
    flexShrink: '0',
  }),
  // On phones the name and role are only announced; the avatar stands in for them.
  who: css({
    srOnly: { base: true, md: false },
    display: 'flex',
    flexDirection: 'column',
    lineHeight: '1.25',
    minW: '0',
  }),
  name: css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg', maxW: '48', truncate: true }),
  role: css({ fontSize: 'xs', color: 'fg.muted', textTransform: 'capitalize' }),
  header: css({ display: 'flex', flexDirection: 'column', gap: '0.5', px: '2.5', py: '2' }),
  headerName: css({ fontWeight: 'semibold', color: 'fg' }),
  headerLine: css({ fontSize: 'sm', color: 'fg.muted', wordBreak: 'break-all' }),
  headerRole: css({ fontSize: 'sm', color: 'fg.muted', textTransform: 'capitalize' }),
};

export function initials(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0][0]}${parts[parts.length - 1][0]}` : (parts[0]?.slice(0, 2) ?? '?');
  return letters.toUpperCase();
}

export interface UserMenuProps {
  user: SessionUser;
  onSignOut: () => void;
}

/** The user's name and role, opening a menu with name, email, role and 'Sign Out'. */
export function UserMenu({ user, onSignOut }: UserMenuProps) {
  const role = roleLabel(user.role);
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end', gutter: 6 }}
      onSelect={(details) => {
        if (details.value === 'sign-out') onSignOut();
      }}
    >
      <Menu.Trigger className={styles.trigger}>
        <span className={styles.avatar} aria-hidden="true">
          {initials(user.name)}
        </span>
        <span className={styles.who}>
          <span className={styles.name}>{user.name}</span>
          <span className={styles.role}>{role}</span>
        </span>
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content aria-label="Account">
          <div className={styles.header}>
            <span className={styles.headerName}>{user.name}</span>
            <span className={styles.headerLine}>{user.email}</span>
            <span className={styles.headerRole}>{role}</span>
          </div>
          <Menu.Separator />
          <Menu.Item value="sign-out">
            <LogOut size={16} aria-hidden="true" />
            Sign Out
          </Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
