import { t } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { SchoolLoginScreen } from '~/features/auth/components/school-login-screen';
import { safeRedirect } from '~/lib/navigation';

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: safeRedirect(search.redirect),
  }),
  head: () => ({ meta: [{ title: t`Sign in · School Portal` }] }),
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  return <SchoolLoginScreen redirectTo={redirect} />;
}
