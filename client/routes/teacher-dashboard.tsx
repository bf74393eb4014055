import { t } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { TeacherDashboardScreen } from '~/features/teacher-dashboard/components/teacher-dashboard-screen';
import { getTeacherToken } from '~/lib/teacher-session';

export const Route = createFileRoute('/teacher-dashboard')({
  beforeLoad: () => {
    if (!getTeacherToken()) throw redirect({ to: '/teacher-login', replace: true });
  },
  head: () => ({ meta: [{ title: t`Teacher Dashboard · School Portal` }] }),
  component: TeacherDashboardScreen,
});
