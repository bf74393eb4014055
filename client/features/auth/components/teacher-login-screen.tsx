import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { AuthLayout, authLinkClass, mutedTextClass } from '~/components/ui/auth-layout';
import { NotedSignInForm } from '~/components/ui/noted-sign-in-form';
import { useSignIn } from './use-sign-in';

export function TeacherLoginScreen() {
  const door = useSignIn();
  if (door.step) return door.step;

  return (
    <AuthLayout
      title={t`Teacher sign in`}
      description={t`Sign in with the email and password your school gave you.`}
      footer={
        <p className={mutedTextClass}>
          <Trans>School administrator?</Trans>{' '}
          <Link to="/login" className={authLinkClass}>
            <Trans>Sign in to the school portal</Trans>
          </Link>
        </p>
      }
    >
      <NotedSignInForm
        pending={door.busy}
        // i18n-ignore: an address, the same in every language
        emailPlaceholder="you@school.edu"
        note={t`Teacher accounts are created by your school administrator through Employee Management, New Recruitment.`}
        onSignIn={door.submit}
        alert={door.error}
        from="/teacher-login"
      />
    </AuthLayout>
  );
}
