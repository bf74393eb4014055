import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { CircleAlert, LogIn } from 'lucide-react';
import type { FormEvent, ReactNode, Ref } from 'react';
import { css } from 'styled-system/css';
import { authLinkClass } from './auth-layout';
import { Button } from './button';
import * as Field from './field';
import { PasswordInput } from './password-input';

const formClass = css({ display: 'flex', flexDirection: 'column', gap: '5' });
const alertClass = css({
  display: 'flex',
  gap: '2.5',
  p: '3',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'danger.border',
  bg: 'danger.subtle',
  color: 'danger.fg',
  fontSize: 'sm',
  '& svg': { flexShrink: '0', mt: '0.5' },
  _empty: { display: 'none' },
});
const forgotClass = css({
  alignSelf: 'flex-end',
  fontSize: 'sm',
  mt: '-2',
  minH: 'touch',
  display: 'inline-flex',
  alignItems: 'center',
});

/** The sign-in screens; the forgotten-password page leads back to the one it was opened from. */
export type SignInPath = '/login' | '/teacher-login' | '/student-login' | '/parent-login';

export interface SignInCredentials {
  email: string;
  password: string;
}

export interface SignInFormProps {
  email: string;
  password: string;
  onEmailChange: (value: string) => void;
  onPasswordChange: (value: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  emailPlaceholder: string;
  submitLabel: string;
  errors?: Partial<SignInCredentials>;
  emailRef?: Ref<HTMLInputElement>;
  passwordRef?: Ref<HTMLInputElement>;
  /** The server's refusal ("Invalid credentials", the lock-out), kept above the fields until the next try. */
  alert?: string | null;
  /** The screen this form is on, for the way back from "Forgot your password?". */
  from: SignInPath;
  /** Shown below the button. */
  children?: ReactNode;
}

/** The email and password form of every sign-in screen. */
export function SignInForm({
  email,
  password,
  onEmailChange,
  onPasswordChange,
  onSubmit,
  busy,
  emailPlaceholder,
  submitLabel,
  errors,
  emailRef,
  passwordRef,
  alert,
  from,
  children,
}: SignInFormProps) {
  return (
    // Posted, should it ever be sent before a script handles it: the password stays out of the address.
    <form method="post" className={formClass} onSubmit={onSubmit} noValidate>
      {/* Always present, so a screen reader announces the message when it appears. */}
      <div role="alert" className={alertClass}>
        {alert ? (
          <>
            <CircleAlert size={16} aria-hidden="true" />
            <span>{alert}</span>
          </>
        ) : null}
      </div>
      <Field.Root invalid={Boolean(errors?.email)} required>
        <Field.Label>
          <Trans>Email</Trans>
          <Field.RequiredIndicator />
        </Field.Label>
        <Field.Input
          ref={emailRef}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          placeholder={emailPlaceholder}
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
        />
        <Field.ErrorText>{errors?.email}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors?.password)} required>
        <Field.Label>
          <Trans>Password</Trans>
          <Field.RequiredIndicator />
        </Field.Label>
        <PasswordInput
          ref={passwordRef}
          name="password"
          autoComplete="current-password"
          placeholder={t`Your password`}
          value={password}
          onChange={(event) => onPasswordChange(event.target.value)}
        />
        <Field.ErrorText>{errors?.password}</Field.ErrorText>
      </Field.Root>
      <Link to="/forgot-password" search={{ from }} className={`${authLinkClass} ${forgotClass}`}>
        <Trans>Forgot your password?</Trans>
      </Link>
      <Button type="submit" size="lg" fullWidth loading={busy} loadingText={t`Signing in...`}>
        <LogIn size={18} aria-hidden="true" />
        {submitLabel}
      </Button>
      {children}
    </form>
  );
}
