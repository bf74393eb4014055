import { Hammer } from 'lucide-react';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';

/** An honest placeholder for a screen whose content is still being built. */
export function ComingSoon({ what }: { what: string }) {
  return (
    <Card.Root>
      <EmptyState icon={Hammer} title="Coming soon to this portal" description={`${what} will appear here.`} />
    </Card.Root>
  );
}
