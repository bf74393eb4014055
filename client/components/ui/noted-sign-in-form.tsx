import { t } from '@lingui/core/macro';
import { Info } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { toast } from '~/lib/toast';
import { type SignInCredentials, SignInForm, type SignInPath } from './sign-in-form';

const noteClass = css({
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
});

export interface NotedSignInFormProps {
  pending: boolean;
  emailPlaceholder: string;
  /** Where the account comes from, in the info note below the button. */
  note: string;
  onSignIn: (credentials: SignInCredentials) => void;
  /** The server's refusal, shown above the fields until the next try. */
  alert?: string | null;
  from: SignInPath;
}

/** A sign-in form that only asks for both fields before signing in, with a note on where accounts come from. */
export function NotedSignInForm({ pending, emailPlaceholder, note, onSignIn, alert, from }: NotedSignInFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!email.trim() || !password) {
      toast.error(t`Please fill in all fields`);
      return;
    }
    onSignIn({ email: email.trim(), password });
  };

  return (
    <SignInForm
      email={email}
      password={password}
      onEmailChange={setEmail}
      onPasswordChange={setPassword}
      onSubmit={handleSubmit}
      busy={pending}
      emailPlaceholder={emailPlaceholder}
      submitLabel={t`Sign in`}
      alert={alert}
      from={from}
    >
      <p className={noteClass}>
        <Info size={16} aria-hidden="true" />
        <span>{note}</span>
      </p>
    </SignInForm>
  );
}
