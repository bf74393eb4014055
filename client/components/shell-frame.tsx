import { t } from '@lingui/core/macro';
import { css, cx } from 'styled-system/css';
import { getSession, SCHOOL_ADMIN } from '~/lib/session';
import { STORAGE_KEYS, storage } from '~/lib/storage';
import { Brand, FALLBACK_SCHOOL_NAME } from './brand';
import { StatusScreen } from './ui/status-screen';

// The same measures as the side menu and top bar, so the real ones replace these without a jump.
const styles = {
  root: css({ display: 'flex', minH: '100dvh', bg: 'canvas' }),
  aside: css({
    display: { base: 'none', lg: 'flex' },
    flexDirection: 'column',
    h: '100dvh',
    flexShrink: '0',
    bg: 'surface',
    borderInlineEndWidth: '1px',
    borderColor: 'border',
  }),
  wide: css({ w: 'sidebar' }),
  rail: css({ w: 'rail' }),
  column: css({ display: 'flex', flexDirection: 'column', flex: '1', minW: '0' }),
  bar: css({
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    h: 'topbar',
    px: { base: '2', md: '4' },
    bg: 'surface',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
  button: css({ w: '10', h: '10', flexShrink: '0' }),
  school: css({ fontSize: 'md', fontWeight: 'semibold', truncate: true, minW: '0', ms: '1' }),
  user: css({ ms: 'auto', fontSize: 'sm', fontWeight: 'medium', truncate: true, px: '2', hideBelow: 'sm' }),
  main: css({ flex: '1', w: 'full', maxW: 'content', mx: 'auto', p: { base: '4', md: '6' } }),
  stack: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  block: css({ bg: 'muted', borderRadius: 'md', maxW: 'full' }),
};

/**
 * What a page load of the office portal shows while its code arrives: the frame drawn from the user stored at
 * sign-in, never a blank "Verifying access...". Without a stored office user there is nothing known to draw.
 */
export function ShellFrame() {
  const session = getSession();
  const user = session.status === 'authenticated' ? session.user : null;
  if (!user || user.role !== SCHOOL_ADMIN) return <StatusScreen>{t`Verifying access...`}</StatusScreen>;
  const collapsed = storage.get(STORAGE_KEYS.sidebarCollapsed) === 'true';
  return (
    <div className={styles.root} data-testid="shell-frame">
      <div className={cx(styles.aside, collapsed ? styles.rail : styles.wide)}>
        <Brand rail={collapsed} />
      </div>
      <div className={styles.column}>
        <header className={styles.bar}>
          <span className={styles.button} />
          <span className={styles.school}>{user.school?.name || FALLBACK_SCHOOL_NAME}</span>
          <span className={styles.user}>{user.name}</span>
        </header>
        <main className={styles.main}>
          <div className={styles.stack} role="status" aria-label={t`Loading`}>
            <div className={cx(styles.block, css({ h: '8', w: '48' }))} />
            <div className={cx(styles.block, css({ h: '5', w: '72' }))} />
            <div className={cx(styles.block, css({ h: '32' }))} />
          </div>
        </main>
      </div>
    </div>
  );
}
