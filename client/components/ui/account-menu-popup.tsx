import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Bell, Check, KeyRound, Languages, LogOut } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { css, cva } from 'styled-system/css';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '~/lib/languages';
import { AccountFace, type AccountMenuProps, accountTrigger } from './account-menu';
import * as Menu from './menu';

const header = cva({
  base: { display: 'flex', flexDirection: 'column', gap: '0.5', px: '2.5', py: '2' },
  variants: { compact: { true: { maxW: '72' }, false: {} } },
});

const styles = {
  headerName: css({ fontWeight: 'semibold', color: 'fg' }),
  headerLine: css({ fontSize: 'sm', color: 'fg.muted', wordBreak: 'break-all' }),
  headerRole: css({ fontSize: 'sm', color: 'fg.muted', textTransform: 'capitalize' }),
  groupLabel: css({ display: 'flex', alignItems: 'center', gap: '2' }),
};

/** The radio value of following the school's language. */
const SCHOOL_DEFAULT = 'school';

export interface AccountMenuPopupProps extends AccountMenuProps {
  /** Pressed before its code had arrived: open as soon as it mounts. */
  defaultOpen: boolean;
  /** The stand-in button had the focus: keep it on the real one. */
  focusTrigger: boolean;
}

export function AccountMenuPopup(props: AccountMenuPopupProps) {
  const {
    name,
    email,
    role,
    onSignOut,
    onChangePassword,
    onNotifications,
    compact = false,
    defaultOpen,
    focusTrigger,
    language,
  } = props;
  const trigger = useRef<HTMLButtonElement>(null);
  // Only when it mounts: the stand-in it replaces was focused or pressed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    if (focusTrigger) trigger.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Menu.Root
      defaultOpen={defaultOpen}
      positioning={{ placement: 'bottom-end', gutter: 6 }}
      onSelect={(details) => {
        if (details.value === 'sign-out') onSignOut();
        if (details.value === 'change-password') onChangePassword?.();
        if (details.value === 'notifications') onNotifications?.();
      }}
    >
      <Menu.Trigger ref={trigger} className={accountTrigger({ compact })}>
        <AccountFace name={name} role={role} />
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content aria-label={t`Account`}>
          <div className={header({ compact })}>
            <span className={styles.headerName}>{name}</span>
            <span className={styles.headerLine}>{email}</span>
            <span className={styles.headerRole}>{role}</span>
          </div>
          <Menu.Separator />
          {language ? (
            <>
              <Menu.RadioItemGroup
                value={language.own ?? SCHOOL_DEFAULT}
                onValueChange={(details) => language.onChange(isLanguage(details.value) ? details.value : null)}
              >
                <Menu.ItemGroupLabel className={styles.groupLabel}>
                  <Languages size={14} aria-hidden="true" />
                  <Trans>Language</Trans>
                </Menu.ItemGroupLabel>
                <Menu.RadioItem value={SCHOOL_DEFAULT} closeOnSelect>
                  <Menu.ItemText>{t`School's language (${LANGUAGE_NAMES[language.school]})`}</Menu.ItemText>
                  <Menu.ItemIndicator>
                    <Check size={16} aria-hidden="true" />
                  </Menu.ItemIndicator>
                </Menu.RadioItem>
                {LANGUAGES.map((code) => (
                  <Menu.RadioItem key={code} value={code} closeOnSelect>
                    <Menu.ItemText lang={code}>{LANGUAGE_NAMES[code]}</Menu.ItemText>
                    <Menu.ItemIndicator>
                      <Check size={16} aria-hidden="true" />
                    </Menu.ItemIndicator>
                  </Menu.RadioItem>
                ))}
              </Menu.RadioItemGroup>
              <Menu.Separator />
            </>
          ) : null}
          {onNotifications ? (
            <Menu.Item value="notifications">
              <Bell size={16} aria-hidden="true" />
              <Trans>Notifications</Trans>
            </Menu.Item>
          ) : null}
          {onChangePassword ? (
            <Menu.Item value="change-password">
              <KeyRound size={16} aria-hidden="true" />
              <Trans>Change password</Trans>
            </Menu.Item>
          ) : null}
          <Menu.Item value="sign-out">
            <LogOut size={16} aria-hidden="true" />
            <Trans>Sign Out</Trans>
          </Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
