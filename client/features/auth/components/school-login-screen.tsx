import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type FormEvent, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { Redirect } from '~/components/redirect';
import { AuthLayout, OtherSignIns } from '~/components/ui/auth-layout';
import { SignInForm } from '~/components/ui/sign-in-form';
import { StatusScreen } from '~/components/ui/status-screen';
import { useSession } from '~/lib/session';
import { type SignInErrors, type SignInField, validateSchoolSignIn } from '../schemas';
import { useSignIn } from './use-sign-in';

const styles = {
  help: css({ fontSize: 'sm', color: 'fg.muted', textAlign: 'center' }),
};

/** The site's front door: the office signs in here, and so can anyone else, who is taken to their own portal. */
export function SchoolLoginScreen({ redirectTo }: { redirectTo?: string }) {
  const session = useSession();
  const door = useSignIn({ redirectTo });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<SignInErrors>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  if (session.status === 'loading') return <StatusScreen>{t`Loading...`}</StatusScreen>;
  if (session.status === 'authenticated' && !door.busy && !door.step) return <Redirect href="/dashboard" />;
  if (door.step) return door.step;

  const edit = (field: SignInField, value: string) => {
    if (field === 'email') setEmail(value);
    else setPassword(value);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (door.busy) return;
    const found = validateSchoolSignIn({ email, password });
    if (found) {
      setErrors(found);
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    door.submit({ email: email.trim(), password });
  };

  return (
    <AuthLayout
      title={t`Sign in to your school portal`}
      description={t`Use the credentials provided by your school administrator`}
      footer={
        <OtherSignIns
          links={[
            { to: '/teacher-login', label: t`Teacher sign-in` },
            { to: '/parent-login', label: t`Parent sign-in` },
            { to: '/student-login', label: t`Student sign-in` },
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
        busy={door.busy}
        // i18n-ignore: an address, the same in every language
        emailPlaceholder="you@school.edu"
        submitLabel={t`Sign In`}
        errors={errors}
        emailRef={emailRef}
        passwordRef={passwordRef}
        alert={door.error}
        from="/login"
      >
        <p className={styles.help}>
          <Trans>Need help? Contact your school administrator</Trans>
        </p>
      </SignInForm>
    </AuthLayout>
  );
}
