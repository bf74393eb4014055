import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { BellRing, CalendarPlus, FileBarChart, type LucideIcon, UserPlus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { css } from 'styled-system/css';
import { lazyPart } from '~/components/ui/lazy-part';
import { Panel } from './panel';

// Opened on a click: its code loads once the screen has drawn.
const NotificationsDialog = lazyPart(() => import('./notifications-dialog').then((m) => m.NotificationsDialog));

const styles = {
  grid: css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '3' }),
  tile: css({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '2',
    minH: '20',
    p: '3',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'lg',
    bg: 'surface',
    color: 'fg',
    fontSize: 'sm',
    fontWeight: 'medium',
    textAlign: 'start',
    cursor: 'pointer',
    transitionProperty: 'background-color, border-color',
    transitionDuration: 'fast',
    _hover: { bg: 'surface.subtle', borderColor: 'brand.border' },
  }),
  icon: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '8',
    h: '8',
    borderRadius: 'md',
    bg: 'brand.subtle',
    color: 'brand.fg',
  }),
};

function TileContent({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <>
      <span className={styles.icon}>
        <Icon size={18} aria-hidden="true" />
      </span>
      {children}
    </>
  );
}

export function QuickActions() {
  const [notifying, setNotifying] = useState(false);
  return (
    <Panel title={t`Quick Actions`}>
      <div className={styles.grid}>
        <Link to="/students" search={{ enrol: true }} className={styles.tile}>
          <TileContent icon={UserPlus}>
            <Trans>Add New Student</Trans>
          </TileContent>
        </Link>
        <Link to="/classes" className={styles.tile}>
          <TileContent icon={CalendarPlus}>
            <Trans>Schedule Class</Trans>
          </TileContent>
        </Link>
        <button type="button" className={styles.tile} onClick={() => setNotifying(true)}>
          <TileContent icon={BellRing}>
            <Trans>Send Notification</Trans>
          </TileContent>
        </button>
        <Link to="/reports" className={styles.tile}>
          <TileContent icon={FileBarChart}>
            <Trans>Generate Report</Trans>
          </TileContent>
        </Link>
      </div>
      <NotificationsDialog open={notifying} onOpenChange={setNotifying} />
    </Panel>
  );
}
