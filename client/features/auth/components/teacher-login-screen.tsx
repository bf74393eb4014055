import { Link } from '@tanstack/react-router';
import { AuthLayout, authLinkClass, mutedTextClass } from '~/components/ui/auth-layout';
import { NotedSignInForm } from '~/components/ui/noted-sign-in-form';
import { useSignIn } from './use-sign-in';

export function TeacherLoginScreen() {
  const door = useSignIn();
  if (door.step) return door.step;

  return (
    <AuthLayout
      title="Teacher sign in"
      description="Sign in with the email and password your school gave you."
      footer={
        <p className={mutedTextClass}>
          School administrator?{' '}
          <Link to="/login" className={authLinkClass}>
            Sign in to the school portal
          </Link>
        </p>
      }
    >
      <NotedSignInForm
        pending={door.busy}
        emailPlaceholder="you@school.edu"
        note="Teacher accounts are created by your school administrator through Employee Management, New Recruitment."
        onSignIn={door.submit}
        alert={door.error}
        from="/teacher-login"
      />
    </AuthLayout>
  );
}
