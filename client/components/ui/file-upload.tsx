import { t } from '@lingui/core/macro';
import { Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { fileUpload } from 'styled-system/recipes';
import { pageDir } from '~/lib/page-locale';
import type { RootProps } from './file-upload-body';
import { lazyPart, whenIdle } from './lazy-part';

export interface FilePickerProps extends Omit<RootProps, 'children'> {
  label: string;
  /** The sentence in the drop zone, e.g. 'Drop a CSV file here'. */
  hint: ReactNode;
  /** The button's text, e.g. 'Choose file'. */
  buttonLabel?: string;
}

/** The picker as it first draws, kept in place while its code (the drop zone's machinery) arrives. */
function FilePickerFace({ label, hint, buttonLabel = t`Choose file`, disabled }: FilePickerProps) {
  const classes = fileUpload();
  const part = (name: string) => ({ 'data-scope': 'file-upload', 'data-part': name, dir: pageDir() });
  return (
    <div {...part('root')} className={classes.root} data-disabled={disabled ? '' : undefined}>
      <span {...part('label')} className={classes.label}>
        {label}
      </span>
      <div {...part('dropzone')} className={classes.dropzone}>
        <Upload size={20} aria-hidden="true" />
        <span>{hint}</span>
        <button {...part('trigger')} type="button" className={classes.trigger} disabled>
          {buttonLabel}
        </button>
      </div>
    </div>
  );
}

/**
 * A labelled drop zone with a 'Choose file' button and the real (hidden) file input underneath. The zone only
 * takes drops; the button is the one control, so nothing interactive sits inside another.
 */
export const FilePicker = lazyPart(
  () => import('./file-upload-body').then((m) => m.FilePickerBody),
  () => true,
  FilePickerFace,
);
if (typeof window !== 'undefined') whenIdle(() => void FilePicker.preload());
