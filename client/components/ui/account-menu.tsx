import { useRef, useState } from 'react';
import { css, cva } from 'styled-system/css';
import type { Language } from '~/lib/languages';
import { initials } from './initials';
import { preloadable, useWhenWanted } from './lazy-part';

// The menu's machinery is not needed to draw the page: it loads when the browser is idle, or when the person
// points at, focuses or presses the button, which looks the same before and after.
const popup = preloadable(() => import('./account-menu-popup'));

// The family pages' menu is tighter: a narrower trigger, and details that wrap instead of widening the menu.
export const accountTrigger = cva({
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: '2.5',
    minH: 'touch',
    borderRadius: 'lg',
    cursor: 'pointer',
    textAlign: 'start',
    _hover: { bg: 'surface.hover' },
    _open: { bg: 'surface.hover' },
  },
  variants: {
    compact: {
      true: { minW: 'touch', px: '1.5' },
      false: { ps: '1.5', pe: { base: '1.5', md: '3' } },
    },
  },
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
};

/** What the menu's button shows: the avatar's initials, then the name and role. */
export function AccountFace({ name, role }: { name: string; role: string }) {
  return (
    <>
      <span className={styles.avatar} aria-hidden="true">
        {initials(name)}
      </span>
      <span className={styles.who}>
        <span className={styles.name}>{name}</span>
        <span className={styles.role}>{role}</span>
      </span>
    </>
  );
}

export interface AccountMenuProps {
  name: string;
  email: string;
  role: string;
  onSignOut: () => void;
  /** Offers 'Change password' above 'Sign Out'. */
  onChangePassword?: () => void;
  /** Offers 'Notifications' (how messages reach the person: e-mail, push) above 'Change password'. */
  onNotifications?: () => void;
  /** The family pages' tighter menu. */
  compact?: boolean;
  /** Offers the languages, with the person's choice (null: the school's) checked. */
  language?: LanguageChoice;
}

export interface LanguageChoice {
  own: Language | null;
  school: Language;
  onChange: (next: Language | null) => void;
}

/**
 * The signed-in person's name and role, opening a menu with name, email, role, 'Notifications', 'Change password' and
 * 'Sign Out'.
 */
export function AccountMenu(props: AccountMenuProps) {
  const { loaded, want, fetch } = useWhenWanted(popup);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const focused = useRef(false);
  if (loaded) return <loaded.AccountMenuPopup {...props} defaultOpen={openAtOnce} focusTrigger={focused.current} />;
  return (
    <button
      type="button"
      className={accountTrigger({ compact: props.compact ?? false })}
      aria-haspopup="menu"
      aria-expanded={false}
      // Pointing only fetches the code: swapping the button between a press and its release would lose the click.
      onPointerEnter={fetch}
      onFocus={() => {
        focused.current = true;
        want();
      }}
      onBlur={() => {
        focused.current = false;
      }}
      onClick={() => {
        setOpenAtOnce(true);
        want();
      }}
    >
      <AccountFace name={props.name} role={props.role} />
    </button>
  );
}
