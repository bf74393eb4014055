import { t } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { TeacherNotificationsPage } from '~/features/messages/components/staff-notifications';
import { getTeacherToken } from '~/lib/teacher-session';

/** A teacher's notification choices, opened from the dashboard's account menu or their Messages page. */
export const Route = createFileRoute('/teacher/notifications')({
  beforeLoad: () => {
    if (!getTeacherToken()) throw redirect({ to: '/teacher-login', replace: true });
  },
  head: () => ({ meta: [{ title: t`Notifications · School Portal` }] }),
  component: TeacherNotificationsPage,
});
