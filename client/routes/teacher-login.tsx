import { t } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { TeacherLoginScreen } from '~/features/auth/components/teacher-login-screen';
import { getTeacherToken } from '~/lib/teacher-session';

export const Route = createFileRoute('/teacher-login')({
  beforeLoad: () => {
    if (getTeacherToken()) throw redirect({ to: '/teacher-dashboard', replace: true });
  },
  head: () => ({ meta: [{ title: t`Teacher sign in · School Portal` }] }),
  component: TeacherLoginScreen,
});
