import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { CircleCheck, KeyRound, LinkIcon, LogIn } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { AuthLayout, authLinkClass, mutedTextClass } from '~/components/ui/auth-layout';
import { Button } from '~/components/ui/button';
import { Notice } from '~/components/ui/notice';
import { ApiError } from '~/lib/api';
import { choosePasswordProblem } from '~/lib/password-texts';
import { loadCommonPasswords } from '../common-passwords';
import type { NewPasswordErrors, NewPasswordInput } from '../password';
import { setPasswordWithLink } from '../reset';
import { emptyPasswords, NewPasswordFields } from './new-password-fields';

const styles = {
  form: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
  alert: css({ fontSize: 'sm', color: 'danger.fg', _empty: { display: 'none' } }),
};

/**
 * The link's token, read once from the address's fragment (never sent to a server), and the fragment removed
 * from the address bar and history at once.
 */
function useLinkToken() {
  const [token] = useState(() => (typeof window === 'undefined' ? '' : window.location.hash.slice(1)));
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  return token;
}

/** Chooses a new password with an e-mailed link; afterwards every session of the account has ended. */
export function ResetPasswordScreen() {
  const token = useLinkToken();
  const [values, setValues] = useState<NewPasswordInput>(() => emptyPasswords());
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [state, setState] = useState<'form' | 'busy' | 'done' | 'invalid'>(token ? 'form' : 'invalid');
  useEffect(() => {
    loadCommonPasswords().catch(() => undefined);
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state === 'busy') return;
    const common = await loadCommonPasswords().catch(() => new Set<string>());
    const problem = values.next ? choosePasswordProblem(values.next, common) : t`New password is required`;
    if (problem) return setErrors({ next: problem });
    if (values.confirm !== values.next) return setErrors({ confirm: t`Passwords do not match` });
    setState('busy');
    setAlert(null);
    try {
      await setPasswordWithLink(token, values.next);
      setState('done');
    } catch (thrown) {
      if (thrown instanceof ApiError && thrown.code === 'RESET_LINK_INVALID') return setState('invalid');
      setState('form');
      if (thrown instanceof ApiError && thrown.details.length > 0) setErrors({ next: thrown.details[0].msg });
      else setAlert(thrown instanceof ApiError ? thrown.message : t`The password could not be saved. Try again.`);
    }
  };

  const footer = (
    <p className={mutedTextClass}>
      <Link to="/login" className={authLinkClass}>
        <Trans>Back to sign in</Trans>
      </Link>
    </p>
  );
  if (state === 'done') {
    return (
      <AuthLayout title={t`Password changed`} description={undefined} footer={null}>
        <div className={styles.form}>
          <Notice tone="info" icon={CircleCheck} title={t`Your password is changed`} role="status">
            <Trans>Sign in with your new password. You were signed out on every device.</Trans>
          </Notice>
          <Button asChild size="lg" fullWidth>
            <Link to="/login">
              <LogIn size={18} aria-hidden="true" />
              <Trans>Sign in</Trans>
            </Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }
  if (state === 'invalid') {
    return (
      <AuthLayout title={t`This link no longer works`} description={undefined} footer={footer}>
        <div className={styles.form}>
          <Notice tone="warning" icon={LinkIcon} title={t`Expired or already used`}>
            <Trans>A reset link works once, for 30 minutes. Ask for a new one and use the newest e-mail.</Trans>
          </Notice>
          <Button asChild size="lg" fullWidth variant="outline">
            <Link to="/forgot-password">
              <Trans>Ask for a new link</Trans>
            </Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={t`Choose a new password`}
      description={t`Choose a password only you know. Every device signed in to your account will be signed out.`}
      footer={footer}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <NewPasswordFields
          values={values}
          errors={errors}
          askCurrent={false}
          onChange={(field, value) => {
            setValues((current) => ({ ...current, [field]: value }));
            setErrors({});
          }}
        />
        <p role="alert" className={styles.alert}>
          {alert}
        </p>
        <Button type="submit" size="lg" fullWidth loading={state === 'busy'} loadingText={t`Saving...`}>
          <KeyRound size={18} aria-hidden="true" />
          <Trans>Save new password</Trans>
        </Button>
      </form>
    </AuthLayout>
  );
}
