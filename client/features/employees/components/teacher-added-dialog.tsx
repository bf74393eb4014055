import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CircleCheck, Copy } from 'lucide-react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Dialog from '~/components/ui/dialog';
import { toast } from '~/lib/toast';
import type { Teacher } from '../api';

const styles = {
  icon: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '12',
    h: '12',
    borderRadius: 'full',
    bg: 'success.subtle',
    color: 'success.fg',
    mb: '2',
  }),
  list: css({
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    gap: '2 4',
    p: '4',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'control',
    bg: 'surface.subtle',
    fontSize: 'sm',
  }),
  term: css({ color: 'fg.muted' }),
  value: css({ fontWeight: 'medium', wordBreak: 'break-all' }),
  hint: css({ mt: '3', fontSize: 'sm', color: 'fg.muted' }),
};

export interface TeacherAddedDialogProps {
  /** The teacher just added, or null when closed. */
  teacher: Teacher | null;
  onClose: () => void;
}

/** Shown after a teacher is added: who, and how they sign in. The password itself is not shown again. */
export function TeacherAddedDialog({ teacher, onClose }: TeacherAddedDialogProps) {
  const signInUrl = `${window.location.origin}/teacher-login`;
  const copy = async () => {
    try {
      const email = teacher?.email ?? '';
      await navigator.clipboard.writeText(t`Sign in at ${signInUrl} with ${email}`);
      toast.success(t`Sign-in details copied`);
    } catch {
      toast.error(t`Could not copy; select the text instead`);
    }
  };
  return (
    <Dialog.Root open={teacher !== null} onOpenChange={(details) => !details.open && onClose()} role="alertdialog">
      <Dialog.Surface>
        <Dialog.Header>
          <span className={styles.icon}>
            <CircleCheck size={24} aria-hidden="true" />
          </span>
          <Dialog.Title>
            <Trans>Teacher added successfully!</Trans>
          </Dialog.Title>
          <Dialog.Description>
            <Trans>{teacher?.name} can now sign in to the teacher portal with the email and password you set.</Trans>
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <dl className={styles.list}>
            <dt className={styles.term}>
              <Trans>Name</Trans>
            </dt>
            <dd className={styles.value}>{teacher?.name}</dd>
            <dt className={styles.term}>
              <Trans>Email</Trans>
            </dt>
            <dd className={styles.value}>{teacher?.email}</dd>
            <dt className={styles.term}>
              <Trans>Role</Trans>
            </dt>
            <dd className={styles.value}>
              <Trans>Teacher</Trans>
            </dd>
            <dt className={styles.term}>
              <Trans>Sign in at</Trans>
            </dt>
            <dd className={styles.value}>{signInUrl}</dd>
          </dl>
          <p className={styles.hint}>
            <Trans>Give the password to the teacher yourself; it is not shown again.</Trans>
          </p>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => void copy()}>
            <Copy size={16} aria-hidden="true" />
            <Trans>Copy sign-in details</Trans>
          </Button>
          <Button onClick={onClose}>
            <Trans>Done</Trans>
          </Button>
        </Dialog.Footer>
      </Dialog.Surface>
    </Dialog.Root>
  );
}
