import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { css, cx } from 'styled-system/css';
import { reconnectRealtime, useRealtimeStatus } from '~/lib/realtime';

const styles = {
  root: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2',
    h: '8',
    px: '2',
    borderRadius: 'full',
    fontSize: 'xs',
    fontWeight: 'medium',
    color: 'fg.muted',
    bg: 'transparent',
    borderWidth: '0',
    cursor: 'default',
  }),
  button: css({
    cursor: 'pointer',
    color: 'danger.fg',
    bg: 'danger.subtle',
    _hover: { bg: 'danger.border' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.focus', outlineOffset: '2px' },
  }),
  dot: css({ w: '2', h: '2', borderRadius: 'full', flexShrink: '0' }),
  open: css({ bg: 'success.dot' }),
  connecting: css({ bg: 'warning.dot' }),
  down: css({ bg: 'danger.dot' }),
  hideOnPhone: css({ display: { base: 'none', md: 'inline' } }),
};

/** The live-updates dot in the top bar: quiet when connected, a clear retry button when not. */
export function ConnectionIndicator() {
  const status = useRealtimeStatus();
  if (status === 'idle') return null;
  if (status === 'disconnected') {
    return (
      <button type="button" className={cx(styles.root, styles.button)} onClick={reconnectRealtime} title={t`Reconnect`}>
        <span className={cx(styles.dot, styles.down)} aria-hidden="true" />
        <Trans>Live updates disconnected</Trans>
      </button>
    );
  }
  const label = status === 'open' ? t`Live updates on` : t`Connecting to live updates…`;
  return (
    <span className={styles.root} role="status" aria-label={label} title={label}>
      <span className={cx(styles.dot, status === 'open' ? styles.open : styles.connecting)} aria-hidden="true" />
      <span className={styles.hideOnPhone}>{status === 'open' ? t`Live` : t`Connecting…`}</span>
    </span>
  );
}
