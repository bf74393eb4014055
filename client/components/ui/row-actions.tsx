import { Pencil, Trash2 } from 'lucide-react';
import { IconButton, type IconButtonProps } from './button';

export interface EditDeleteProps {
  /** Names the row: "Edit Class 6 - B". */
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  size?: IconButtonProps['size'];
}

/** A row's edit and delete buttons, icon only; delete is drawn in the danger colour on every list. */
export function EditDeleteButtons({ editLabel, deleteLabel, onEdit, onDelete, size }: EditDeleteProps) {
  return (
    <>
      <IconButton label={editLabel} size={size} onClick={onEdit}>
        <Pencil size={16} aria-hidden="true" />
      </IconButton>
      <IconButton label={deleteLabel} size={size} onClick={onDelete} color="danger.fg">
        <Trash2 size={16} aria-hidden="true" />
      </IconButton>
    </>
  );
}
