import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Info, LogIn } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { AuthLayout, authLinkClass, mutedTextClass } from '~/components/ui/auth-layout';
import { Button } from '~/components/ui/button';
import * as Field from '~/components/ui/field';
import { PasswordInput } from '~/components/ui/password-input';
import { toast } from '~/lib/toast';
import { signInErrorMessage, useFamilyLogin } from '../api';
import { type FamilyRole, storeFamilySession } from '../session';

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
  otherWays: css({
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    columnGap: '4',
    listStyle: 'none',
    p: '0',
  }),
  otherLink: css({ display: 'inline-flex', alignItems: 'center', minH: 'touch' }),
};

const COPY: Record<FamilyRole, { title: string; description: string; note: string; placeholder: string }> = {
  parent: {
    title: 'Parent sign in',
    description: "See your children's attendance, timetable, dates and fees.",
    note: 'Your parent account is created by the school when your child is enrolled. Ask the school office if you have not received your sign-in details.',
    placeholder: 'you@example.com',
  },
  student: {
    title: 'Student sign in',
    description: 'See your attendance, timetable, important dates and fees.',
    note: 'Your student account is created by the school when you are enrolled. Ask your class teacher or the school office for your sign-in details.',
    placeholder: 'you@school.edu',
  },
};

/** The other sign-ins, so nobody is stuck on the wrong one. */
function OtherSignIns({ account }: { account: FamilyRole }) {
  return (
    <>
      <p className={mutedTextClass}>Other ways to sign in</p>
      <ul className={styles.otherWays}>
        <li>
          {account === 'parent' ? (
            <Link to="/student-login" className={cx(authLinkClass, styles.otherLink)}>
              Student sign-in
            </Link>
          ) : (
            <Link to="/parent-login" className={cx(authLinkClass, styles.otherLink)}>
              Parent sign-in
            </Link>
          )}
        </li>
        <li>
          <Link to="/teacher-login" className={cx(authLinkClass, styles.otherLink)}>
            Teacher sign-in
          </Link>
        </li>
        <li>
          <Link to="/login" className={cx(authLinkClass, styles.otherLink)}>
            School administrator sign-in
          </Link>
        </li>
      </ul>
    </>
  );
}

export function FamilyLoginScreen({ account: role }: { account: FamilyRole }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useFamilyLogin(role);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const copy = COPY[role];

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
        onSuccess: ({ token, data }) => {
          // Whatever an earlier family session cached belongs to someone else.
          queryClient.removeQueries({ queryKey: ['family'] });
          storeFamilySession(role, token, data);
          toast.success('Login successful!');
          void navigate({ to: '/family', replace: true });
        },
        onError: (error) => {
          toast.error(signInErrorMessage(error, 'Login failed'));
        },
      },
    );
  };

  return (
    <AuthLayout title={copy.title} description={copy.description} footer={<OtherSignIns account={role} />}>
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
            placeholder={copy.placeholder}
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
          <span>{copy.note}</span>
        </p>
      </form>
    </AuthLayout>
  );
}
