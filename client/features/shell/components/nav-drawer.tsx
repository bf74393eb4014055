import { t } from '@lingui/core/macro';
import { css } from 'styled-system/css';
import { Brand } from '~/components/brand';
import * as Dialog from '~/components/ui/dialog';
import { SideNav } from './side-nav';
import { YearSwitcher } from './year-switcher';

const drawerScroll = css({ flex: '1', overflowY: 'auto' });

/** The side menu below 1024 px: a drawer that closes on a backdrop tap or when a link is chosen. */
export function NavDrawer({
  open,
  onOpenChange,
  schoolId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  schoolId: string;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="start">
      <Dialog.Surface closeLabel={t`Close menu`}>
        <Dialog.Title srOnly>{t`Menu`}</Dialog.Title>
        <Brand />
        <YearSwitcher schoolId={schoolId} place="drawer" />
        <div className={drawerScroll}>
          <SideNav onNavigate={() => onOpenChange(false)} />
        </div>
      </Dialog.Surface>
    </Dialog.Root>
  );
}
