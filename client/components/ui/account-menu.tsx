import { KeyRound, LogOut } from 'lucide-react';
import { css, cva } from 'styled-system/css';
import { initials } from './initials';
import * as Menu from './menu';

// The family pages' menu is tighter: a narrower trigger, and details that wrap instead of widening the menu.
const trigger = cva({
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: '2.5',
    minH: 'touch',
    borderRadius: 'lg',
    cursor: 'pointer',
    textAlign: 'left',
    _hover: { bg: 'surface.hover' },
    _open: { bg: 'surface.hover' },
  },
  variants: {
    compact: {
      true: { minW: 'touch', px: '1.5' },
      false: { pl: '1.5', pr: { base: '1.5', md: '3' } },
    },
  },
});
const header = cva({
  base: { display: 'flex', flexDirection: 'column', gap: '0.5', px: '2.5', py: '2' },
  variants: { compact: { true: { maxW: '72' }, false: {} } },
});

const styles = {
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
  headerName: css({ fontWeight: 'semibold', color: 'fg' }),
  headerLine: css({ fontSize: 'sm', color: 'fg.muted', wordBreak: 'break-all' }),
  headerRole: css({ fontSize: 'sm', color: 'fg.muted', textTransform: 'capitalize' }),
};

export interface AccountMenuProps {
  name: string;
  email: string;
  role: string;
  onSignOut: () => void;
  /** Offers 'Change password' above 'Sign Out'. */
  onChangePassword?: () => void;
  /** The family pages' tighter menu. */
  compact?: boolean;
}

/** The signed-in person's name and role, opening a menu with name, email, role, 'Change password' and 'Sign Out'. */
export function AccountMenu({ name, email, role, onSignOut, onChangePassword, compact = false }: AccountMenuProps) {
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end', gutter: 6 }}
      onSelect={(details) => {
        if (details.value === 'sign-out') onSignOut();
        if (details.value === 'change-password') onChangePassword?.();
      }}
    >
      <Menu.Trigger className={trigger({ compact })}>
        <span className={styles.avatar} aria-hidden="true">
          {initials(name)}
        </span>
        <span className={styles.who}>
          <span className={styles.name}>{name}</span>
          <span className={styles.role}>{role}</span>
        </span>
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content aria-label="Account">
          <div className={header({ compact })}>
            <span className={styles.headerName}>{name}</span>
            <span className={styles.headerLine}>{email}</span>
            <span className={styles.headerRole}>{role}</span>
          </div>
          <Menu.Separator />
          {onChangePassword ? (
            <Menu.Item value="change-password">
              <KeyRound size={16} aria-hidden="true" />
              Change password
            </Menu.Item>
          ) : null}
          <Menu.Item value="sign-out">
            <LogOut size={16} aria-hidden="true" />
            Sign Out
          </Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
