import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { css } from 'styled-system/css';
import { SignedInTeacherPage } from '~/components/teacher-page';
import { PageHeader } from '~/components/ui/page-header';
import { api } from '~/lib/api';
import { teacherApi } from '~/lib/teacher-session';
import { NotificationsCard, STAFF_KINDS } from './notifications-card';

const styles = {
  column: css({ maxW: '2xl', w: 'full' }),
};

/** The office's `/notifications`: how announcements reach the administrator, as a family chooses theirs. */
export function OfficeNotificationsScreen() {
  return (
    <div className={styles.column}>
      <PageHeader
        title={t`Notifications`}
        description={t`Announcements always reach your Messages; choose whether they also come by e-mail or to your phones.`}
      />
      <NotificationsCard client={api} kinds={STAFF_KINDS} />
    </div>
  );
}

/** A teacher's `/teacher/notifications`, outside the office portal, on the teacher's token. */
export function TeacherNotificationsPage() {
  return (
    <SignedInTeacherPage title={<Trans>Notifications</Trans>} signedOut={t`Sign in again to choose your notifications`}>
      {() => (
        <div className={styles.column}>
          <NotificationsCard client={teacherApi} kinds={STAFF_KINDS} />
        </div>
      )}
    </SignedInTeacherPage>
  );
}
