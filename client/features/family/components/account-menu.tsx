import { LogOut } from 'lucide-react';
import { css } from 'styled-system/css';
import * as Menu from '~/components/ui/menu';
import { initials } from '../format';
import type { FamilyRole, FamilyUser } from '../session';

const styles = {
  trigger: css({
    display: 'flex',
    alignItems: 'center',
    gap: '2.5',
    minH: 'touch',
    minW: 'touch',
    px: '1.5',
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
  // On phones only the avatar shows; the name and role are still announced.
  who: css({
    srOnly: { base: true, md: false },
    display: 'flex',
    flexDirection: 'column',
    lineHeight: '1.25',
    minW: '0',
    pr: '1.5',
  }),
  name: css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg', maxW: '48', truncate: true }),
  role: css({ fontSize: 'xs', color: 'fg.muted' }),
  header: css({ display: 'flex', flexDirection: 'column', gap: '0.5', px: '2.5', py: '2', maxW: '72' }),
  headerName: css({ fontWeight: 'semibold', color: 'fg' }),
  headerLine: css({ fontSize: 'sm', color: 'fg.muted', wordBreak: 'break-all' }),
};

const ROLE_LABELS: Record<FamilyRole, string> = { parent: 'Parent', student: 'Student' };

export interface AccountMenuProps {
  user: FamilyUser;
  account: FamilyRole;
  onSignOut: () => void;
}

/** The signed-in parent or student, opening a menu with their details and 'Sign Out'. */
export function AccountMenu({ user, account: role, onSignOut }: AccountMenuProps) {
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
          <span className={styles.role}>{ROLE_LABELS[role]}</span>
        </span>
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content aria-label="Account">
          <div className={styles.header}>
            <span className={styles.headerName}>{user.name}</span>
            <span className={styles.headerLine}>{user.email}</span>
            <span className={styles.headerLine}>{ROLE_LABELS[role]}</span>
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
