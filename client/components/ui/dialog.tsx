import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { ark } from '@ark-ui/react/factory';
import { Portal } from '@ark-ui/react/portal';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { dialog } from 'styled-system/recipes';
import { Button, IconButton } from './button';

const { withRootProvider, withContext } = createStyleContext(dialog);

export const Root = withRootProvider(ArkDialog.Root, {
  defaultProps: { lazyMount: true, unmountOnExit: true },
});
export const Trigger = withContext(ArkDialog.Trigger, 'trigger');
export const Backdrop = withContext(ArkDialog.Backdrop, 'backdrop');
export const Positioner = withContext(ArkDialog.Positioner, 'positioner');
export const Content = withContext(ArkDialog.Content, 'content');
export const Title = withContext(ArkDialog.Title, 'title');
export const Description = withContext(ArkDialog.Description, 'description');
export const CloseTrigger = withContext(ArkDialog.CloseTrigger, 'closeTrigger');
export const Header = withContext(ark.div, 'header');
export const Body = withContext(ark.div, 'body');
export const Footer = withContext(ark.div, 'footer');
export const Context = ArkDialog.Context;

export type RootProps = ComponentProps<typeof Root>;

/** Backdrop, positioner and content in a portal, with a labelled close button in the corner. */
export function Surface({
  children,
  closeLabel = t`Close`,
  ...contentProps
}: ComponentProps<typeof Content> & { children: ReactNode; closeLabel?: string }) {
  return (
    <Portal>
      <Backdrop />
      <Positioner>
        <Content {...contentProps}>
          {children}
          <CloseTrigger asChild>
            <IconButton label={closeLabel} size="sm">
              <X size={18} aria-hidden="true" />
            </IconButton>
          </CloseTrigger>
        </Content>
      </Positioner>
    </Portal>
  );
}

export interface FormFooterProps {
  /** The form's id, when the footer sits outside the form. */
  form?: string;
  busy: boolean;
  loadingText: string;
  onCancel: () => void;
  /** The submit button's label. */
  children: ReactNode;
}

/** Cancel and the submit button of a dialog's form; both wait while the form saves. */
export function FormFooter({ form, busy, loadingText, onCancel, children }: FormFooterProps) {
  return (
    <Footer>
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        <Trans>Cancel</Trans>
      </Button>
      <Button type="submit" form={form} loading={busy} loadingText={loadingText}>
        {children}
      </Button>
    </Footer>
  );
}
