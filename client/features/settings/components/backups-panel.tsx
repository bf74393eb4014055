import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { DatabaseBackup, Download, FileUp, Plus, RotateCcw, TriangleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import * as Dialog from '~/components/ui/dialog';
import { DialogForm } from '~/components/ui/dialog-form';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import * as Field from '~/components/ui/field';
import { lazyPart } from '~/components/ui/lazy-part';
import { Notice } from '~/components/ui/notice';
import { Pager } from '~/components/ui/pagination';
import { Skeleton } from '~/components/ui/skeleton';
import * as Table from '~/components/ui/table';
import { toast } from '~/lib/toast';
import { type Backup, backupsQuery, downloadBackup, useCreateBackup, useRestoreBackup } from '../api';
import { formatBytes, formatCount, formatDateTime } from '../format';

// Opened on a click: their code loads once the screen has drawn.
const RestoreFileDialog = lazyPart(() => import('./restore-file-dialog').then((m) => m.RestoreFileDialog));

const PAGE_SIZE = 10;

const styles = {
  header: css({
    display: 'flex',
    flexDirection: { base: 'column', sm: 'row' },
    alignItems: { base: 'stretch', sm: 'flex-start' },
    justifyContent: 'space-between',
    gap: '3',
  }),
  headerText: css({ display: 'flex', flexDirection: 'column', gap: '1' }),
  note: css({ color: 'fg', fontWeight: 'medium' }),
  muted: css({ color: 'fg.muted' }),
  actions: css({ textAlign: 'end', whiteSpace: 'nowrap', '& > * + *': { marginInlineStart: '2' } }),
  headerActions: css({
    flexShrink: '0',
    display: 'flex',
    flexWrap: 'wrap',
    gap: '2',
    justifyContent: { base: 'stretch', sm: 'flex-end' },
  }),
  body: css({ gap: '4' }),
};

function CreateBackupDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateBackup();
  const [note, setNote] = useState('');
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setNote('');
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.mutate(note.trim(), {
      onSuccess: () => {
        toast.success(t`Backup created successfully`);
        close(false);
      },
      onError: (error) => toast.error(error.message),
    });
  };
  return (
    <Dialog.Root open={open} onOpenChange={(details) => close(details.open)}>
      <Dialog.Surface>
        <DialogForm onSubmit={handleSubmit} noValidate>
          <Dialog.Header>
            <Dialog.Title>
              <Trans>Create backup</Trans>
            </Dialog.Title>
            <Dialog.Description>
              <Trans>
                A snapshot of all of this school's data as it is now: students, classes, attendance, fees and settings.
              </Trans>
            </Dialog.Description>
          </Dialog.Header>
          <Dialog.Body>
            <Field.Root>
              <Field.Label>
                <Trans>Note</Trans>
              </Field.Label>
              <Field.Input
                value={note}
                maxLength={200}
                placeholder={t`e.g. Before the new term`}
                onChange={(event) => setNote(event.target.value)}
              />
              <Field.HelperText>
                <Trans>Optional; helps you recognise this backup later.</Trans>
              </Field.HelperText>
            </Field.Root>
          </Dialog.Body>
          <Dialog.FormFooter busy={create.isPending} loadingText={t`Creating backup...`} onCancel={() => close(false)}>
            <Trans>Create backup</Trans>
          </Dialog.FormFooter>
        </DialogForm>
      </Dialog.Surface>
    </Dialog.Root>
  );
}

