import { LogIn } from 'lucide-react';
import type { FormEvent, ReactNode, Ref } from 'react';
import { css } from 'styled-system/css';
import { Button } from './button';
import * as Field from './field';
import { PasswordInput } from './password-input';

const formClass = css({ display: 'flex', flexDirection: 'column', gap: '5' });

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
  children,
}: SignInFormProps) {
  return (
    <form className={formClass} onSubmit={onSubmit} noValidate>
      <Field.Root invalid={Boolean(errors?.email)} required>
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
          placeholder={emailPlaceholder}
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
        />
        <Field.ErrorText>{errors?.email}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors?.password)} required>
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
          onChange={(event) => onPasswordChange(event.target.value)}
        />
        <Field.ErrorText>{errors?.password}</Field.ErrorText>
      </Field.Root>
      <Button type="submit" size="lg" fullWidth loading={busy} loadingText="Signing in...">
        <LogIn size={18} aria-hidden="true" />
        {submitLabel}
      </Button>
      {children}
    </form>
  );
}
