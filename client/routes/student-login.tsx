import { t } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { FamilyLoginScreen } from '~/features/family/components/family-login-screen';
import { currentFamily } from '~/features/family/session';

export const Route = createFileRoute('/student-login')({
  beforeLoad: () => {
    if (currentFamily()?.role === 'student') throw redirect({ to: '/family', replace: true });
  },
  head: () => ({ meta: [{ title: t`Student sign in · School Portal` }] }),
  component: () => <FamilyLoginScreen account="student" />,
});
