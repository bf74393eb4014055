import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { KeyRound } from 'lucide-react';
import { css } from 'styled-system/css';
import { AuthLayout, authLinkClass, mutedTextClass } from '~/components/ui/auth-layout';
import { Button } from '~/components/ui/button';
import type { PasswordChanged } from '../password';
import { NewPasswordFields } from './new-password-fields';
import { useNewPassword } from './use-new-password';

const styles = {
  form: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
  back: css({ background: 'none', border: 'none', p: '0', cursor: 'pointer', font: 'inherit' }),
};

export interface ChoosePasswordScreenProps {
  /** The session of the sign-in that used a temporary password; it may do nothing else until this is done. */
  token: string;
  /** The temporary password just typed, so it is not asked for twice. */
  temporaryPassword: string;
  onChosen: (result: PasswordChanged) => void;
  onBack: () => void;
}

/** The step between a sign-in with a temporary password and the portal: the person chooses their own. */
export function ChoosePasswordScreen({ token, temporaryPassword, onChosen, onBack }: ChoosePasswordScreenProps) {
  const form = useNewPassword({ token: () => token, current: temporaryPassword, onChanged: onChosen });
  return (
    <AuthLayout
      title={t`Choose your own password`}
      description={t`You signed in with a temporary password from your school. Choose a new one that only you know to continue.`}
      footer={
        <p className={mutedTextClass}>
          <Trans>Not you?</Trans>{' '}
          <button type="button" className={`${authLinkClass} ${styles.back}`} onClick={onBack}>
            <Trans>Back to sign in</Trans>
          </button>
        </p>
      }
    >
      <form className={styles.form} onSubmit={form.submit} noValidate>
        <NewPasswordFields values={form.values} errors={form.errors} onChange={form.edit} askCurrent={false} />
        <Button type="submit" size="lg" fullWidth loading={form.busy} loadingText={t`Saving...`}>
          <KeyRound size={18} aria-hidden="true" />
          <Trans>Save password and continue</Trans>
        </Button>
      </form>
    </AuthLayout>
  );
}
