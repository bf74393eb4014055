import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from './button';
import { EmptyState } from './empty-state';

export interface ErrorStateProps {
  title: string;
  /** The reason, usually the failed call's message. */
  description?: string;
  onRetry?: () => void;
  retrying?: boolean;
  as?: 'h2' | 'h3';
}

/** What a region shows when its data could not be loaded: what failed, why, and a way to try again. */
export function ErrorState({ title, description, onRetry, retrying, as = 'h3' }: ErrorStateProps) {
  return (
    <div role="alert">
      <EmptyState
        as={as}
        icon={TriangleAlert}
        title={title}
        description={description}
        action={
          onRetry ? (
            <Button variant="outline" size="sm" onClick={onRetry} loading={retrying} loadingText={t`Trying again...`}>
              <RefreshCw size={16} aria-hidden="true" />
              <Trans>Try again</Trans>
            </Button>
          ) : null
        }
      />
    </div>
  );
}
