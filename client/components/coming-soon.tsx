import { t } from '@lingui/core/macro';
import { Hammer } from 'lucide-react';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';

/** An honest placeholder for a screen whose content is still being built. */
export function ComingSoon({ what }: { what: string }) {
  return (
    <Card.Root>
      <EmptyState icon={Hammer} title={t`Coming soon to this portal`} description={t`${what} will appear here.`} />
    </Card.Root>
  );
}
