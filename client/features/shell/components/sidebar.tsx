import { css, cx } from 'styled-system/css';
import { Brand } from '~/components/brand';
import * as Dialog from '~/components/ui/dialog';
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
    borderRightWidth: '1px',
    borderColor: 'border',
    transitionProperty: 'width',
    transitionDuration: 'normal',
    transitionTimingFunction: 'default',
    overflow: 'hidden',
  }),
  wide: css({ w: 'sidebar' }),
  rail: css({ w: 'rail' }),
  scroll: css({ flex: '1', overflowY: 'auto', overflowX: 'hidden' }),
  drawerScroll: css({ flex: '1', overflowY: 'auto' }),
};

/** The side menu on wide screens: full width or an icon rail. */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  return (
    <aside className={cx(styles.aside, collapsed ? styles.rail : styles.wide)} aria-label="Side menu">
      <Brand rail={collapsed} />
      <div className={styles.scroll}>
        <SideNav rail={collapsed} />
      </div>
    </aside>
  );
}

/** The side menu below 1024 px: a drawer that closes on a backdrop tap or when a link is chosen. */
export function NavDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="start">
      <Dialog.Surface closeLabel="Close menu">
        <Dialog.Title srOnly>Menu</Dialog.Title>
        <Brand />
        <div className={styles.drawerScroll}>
          <SideNav onNavigate={() => onOpenChange(false)} />
        </div>
      </Dialog.Surface>
    </Dialog.Root>
  );
}
