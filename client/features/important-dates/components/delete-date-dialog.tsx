import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { css } from 'styled-system/css';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { toast } from '~/lib/toast';
import { type ImportantDate, useDeleteImportantDate } from '../api';
import { formatFullDate } from '../format';

export interface DeleteDateDialogProps {
  item: ImportantDate | null;
  onClose: () => void;
}

/** The spec's delete question, naming what will be removed. */
export function DeleteDateDialog({ item, onClose }: DeleteDateDialogProps) {
  const remove = useDeleteImportantDate();

  const confirm = async () => {
    if (!item) return;
    try {
      await remove.mutateAsync(item._id);
      toast.success(t`Important date deleted successfully`);
      onClose();
    } catch (error) {
      toast.error(t`Failed to delete important date`, { description: (error as Error).message });
    }
  };

  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Delete important date`}
      description={t`Are you sure you want to delete this important date?`}
      confirmLabel={t`Delete`}
      busyLabel={t`Deleting...`}
      tone="danger"
      loading={remove.isPending}
      onConfirm={() => void confirm()}
    >
      {item ? (
        <p>
          <Trans>
            <span className={css({ fontWeight: 'medium', color: 'fg' })}>{item.title}</span> on{' '}
            {formatFullDate(item.date)} will be removed from the calendar of every class it applies to.
          </Trans>
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
