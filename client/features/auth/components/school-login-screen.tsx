import { Link, useNavigate } from '@tanstack/react-router';
import { LogIn } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { Redirect } from '~/components/redirect';
import { AuthLayout, authLinkClass, mutedTextClass } from '~/components/ui/auth-layout';
import { Button } from '~/components/ui/button';
import * as Field from '~/components/ui/field';
import { PasswordInput } from '~/components/ui/password-input';
import { StatusScreen } from '~/components/ui/status-screen';
import { establishSession, useSession } from '~/lib/session';
import { toast } from '~/lib/toast';
import { signInErrorMessage, useSchoolLogin } from '../api';
import { type SignInErrors, type SignInField, validateSchoolSignIn } from '../schemas';

/** How long the success toast is seen before the portal opens. */
const NAVIGATE_DELAY_MS = 600;

const styles = {
  form: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
  help: css({ fontSize: 'sm', color: 'fg.muted', textAlign: 'center' }),
  otherWays: css({
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    columnGap: '4',
    listStyle: 'none',
    p: '0',
  }),
  // Parents and students arrive here on phones: each way in is a full touch target.
  otherLink: css({ display: 'inline-flex', alignItems: 'center', minH: 'touch' }),
};

export function SchoolLoginScreen({ redirectTo }: { redirectTo?: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const login = useSchoolLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<SignInErrors>({});
  const [signedIn, setSignedIn] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  if (session.status === 'loading') return <StatusScreen>Loading...</StatusScreen>;
  if (session.status === 'authenticated' && !signedIn) return <Redirect href="/dashboard" />;

  const edit = (field: SignInField, value: string) => {
    if (field === 'email') setEmail(value);
    else setPassword(value);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending || signedIn) return;
    const found = validateSchoolSignIn({ email, password });
    if (found) {
      setErrors(found);
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (body) => {
          setSignedIn(true);
          establishSession(body.data);
          toast.success('Login successful! Welcome to your school portal.');
          timer.current = setTimeout(() => {
            void navigate({ href: redirectTo ?? '/dashboard', replace: true });
          }, NAVIGATE_DELAY_MS);
        },
        onError: (error) => {
          toast.error(signInErrorMessage(error, 'Login failed. Please check your credentials.'));
        },
      },
    );
  };

  const busy = login.isPending || signedIn;

  return (
    <AuthLayout
      title="Sign in to your school portal"
      description="Use the credentials provided by your school administrator"
      footer={
        <>
          <p className={mutedTextClass}>Other ways to sign in</p>
          <ul className={styles.otherWays}>
            <li>
              <Link to="/teacher-login" className={cx(authLinkClass, styles.otherLink)}>
                Teacher sign-in
              </Link>
            </li>
            <li>
              <Link to="/parent-login" className={cx(authLinkClass, styles.otherLink)}>
                Parent sign-in
              </Link>
            </li>
            <li>
              <Link to="/student-login" className={cx(authLinkClass, styles.otherLink)}>
                Student sign-in
              </Link>
            </li>
          </ul>
        </>
      }
    >
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <Field.Root invalid={Boolean(errors.email)} required>
          <Field.Label>
            Email
            <Field.RequiredIndicator />
          </Field.Label>
          <Field.Input
            ref={emailRef}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            placeholder="you@school.edu"
            value={email}
            onChange={(event) => edit('email', event.target.value)}
          />
          <Field.ErrorText>{errors.email}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.password)} required>
          <Field.Label>
            Password
            <Field.RequiredIndicator />
          </Field.Label>
          <PasswordInput
            ref={passwordRef}
            name="password"
            autoComplete="current-password"
            placeholder="Your password"
            value={password}
            onChange={(event) => edit('password', event.target.value)}
          />
          <Field.ErrorText>{errors.password}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" size="lg" fullWidth loading={busy} loadingText="Signing in...">
          <LogIn size={18} aria-hidden="true" />
          Sign In
        </Button>
        <p className={styles.help}>Need help? Contact your school administrator</p>
      </form>
    </AuthLayout>
  );
}
