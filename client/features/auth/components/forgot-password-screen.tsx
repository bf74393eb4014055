import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { MailCheck, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { AuthLayout, authLinkClass, mutedTextClass } from '~/components/ui/auth-layout';
import { Button } from '~/components/ui/button';
import * as Field from '~/components/ui/field';
import { Notice } from '~/components/ui/notice';
import type { SignInPath } from '~/components/ui/sign-in-form';
import { ApiError } from '~/lib/api';
import { askForResetLink, resetEmailProblem } from '../reset';

const styles = {
  form: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
  text: css({ fontSize: 'sm', color: 'fg.muted', lineHeight: '1.6' }),
  alert: css({ fontSize: 'sm', color: 'danger.fg', _empty: { display: 'none' } }),
};

/** What the page shows once the link is asked for: the same for every email. */
export function ResetLinkSent() {
  return (
    <div className={styles.form}>
      <Notice tone="info" icon={MailCheck} title={t`Check your email`} role="status">
        <Trans>
          If an account uses this email, a link to choose a new password is on its way. It works for 30 minutes.
        </Trans>
      </Notice>
      <p className={styles.text}>
        <Trans>
          No email after a few minutes? Look in your spam folder, or ask the school office: they can give you a
          temporary password.
        </Trans>
      </p>
    </div>
  );
}

/** Asks for a reset link by e-mail; the answer reads the same whether or not the email has an account. */
export function ForgotPasswordScreen({ from }: { from: SignInPath }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const typed = email.trim().toLowerCase();
    const problem = resetEmailProblem(typed);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setAlert(null);
    try {
      await askForResetLink(typed);
      setSent(true);
    } catch (thrown) {
      setAlert(thrown instanceof ApiError ? thrown.message : t`The request could not be sent. Try again.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t`Forgot your password?`}
      description={t`Enter the email you sign in with. We will send you a link to choose a new password.`}
      footer={
        <p className={mutedTextClass}>
          <Link to={from} className={authLinkClass}>
            <Trans>Back to sign in</Trans>
          </Link>
        </p>
      }
    >
      {sent ? (
        <ResetLinkSent />
      ) : (
        // Posted, should it be sent before a script handles it: the email stays out of the address.
        <form method="post" className={styles.form} onSubmit={submit} noValidate data-reset-form>
          <Field.Root invalid={Boolean(error)} required>
            <Field.Label>
              <Trans>Email</Trans>
              <Field.RequiredIndicator />
            </Field.Label>
            <Field.Input
              type="email"
              name="email"
              autoComplete="username"
              inputMode="email"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setError(null);
              }}
            />
            <Field.ErrorText>{error}</Field.ErrorText>
          </Field.Root>
          <p role="alert" className={styles.alert}>
            {alert}
          </p>
          <Button type="submit" size="lg" fullWidth loading={busy} loadingText={t`Sending...`}>
            <Send size={18} aria-hidden="true" />
            <Trans>Send reset link</Trans>
          </Button>
          <p className={styles.text}>
            <Trans>
              No email address with the school? Ask the school office: they can give you a temporary password.
            </Trans>
          </p>
        </form>
      )}
    </AuthLayout>
  );
}