function TableSkeleton() {
  return (
    <Table.Scroller aria-busy="true">
      <Table.Root>
        <Table.Body>
          {[0, 1, 2].map((row) => (
            <Table.Row key={row}>
              <Table.Cell>
                <Skeleton variant="text" w="40" />
              </Table.Cell>
              <Table.Cell>
                <Skeleton variant="text" w="32" />
              </Table.Cell>
              <Table.Cell>
                <Skeleton variant="text" w="16" ms="auto" />
              </Table.Cell>
              <Table.Cell>
                <Skeleton h="8" w="24" ms="auto" />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.Scroller>
  );
}

export function BackupsPanel() {
  const [page, setPage] = useState(1);
  const backups = useQuery(backupsQuery(page, PAGE_SIZE));
  const restore = useRestoreBackup();
  const [creating, setCreating] = useState(false);
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const [fromFile, setFromFile] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (backup: Backup) => {
    setDownloading(backup._id);
    try {
      await downloadBackup(backup._id);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t`The backup could not be downloaded`);
    } finally {
      setDownloading(null);
    }
  };

  const confirmRestore = () => {
    if (!restoring) return;
    restore.mutate(restoring._id, {
      onSuccess: () => {
        toast.success(t`Backup restored successfully`);
        setRestoring(null);
      },
      onError: (error) => toast.error(error.message),
    });
  };

  const createButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus size={16} aria-hidden="true" />
      <Trans>Create backup</Trans>
    </Button>
  );

  return (
    <Card.Root>
      <Card.Header className={styles.header}>
        <div className={styles.headerText}>
          <Card.Title>
            <Trans>Backups</Trans>
          </Card.Title>
          <Card.Description>
            <Trans>
              Snapshots of all of this school's data. Download one to keep a copy of your own; restoring one replaces
              the school's current data with it.
            </Trans>
          </Card.Description>
        </div>
        <div className={styles.headerActions}>
          <Button variant="outline" onClick={() => setFromFile(true)}>
            <FileUp size={16} aria-hidden="true" />
            <Trans>Restore from a file…</Trans>
          </Button>
          {createButton}
        </div>
      </Card.Header>
      <Card.Body className={styles.body}>
        {backups.isPending ? (
          <TableSkeleton />
        ) : backups.isError ? (
          <ErrorState
            title={t`Backups could not be loaded`}
            description={backups.error.message}
            onRetry={() => void backups.refetch()}
            retrying={backups.isFetching}
          />
        ) : backups.data.total === 0 ? (
          <EmptyState
            as="h3"
            icon={DatabaseBackup}
            title={t`No backups yet`}
            description={t`Create one before large changes, such as the start of a new academic year.`}
          />
        ) : (
          <>
            <Table.Scroller tabIndex={0} role="region" aria-label={t`Backups list`}>
              <Table.Root>
                <Table.Caption>
                  <Trans>Backups of this school's data, newest first</Trans>
                </Table.Caption>
                <Table.Head>
                  <Table.Row>
                    <Table.Header scope="col">
                      <Trans>Created</Trans>
                    </Table.Header>
                    <Table.Header scope="col">
                      <Trans>Note</Trans>
                    </Table.Header>
                    <Table.Header scope="col" data-numeric>
                      <Trans>Records</Trans>
                    </Table.Header>
                    <Table.Header scope="col" data-numeric>
                      <Trans>Size</Trans>
                    </Table.Header>
                    <Table.Header scope="col" data-numeric>
                      <span className={css({ srOnly: true })}>
                        <Trans>Actions</Trans>
                      </span>
                    </Table.Header>
                  </Table.Row>
                </Table.Head>
                <Table.Body>
                  {backups.data.rows.map((backup) => (
                    <Table.Row key={backup._id}>
                      <Table.Cell>
                        <time dateTime={backup.createdAt}>{formatDateTime(backup.createdAt)}</time>
                      </Table.Cell>
                      <Table.Cell>
                        {backup.note ? (
                          <span className={styles.note}>{backup.note}</span>
                        ) : (
                          <span className={styles.muted}>
                            <Trans>No note</Trans>
                          </span>
                        )}
                      </Table.Cell>
                      <Table.Cell data-numeric>{formatCount(backup.totalRows)}</Table.Cell>
                      <Table.Cell data-numeric>{formatBytes(backup.size)}</Table.Cell>
                      <Table.Cell className={styles.actions}>
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={t`Download the backup of ${formatDateTime(backup.createdAt)}`}
                          loading={downloading === backup._id}
                          onClick={() => void download(backup)}
                        >
                          <Download size={14} aria-hidden="true" />
                          <Trans>Download</Trans>
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={t`Restore the backup of ${formatDateTime(backup.createdAt)}`}
                          onClick={() => setRestoring(backup)}
                        >
                          <RotateCcw size={14} aria-hidden="true" />
                          <Trans>Restore</Trans>
                        </Button>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.Scroller>
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              count={backups.data.total}
              onPageChange={setPage}
              noun={t`backups`}
            />
          </>
        )}
      </Card.Body>
      <CreateBackupDialog open={creating} onOpenChange={setCreating} />
      <RestoreFileDialog open={fromFile} onOpenChange={setFromFile} />
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(open) => {
          if (!open && !restore.isPending) setRestoring(null);
        }}
        title={t`Restore this backup?`}
        description={
          restoring
            ? t`The school's current data will be replaced by the backup's from ${formatDateTime(restoring.createdAt)}.`
            : ''
        }
        confirmLabel={t`Restore backup`}
        busyLabel={t`Restoring...`}
        loading={restore.isPending}
        onConfirm={confirmRestore}
      >
        <Notice tone="danger" icon={TriangleAlert} title={t`Everything recorded since then will be lost`}>
          <Trans>
            Students, classes, attendance, fee payments and settings added or changed after this backup are removed.
            This cannot be undone; create a backup of the current data first if you may need it. Everyone else is signed
            out; accounts keep the passwords they have now, and accounts that only the backup holds need a temporary
            password.
          </Trans>
        </Notice>
      </ConfirmDialog>
    </Card.Root>
  );
}
