import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CircleCheck, Info } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import * as Dialog from '~/components/ui/dialog';
import { DialogForm } from '~/components/ui/dialog-form';
import { Notice } from '~/components/ui/notice';
import { ApiError } from '~/lib/api';
import { toast } from '~/lib/toast';
import {
  type IssuedPassword,
  type IssuedPasswords,
  type SignInAccount,
  type Student,
  useIssueTemporaryPasswords,
} from '../api';
import { type CredentialColumn, CredentialsList } from './credentials-list';
import { accountLabel, formatSchoolInstant, signInAccounts } from './sign-in-accounts';

const FORM = 'reset-passwords-form';

const styles = {
  stack: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  accounts: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '1',
    p: '3',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'control',
    bg: 'surface.subtle',
  }),
  invalid: css({ borderColor: 'danger' }),
  legend: css({ float: 'inline-start', w: 'full', mb: '1', fontSize: 'sm', fontWeight: 'medium' }),
  person: css({ display: 'flex', flexDirection: 'column', py: '1', minW: '0' }),
  name: css({ fontWeight: 'medium', overflowWrap: 'anywhere' }),
  meta: css({ fontSize: 'xs', color: 'fg.muted', overflowWrap: 'anywhere' }),
  error: css({ fontSize: 'sm', color: 'danger.fg' }),
  help: css({ fontSize: 'sm', color: 'fg.muted' }),
};

function csvColumns(validUntil: string): CredentialColumn<IssuedPassword>[] {
  return [
    { header: t`Account`, value: (c) => accountLabel(c.account) },
    { header: t`Name`, value: (c) => c.name },
    { header: t`Email`, value: (c) => c.email },
    { header: t`Temporary password`, value: (c) => c.temporaryPassword },
    { header: t`Valid until`, value: () => validUntil },
  ];
}

function Issued({ result }: { result: IssuedPasswords }) {
  const validUntil = formatSchoolInstant(result.expiresAt);
  const count = result.credentials.length;
  return (
    <>
      <Notice icon={CircleCheck} tone="brand" title={t`Temporary passwords issued`}>
        {count === 1 ? (
          <Trans>
            The account is signed out everywhere. The temporary passwords work until{' '}
            <time dateTime={result.expiresAt}>{validUntil}</time> (school time).
          </Trans>
        ) : (
          <Trans>
            The {count} accounts are signed out everywhere. The temporary passwords work until{' '}
            <time dateTime={result.expiresAt}>{validUntil}</time> (school time).
          </Trans>
        )}
      </Notice>
      <CredentialsList
        credentials={result.credentials}
        summary={plural(count, {
          one: '# account with a new temporary password',
          other: '# accounts, each with its own temporary password',
        })}
        caption={t`New temporary passwords`}
        fileName="temporary-passwords.csv"
        lead={[{ header: t`Account`, value: (c) => accountLabel(c.account) }]}
        csv={csvColumns(validUntil)}
      />
      <p className={styles.help}>
        <Trans>
          The passwords are shown only now and are not kept anywhere readable: download or note them before closing. At
          the next sign-in each person chooses their own password.
        </Trans>
      </p>
    </>
  );
}

/** The office issues new temporary passwords for a student's own sign-in and their parents', shown once. */
export function ResetPasswordsDialog({
  student,
  open,
  onClose,
}: {
  student: Student;
  open: boolean;
  onClose: () => void;
}) {
  const issue = useIssueTemporaryPasswords(student._id);
  const [chosen, setChosen] = useState<SignInAccount[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<IssuedPasswords | null>(null);
  const accounts = signInAccounts(student);

  const close = () => {
    setChosen([]);
    setError(null);
    setResult(null);
    issue.reset();
    onClose();
  };

  const toggle = (account: SignInAccount, on: boolean) => {
    setError(null);
    setChosen((current) => (on ? [...current, account] : current.filter((a) => a !== account)));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setError(t`Choose at least one account`);
      return;
    }
    try {
      // In the order the list shows them, so the answer reads the same way.
      const ordered = accounts.map((a) => a.account).filter((a) => chosen.includes(a));
      setResult(await issue.mutateAsync(ordered));
      toast.success(t`Temporary passwords issued`);
    } catch (failure) {
      const message =
        failure instanceof ApiError && failure.details.length > 0
          ? failure.details.map((d) => d.msg).join('. ')
          : (failure as Error).message;
      setError(message);
      toast.error(t`Failed to issue temporary passwords`, { description: message });
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && close()} size={result ? 'xl' : 'md'}>
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>
            <Trans>Reset sign-in passwords</Trans>
          </Dialog.Title>
          <Dialog.Description>
            <Trans>For {student.name} and their parents or guardians.</Trans>
          </Dialog.Description>
        </Dialog.Header>
        {result ? (
          <>
            <Dialog.Body>
              <div className={styles.stack}>
                <Issued result={result} />
              </div>
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={close}>
                <Trans>Done</Trans>
              </Button>
            </Dialog.Footer>
          </>
        ) : (
          <DialogForm id={FORM} noValidate onSubmit={(event) => void submit(event)}>
            <Dialog.Body>
              <div className={styles.stack}>
                <Notice icon={Info} tone="info" title={t`What happens`}>
                  <Trans>
                    Each chosen account gets a new temporary password in place of its current one. The person is signed
                    out on every device and must choose their own password at the next sign-in. The temporary passwords
                    stop working after 14 days.
                  </Trans>
                </Notice>
                <fieldset
                  className={`${styles.accounts} ${error ? styles.invalid : ''}`}
                  aria-describedby={error ? `${FORM}-error` : undefined}
                >
                  <legend className={styles.legend}>
                    <Trans>Accounts</Trans>
                  </legend>
                  {accounts.map((a) => (
                    <Checkbox
                      key={a.account}
                      checked={chosen.includes(a.account)}
                      onCheckedChange={(details) => toggle(a.account, details.checked === true)}
                      invalid={Boolean(error)}
                    >
                      <span className={styles.person}>
                        <span className={styles.name}>
                          {a.name} ({accountLabel(a.account)})
                        </span>
                        <span className={styles.meta}>{a.email}</span>
                      </span>
                    </Checkbox>
                  ))}
                </fieldset>
                {error ? (
                  <p id={`${FORM}-error`} className={styles.error} role="alert">
                    {error}
                  </p>
                ) : null}
              </div>
            </Dialog.Body>
            <Dialog.FormFooter busy={issue.isPending} loadingText={t`Issuing...`} onCancel={close}>
              <Trans>Issue temporary passwords</Trans>
            </Dialog.FormFooter>
          </DialogForm>
        )}
      </Dialog.Surface>
    </Dialog.Root>
  );
}
