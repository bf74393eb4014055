import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { mirrorInRtl } from '~/components/ui/mirror';
import type { ApiClient } from '~/lib/api';
import { NotificationsCard, PARENT_KINDS, STUDENT_KINDS } from './notifications-card';

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '2xl', mx: 'auto', w: 'full' }),
  back: css({ px: '3', ms: '-3', alignSelf: 'flex-start' }),
  title: css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'semibold' }),
};

/** The family portal's notification settings: e-mail and push per kind of message, and this phone's notifications. */
export function FamilyNotifications({ client, role }: { client: ApiClient; role: 'parent' | 'student' }) {
  return (
    <div className={styles.page}>
      <Link to="/family/messages" className={cx(button({ variant: 'ghost', size: 'md' }), styles.back)}>
        <ArrowLeft className={mirrorInRtl} size={18} aria-hidden="true" />
        <Trans>Messages</Trans>
      </Link>
      <h1 className={styles.title}>
        <Trans>Notifications</Trans>
      </h1>
      <NotificationsCard client={client} kinds={role === 'student' ? STUDENT_KINDS : PARENT_KINDS} />
    </div>
  );
}
