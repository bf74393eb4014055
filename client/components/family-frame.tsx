import { t } from '@lingui/core/macro';
import { css, cx } from 'styled-system/css';
import { familyFrame } from '~/features/family/frame-classes';
import { storedFamily } from '~/features/family/guard';
import { currentFamily } from '~/features/family/stored-session';
import { BrandMark, FALLBACK_SCHOOL_NAME } from './brand';
import { StatusScreen } from './ui/status-screen';

const styles = {
  stack: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  block: css({ bg: 'muted', borderRadius: 'md', maxW: 'full' }),
};

/**
 * What a page load of the family portal shows while its code arrives: its bar drawn from the family member stored
 * at sign-in, as the office's frame does. Without one there is nothing known to draw.
 */
export function FamilyFrame() {
  const session = currentFamily();
  const family = session ? storedFamily(session.role) : null;
  if (!family) return <StatusScreen>{t`Verifying access...`}</StatusScreen>;
  return (
    <div className={familyFrame.page} data-testid="family-frame">
      <header className={familyFrame.bar}>
        <div className={familyFrame.barInner}>
          <BrandMark />
          <span className={familyFrame.school}>{family.user.school?.name || FALLBACK_SCHOOL_NAME}</span>
        </div>
      </header>
      <main className={familyFrame.main}>
        <div className={styles.stack} role="status" aria-label={t`Loading`}>
          <div className={cx(styles.block, css({ h: '8', w: '48' }))} />
          <div className={cx(styles.block, css({ h: '5', w: '72' }))} />
          <div className={cx(styles.block, css({ h: '32' }))} />
        </div>
      </main>
    </div>
  );
}
