import { Trans } from '@lingui/react/macro';
import { Button } from '~/components/ui/button';
import * as Dialog from '~/components/ui/dialog';
import { DocumentsPanel } from '~/features/documents';
import type { Teacher } from '../api';

export interface TeacherDocumentsDialogProps {
  /** The teacher whose documents are open, or null when closed. */
  teacher: Teacher | null;
  onClose: () => void;
}

/** A teacher's documents: the same list, upload, download and delete as a student's profile has. */
export function TeacherDocumentsDialog({ teacher, onClose }: TeacherDocumentsDialogProps) {
  return (
    <Dialog.Root open={teacher !== null} onOpenChange={(details) => !details.open && onClose()}>
      <Dialog.Surface>
        <Dialog.Header>
          <Dialog.Title>
            <Trans>Documents of {teacher?.name}</Trans>
          </Dialog.Title>
          <Dialog.Description>
            <Trans>Certificates, contracts, ID proofs: PDF, PNG or JPEG up to 10 MB.</Trans>
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>{teacher ? <DocumentsPanel owner={{ type: 'teacher', id: teacher._id }} /> : null}</Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </Dialog.Footer>
      </Dialog.Surface>
    </Dialog.Root>
  );
}
