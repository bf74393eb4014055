import { t } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordScreen } from '~/features/auth/components/reset-password-screen';

export const Route = createFileRoute('/reset-password')({
  head: () => ({ meta: [{ title: t`Choose a new password · School Portal` }] }),
  component: ResetPasswordScreen,
});
