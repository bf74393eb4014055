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
import { ACCOUNT_LABELS, formatSchoolInstant, signInAccounts } from './sign-in-accounts';

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
    { header: 'Account', value: (c) => ACCOUNT_LABELS[c.account] },
    { header: 'Name', value: (c) => c.name },
    { header: 'Email', value: (c) => c.email },
    { header: 'Temporary password', value: (c) => c.temporaryPassword },
    { header: 'Valid until', value: () => validUntil },
  ];
}

function Issued({ result }: { result: IssuedPasswords }) {
  const validUntil = formatSchoolInstant(result.expiresAt);
  const count = result.credentials.length;
  return (
    <>
      <Notice icon={CircleCheck} tone="brand" title="Temporary passwords issued">
        {count === 1 ? 'The account is' : `The ${count} accounts are`} signed out everywhere. The temporary passwords
        work until <time dateTime={result.expiresAt}>{validUntil}</time> (school time).
      </Notice>
      <CredentialsList
        credentials={result.credentials}
        summary={
          count === 1
            ? '1 account with a new temporary password'
            : `${count} accounts, each with its own temporary password`
        }
        caption="New temporary passwords"
        fileName="temporary-passwords.csv"
        lead={[{ header: 'Account', value: (c) => ACCOUNT_LABELS[c.account] }]}
        csv={csvColumns(validUntil)}
      />
      <p className={styles.help}>
        The passwords are shown only now and are not kept anywhere readable: download or note them before closing. At
        the next sign-in each person chooses their own password.
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
      setError('Choose at least one account');
      return;
    }
    try {
      // In the order the list shows them, so the answer reads the same way.
      const ordered = accounts.map((a) => a.account).filter((a) => chosen.includes(a));
      setResult(await issue.mutateAsync(ordered));
      toast.success('Temporary passwords issued');
    } catch (failure) {
      const message =
        failure instanceof ApiError && failure.details.length > 0
          ? failure.details.map((d) => d.msg).join('. ')
          : (failure as Error).message;
      setError(message);
      toast.error('Failed to issue temporary passwords', { description: message });
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && close()} size={result ? 'xl' : 'md'}>
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>Reset sign-in passwords</Dialog.Title>
          <Dialog.Description>For {student.name} and their parents or guardians.</Dialog.Description>
        </Dialog.Header>
        {result ? (
          <>
            <Dialog.Body>
              <div className={styles.stack}>
                <Issued result={result} />
              </div>
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={close}>Done</Button>
            </Dialog.Footer>
          </>
        ) : (
          <DialogForm id={FORM} noValidate onSubmit={(event) => void submit(event)}>
            <Dialog.Body>
              <div className={styles.stack}>
                <Notice icon={Info} tone="info" title="What happens">
                  Each chosen account gets a new temporary password in place of its current one. The person is signed
                  out on every device and must choose their own password at the next sign-in. The temporary passwords
                  stop working after 14 days.
                </Notice>
                <fieldset
                  className={`${styles.accounts} ${error ? styles.invalid : ''}`}
                  aria-describedby={error ? `${FORM}-error` : undefined}
                >
                  <legend className={styles.legend}>Accounts</legend>
                  {accounts.map((a) => (
                    <Checkbox
                      key={a.account}
                      checked={chosen.includes(a.account)}
                      onCheckedChange={(details) => toggle(a.account, details.checked === true)}
                      invalid={Boolean(error)}
                    >
                      <span className={styles.person}>
                        <span className={styles.name}>
                          {a.name} ({ACCOUNT_LABELS[a.account]})
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
            <Dialog.FormFooter busy={issue.isPending} loadingText="Issuing..." onCancel={close}>
              Issue temporary passwords
            </Dialog.FormFooter>
          </DialogForm>
        )}
      </Dialog.Surface>
    </Dialog.Root>
  );
}
