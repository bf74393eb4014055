import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { Download, FileText, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { IconButton } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { FilePicker } from '~/components/ui/file-upload';
import { Skeleton } from '~/components/ui/skeleton';
import { toast } from '~/lib/toast';
import {
  ALLOWED_UPLOADS,
  type DocumentOwner,
  documentsQuery,
  downloadDocument,
  formatSize,
  formatUploaded,
  type OwnedDocument,
  uploadProblem,
  useDeleteDocument,
  useUploadDocument,
} from '../api';

const styles = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  list: css({ display: 'flex', flexDirection: 'column' }),
  item: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    py: '2.5',
    borderBottomWidth: '1px',
    borderColor: 'border',
    _last: { borderBottomWidth: '0' },
  }),
  itemText: css({ display: 'flex', flexDirection: 'column', minW: '0', flex: '1' }),
  itemName: css({ fontSize: 'sm', fontWeight: 'medium', overflowWrap: 'anywhere' }),
  meta: css({ fontSize: 'xs', color: 'fg.muted' }),
  empty: css({ fontSize: 'sm', color: 'fg.muted' }),
  icon: css({ color: 'fg.muted', flexShrink: '0' }),
};

/** One owner's documents: the list to download or delete, and the picker that uploads (PDF, PNG, JPEG up to 10 MB). */
export function DocumentsPanel({ owner }: { owner: DocumentOwner }) {
  const documents = useQuery(documentsQuery(owner));
  const upload = useUploadDocument(owner);
  const remove = useDeleteDocument(owner);
  const [deleting, setDeleting] = useState<OwnedDocument | null>(null);

  const send = async (file: File) => {
    const problem = uploadProblem(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast.success(t`Document uploaded successfully`);
    } catch (error) {
      toast.error(t`Failed to upload document`, { description: (error as Error).message });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting._id);
      toast.success(t`Document deleted successfully`);
      setDeleting(null);
    } catch (error) {
      toast.error(t`Failed to delete document`, { description: (error as Error).message });
    }
  };

  return (
    <div className={styles.root}>
      {documents.isPending ? (
        <Skeleton h="12" />
      ) : documents.isError ? (
        <p className={styles.empty}>{t`Documents could not be loaded: ${documents.error.message}`}</p>
      ) : documents.data.length === 0 ? (
        <p className={styles.empty}>{t`No documents yet.`}</p>
      ) : (
        <ul className={styles.list} aria-label={t`Documents`}>
          {documents.data.map((doc) => (
            <li key={doc._id} className={styles.item}>
              <FileText size={18} aria-hidden="true" className={styles.icon} />
              <span className={styles.itemText}>
                <span className={styles.itemName}>{doc.name}</span>
                <span className={styles.meta}>
                  {formatSize(doc.size)} · {formatUploaded(doc.createdAt)}
                  {doc.uploadedBy ? ` · ${doc.uploadedBy.name}` : ''}
                </span>
              </span>
              <IconButton
                label={t`Download ${doc.name}`}
                size="sm"
                onClick={() =>
                  void downloadDocument(owner, doc).catch((e: Error) =>
                    toast.error(t`Failed to download document`, { description: e.message }),
                  )
                }
              >
                <Download size={16} aria-hidden="true" />
              </IconButton>
              <IconButton label={t`Delete ${doc.name}`} size="sm" onClick={() => setDeleting(doc)}>
                <Trash2 size={16} aria-hidden="true" />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      <FilePicker
        label={t`Upload a document`}
        hint={upload.isPending ? t`Uploading...` : t`Drop a PDF, PNG or JPEG here, or`}
        accept={ALLOWED_UPLOADS}
        acceptedFiles={[]}
        disabled={upload.isPending}
        onFileChange={(details) => {
          const file = details.acceptedFiles[0];
          if (file) void send(file);
          else if (details.rejectedFiles.length > 0) toast.error(t`Only PDF, PNG and JPEG files are allowed`);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Delete document?`}
        description={
          deleting ? t`${deleting.name} will be deleted for good.` : t`The document will be deleted for good.`
        }
        confirmLabel={t`Delete Document`}
        busyLabel={t`Deleting...`}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
