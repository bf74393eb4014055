import { t } from '@lingui/core/macro';
import { Eye } from 'lucide-react';
import { toast } from '~/lib/toast';
import { Badge } from './badge';
import { Notice } from './notice';

export const previewLabel = () => t`Preview — sample data`;

/** The badge that marks a screen whose figures are samples. */
export function PreviewBadge() {
  return (
    <Badge tone="brand" size="md">
      <Eye size={12} aria-hidden="true" />
      {previewLabel()}
    </Badge>
  );
}

/** One sentence saying what the preview shows and that nothing here is saved. */
export function PreviewNotice({ children }: { children: string }) {
  return (
    <Notice tone="brand" icon={Eye} title={previewLabel()}>
      {children}
    </Notice>
  );
}

/** What an action on a preview screen answers: it is not available yet. */
export function previewOnly(action: string) {
  toast.info(t`${action} is not available yet`, {
    description: t`This screen is a preview with sample data; nothing is saved.`,
  });
}
