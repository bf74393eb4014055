import { t } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { FamilyLoginScreen } from '~/features/family/components/family-login-screen';
import { currentFamily } from '~/features/family/session';

export const Route = createFileRoute('/parent-login')({
  beforeLoad: () => {
    if (currentFamily()?.role === 'parent') throw redirect({ to: '/family', replace: true });
  },
  head: () => ({ meta: [{ title: t`Parent sign in · School Portal` }] }),
  component: () => <FamilyLoginScreen account="parent" />,
});
