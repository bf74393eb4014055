import { t } from '@lingui/core/macro';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { FamilyFrame } from '~/components/family-frame';
import { FamilyLayout } from '~/features/family/components/family-layout';
import { FamilyErrorScreen } from '~/features/family/components/family-status-screens';
import { requireFamily } from '~/features/family/guard';

export const Route = createFileRoute('/family')({
  beforeLoad: ({ context }) => requireFamily(context.queryClient),
  pendingComponent: FamilyFrame,
  pendingMs: 0,
  errorComponent: FamilyErrorScreen,
  head: () => ({ meta: [{ title: t`Home · School Portal` }] }),
  component: FamilyLayoutRoute,
});

function FamilyLayoutRoute() {
  const { family, checking } = Route.useRouteContext();
  const router = useRouter();
  // Drawn from the device: once the server has answered, the pages take its copy of the family.
  useEffect(() => {
    let current = true;
    void checking?.then((answered) => {
      if (answered && current) void router.invalidate();
    });
    return () => {
      current = false;
    };
  }, [checking, router]);
  return <FamilyLayout family={family} />;
}
