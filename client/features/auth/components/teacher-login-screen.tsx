import { Link, useNavigate } from '@tanstack/react-router';
import { Info, LogIn } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { AuthLayout, authLinkClass, mutedTextClass } from '~/components/ui/auth-layout';
import { Button } from '~/components/ui/button';
import * as Field from '~/components/ui/field';
import { PasswordInput } from '~/components/ui/password-input';
import { storeTeacherSession } from '~/lib/teacher-session';
import { toast } from '~/lib/toast';
import { signInErrorMessage, useTeacherLogin } from '../api';

const styles = {
  form: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
  note: css({
    display: 'flex',
    gap: '2.5',
    p: '3',
    borderRadius: 'lg',
    borderWidth: '1px',
    borderColor: 'info.border',
    bg: 'info.subtle',
    color: 'info.fg',
    fontSize: 'sm',
    '& svg': { flexShrink: '0', mt: '0.5' },
  }),
};

export function TeacherLoginScreen() {
  const navigate = useNavigate();
  const login = useTeacherLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    if (!email.trim() || !password) {
      toast.error('Please fill in all fields');
      return;
    }
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: ({ token, teacher }) => {
          storeTeacherSession(token, teacher);
          toast.success('Login successful!');
          void navigate({ to: '/teacher-dashboard', replace: true });
        },
        onError: (error) => {
          toast.error(signInErrorMessage(error, 'Login failed'));
        },
      },
    );
  };

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
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <Field.Root required>
          <Field.Label>
            Email
            <Field.RequiredIndicator />
          </Field.Label>
          <Field.Input
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            placeholder="you@school.edu"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field.Root>
        <Field.Root required>
          <Field.Label>
            Password
            <Field.RequiredIndicator />
          </Field.Label>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            placeholder="Your password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field.Root>
        <Button type="submit" size="lg" fullWidth loading={login.isPending} loadingText="Signing in...">
          <LogIn size={18} aria-hidden="true" />
          Sign in
        </Button>
        <p className={styles.note}>
          <Info size={16} aria-hidden="true" />
          <span>
            Teacher accounts are created by your school administrator through Employee Management, New Recruitment.
          </span>
        </p>
      </form>
    </AuthLayout>
  );
}
