import { t } from '@lingui/core/macro';
import { css, cx } from 'styled-system/css';
import { Brand } from '~/components/brand';
import { SideNav } from './side-nav';

const styles = {
  aside: css({
    display: { base: 'none', lg: 'flex' },
    flexDirection: 'column',
    position: 'sticky',
    top: '0',
    h: '100dvh',
    flexShrink: '0',
    bg: 'surface',
    borderInlineEndWidth: '1px',
    borderColor: 'border',
    transitionProperty: 'width',
    transitionDuration: 'normal',
    transitionTimingFunction: 'default',
    overflow: 'hidden',
  }),
  wide: css({ w: 'sidebar' }),
  rail: css({ w: 'rail' }),
  scroll: css({ flex: '1', overflowY: 'auto', overflowX: 'hidden' }),
};

/** The side menu on wide screens: full width or an icon rail. */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  return (
    <aside className={cx(styles.aside, collapsed ? styles.rail : styles.wide)} aria-label={t`Side menu`}>
      <Brand rail={collapsed} />
      <div className={styles.scroll}>
        <SideNav rail={collapsed} />
      </div>
    </aside>
  );
}
