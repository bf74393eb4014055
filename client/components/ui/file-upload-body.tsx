import { FileUpload as ArkFileUpload } from '@ark-ui/react/file-upload';
import { t } from '@lingui/core/macro';
import { Upload } from 'lucide-react';
import type { ComponentProps } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { fileUpload } from 'styled-system/recipes';
import type { FilePickerProps } from './file-upload';

const { withProvider, withContext } = createStyleContext(fileUpload);

export const Root = withProvider(ArkFileUpload.Root, 'root');
export const Label = withContext(ArkFileUpload.Label, 'label');
export const Dropzone = withContext(ArkFileUpload.Dropzone, 'dropzone');
export const Trigger = withContext(ArkFileUpload.Trigger, 'trigger');
export const HiddenInput = ArkFileUpload.HiddenInput;

export type RootProps = ComponentProps<typeof Root>;

/**
 * A labelled drop zone with a 'Choose file' button and the real (hidden) file input underneath. The zone only
 * takes drops; the button is the one control, so nothing interactive sits inside another.
 */
export function FilePickerBody({
  label,
  hint,
  buttonLabel = t`Choose file`,
  translations,
  ...rootProps
}: FilePickerProps) {
  return (
    <Root translations={{ dropzone: label, ...translations }} {...rootProps}>
      <Label>{label}</Label>
      <Dropzone disableClick>
        <Upload size={20} aria-hidden="true" />
        <span>{hint}</span>
        <Trigger>{buttonLabel}</Trigger>
      </Dropzone>
      <HiddenInput />
    </Root>
  );
}
