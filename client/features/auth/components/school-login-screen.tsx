import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { Redirect } from '~/components/redirect';
import { AuthLayout, OtherSignIns } from '~/components/ui/auth-layout';
import { SignInForm } from '~/components/ui/sign-in-form';
import { StatusScreen } from '~/components/ui/status-screen';
import { establishSession, useSession } from '~/lib/session';
import { toast } from '~/lib/toast';
import { signInErrorMessage, useSchoolLogin } from '../api';
import { type SignInErrors, type SignInField, validateSchoolSignIn } from '../schemas';
import { FirstPasswordStep, type PendingFirstPassword } from './lazy-password';

/** How long the success toast is seen before the portal opens. */
const NAVIGATE_DELAY_MS = 600;

const styles = {
  help: css({ fontSize: 'sm', color: 'fg.muted', textAlign: 'center' }),
};

export function SchoolLoginScreen({ redirectTo }: { redirectTo?: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const login = useSchoolLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<SignInErrors>({});
  const [signedIn, setSignedIn] = useState(false);
  const [pending, setPending] = useState<PendingFirstPassword | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  if (session.status === 'loading') return <StatusScreen>Loading...</StatusScreen>;
  if (session.status === 'authenticated' && !signedIn) return <Redirect href="/dashboard" />;

  const enter = () => {
    toast.success('Login successful! Welcome to your school portal.');
    timer.current = setTimeout(() => {
      void navigate({ href: redirectTo ?? '/dashboard', replace: true });
    }, NAVIGATE_DELAY_MS);
  };

  if (pending) {
    return (
      <FirstPasswordStep
        token={pending.token}
        temporaryPassword={pending.temporaryPassword}
        onChosen={(result) => {
          setPending(null);
          setSignedIn(true);
          establishSession(result);
          enter();
        }}
        onBack={() => {
          setPending(null);
          setPassword('');
        }}
      />
    );
  }

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
          // A temporary password opens nothing but the step that replaces it; the session is kept only after.
          if (body.data.user.mustChangePassword) {
            setPending({ token: body.data.token, temporaryPassword: password });
            return;
          }
          setSignedIn(true);
          establishSession(body.data);
          enter();
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
        <OtherSignIns
          links={[
            { to: '/teacher-login', label: 'Teacher sign-in' },
            { to: '/parent-login', label: 'Parent sign-in' },
            { to: '/student-login', label: 'Student sign-in' },
          ]}
        />
      }
    >
      <SignInForm
        email={email}
        password={password}
        onEmailChange={(value) => edit('email', value)}
        onPasswordChange={(value) => edit('password', value)}
        onSubmit={handleSubmit}
        busy={busy}
        emailPlaceholder="you@school.edu"
        submitLabel="Sign In"
        errors={errors}
        emailRef={emailRef}
        passwordRef={passwordRef}
      >
        <p className={styles.help}>Need help? Contact your school administrator</p>
      </SignInForm>
    </AuthLayout>
  );
}
