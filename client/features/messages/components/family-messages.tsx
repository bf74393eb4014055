import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Bell } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { mirrorInRtl } from '~/components/ui/mirror';
import type { ApiClient } from '~/lib/api';
import { InboxPanel } from './inbox-panel';

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '3xl', mx: 'auto', w: 'full' }),
  head: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' }),
  back: css({ px: '3', ms: '-3' }),
  title: css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'semibold' }),
};

/** The family portal's messages: what the school and the children's teachers wrote to this account; times on `timeZone`, the school's. */
export function FamilyMessages({ client, timeZone }: { client: ApiClient; timeZone?: string }) {
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <Link to="/family" className={cx(button({ variant: 'ghost', size: 'md' }), styles.back)}>
          <ArrowLeft className={mirrorInRtl} size={18} aria-hidden="true" />
          <Trans>Home</Trans>
        </Link>
        <Link to="/family/notifications" className={button({ variant: 'outline', size: 'sm' })}>
          <Bell size={16} aria-hidden="true" />
          <Trans>Notifications</Trans>
        </Link>
      </div>
      <h1 className={styles.title}>
        <Trans>Messages</Trans>
      </h1>
      <InboxPanel client={client} timeZone={timeZone} />
    </div>
  );
}
