import { t } from '@lingui/core/macro';
import { css, cx } from 'styled-system/css';
import { reconnectRealtime, useRealtimeStatus } from '~/lib/realtime';

const styles = {
  root: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    minH: 'touch',
    minW: 'touch',
    px: '2',
    borderRadius: 'full',
    fontSize: 'xs',
    fontWeight: 'medium',
    color: 'fg.muted',
    bg: 'transparent',
    borderWidth: '0',
  }),
  retry: css({
    cursor: 'pointer',
    color: 'danger.fg',
    _hover: { bg: 'danger.subtle' },
  }),
  dot: css({ w: '2', h: '2', borderRadius: 'full', flexShrink: '0' }),
  open: css({ bg: 'success.dot' }),
  connecting: css({ bg: 'warning.dot' }),
  down: css({ bg: 'danger.dot' }),
  text: css({ display: { base: 'none', sm: 'inline' } }),
};

/** Whether school changes arrive on their own (family and teacher pages): a quiet dot when live, a retry button when the connection is lost. */
export function LiveStatus() {
  const status = useRealtimeStatus();
  if (status === 'idle') return null;
  if (status === 'disconnected') {
    return (
      <button
        type="button"
        className={cx(styles.root, styles.retry)}
        onClick={reconnectRealtime}
        aria-label={t`Live updates disconnected. Reconnect`}
        title={t`Reconnect`}
      >
        <span className={cx(styles.dot, styles.down)} aria-hidden="true" />
        <span className={styles.text}>{t`Offline`}</span>
      </button>
    );
  }
  const label = status === 'open' ? t`Live updates on` : t`Connecting to live updates…`;
  return (
    <span className={styles.root} role="status" aria-label={label} title={label}>
      <span className={cx(styles.dot, status === 'open' ? styles.open : styles.connecting)} aria-hidden="true" />
      <span className={styles.text}>{status === 'open' ? t`Live` : t`Connecting…`}</span>
    </span>
  );
}
