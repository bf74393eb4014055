import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { FileArchive, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Dialog from '~/components/ui/dialog';
import { FilePicker } from '~/components/ui/file-upload';
import { Notice } from '~/components/ui/notice';
import { toast } from '~/lib/toast';
import { useRestoreFromFile } from '../api';
import { formatBytes } from '../format';

const styles = {
  body: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  chosen: css({ display: 'flex', alignItems: 'center', gap: '2', color: 'fg', fontWeight: 'medium' }),
  error: css({ color: 'danger.fg', fontSize: 'sm' }),
};

/** Restores the school from a backup file downloaded earlier; the same refusals as a stored backup. */
export function RestoreFileDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const restore = useRestoreFromFile();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = (next: boolean) => {
    if (restore.isPending) return;
    onOpenChange(next);
    if (!next) {
      setFile(null);
      setError(null);
    }
  };
  const confirm = () => {
    if (!file) {
      setError(t`Choose a backup file first`);
      return;
    }
    restore.mutate(file, {
      onSuccess: () => {
        toast.success(t`Backup restored successfully`);
        onOpenChange(false);
        setFile(null);
      },
      onError: (failure) => setError(failure.message),
    });
  };
  return (
    <Dialog.Root open={open} onOpenChange={(details) => close(details.open)} role="alertdialog">
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>
            <Trans>Restore from a file</Trans>
          </Dialog.Title>
          <Dialog.Description>
            <Trans>
              Choose a backup file downloaded from this school's backups. Files of another school, or changed since they
              were downloaded, are refused.
            </Trans>
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Body className={styles.body}>
          <FilePicker
            label={t`Backup file`}
            hint={t`Drop the backup file (.json.gz) here, or`}
            accept={['.gz', 'application/gzip']}
            maxFiles={1}
            acceptedFiles={[]}
            disabled={restore.isPending}
            onFileChange={(details) => {
              setFile(details.acceptedFiles[0] ?? null);
              setError(null);
            }}
          />
          {file ? (
            <p className={styles.chosen}>
              <FileArchive size={16} aria-hidden="true" />
              {file.name} ({formatBytes(file.size)})
            </p>
          ) : null}
          {error ? (
            <p role="alert" className={styles.error}>
              {error}
            </p>
          ) : null}
          <Notice tone="danger" icon={TriangleAlert} title={t`The school's current data will be replaced`}>
            <Trans>
              Everything recorded after the file was made is removed; create a backup of the current data first if you
              may need it. Everyone else is signed out, and accounts keep the passwords they have now.
            </Trans>
          </Notice>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => close(false)} disabled={restore.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="danger" onClick={confirm} loading={restore.isPending} loadingText={t`Restoring...`}>
            <Trans>Restore from file</Trans>
          </Button>
        </Dialog.Footer>
      </Dialog.Surface>
    </Dialog.Root>
  );
}
