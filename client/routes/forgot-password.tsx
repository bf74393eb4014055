import { t } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import type { SignInPath } from '~/components/ui/sign-in-form';
import { ForgotPasswordScreen } from '~/features/auth/components/forgot-password-screen';

const SIGN_IN_PATHS: readonly SignInPath[] = ['/login', '/teacher-login', '/student-login', '/parent-login'];

export const Route = createFileRoute('/forgot-password')({
  validateSearch: (search: Record<string, unknown>): { from?: SignInPath } => ({
    from: SIGN_IN_PATHS.find((path) => path === search.from),
  }),
  head: () => ({ meta: [{ title: t`Forgot your password? · School Portal` }] }),
  component: ForgotPasswordRoute,
});

function ForgotPasswordRoute() {
  const { from } = Route.useSearch();
  return <ForgotPasswordScreen from={from ?? '/login'} />;
}
