import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AuthLayout, authLinkClass, mutedTextClass } from '~/components/ui/auth-layout';
import { NotedSignInForm } from '~/components/ui/noted-sign-in-form';
import { storeTeacherSession, type TeacherData } from '~/lib/teacher-session';
import { toast } from '~/lib/toast';
import { signInErrorMessage, useTeacherLogin } from '../api';
import { FirstPasswordStep, type PendingFirstPassword } from './lazy-password';

export function TeacherLoginScreen() {
  const navigate = useNavigate();
  const login = useTeacherLogin();
  const [pending, setPending] = useState<(PendingFirstPassword & { teacher: TeacherData }) | null>(null);

  const enter = (token: string, teacher: TeacherData) => {
    storeTeacherSession(token, teacher);
    toast.success('Login successful!');
    void navigate({ to: '/teacher-dashboard', replace: true });
  };

  if (pending) {
    return (
      <FirstPasswordStep
        token={pending.token}
        temporaryPassword={pending.temporaryPassword}
        onChosen={(result) => enter(result.token, pending.teacher)}
        onBack={() => setPending(null)}
      />
    );
  }

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
        pending={login.isPending}
        emailPlaceholder="you@school.edu"
        note="Teacher accounts are created by your school administrator through Employee Management, New Recruitment."
        onSignIn={(credentials) =>
          login.mutate(credentials, {
            onSuccess: ({ token, teacher, mustChangePassword }) => {
              if (mustChangePassword) setPending({ token, teacher, temporaryPassword: credentials.password });
              else enter(token, teacher);
            },
            onError: (error) => {
              toast.error(signInErrorMessage(error, 'Login failed'));
            },
          })
        }
      />
    </AuthLayout>
  );
}
