import { createFileRoute, redirect } from '@tanstack/react-router';
import { NoChildrenScreen } from '~/features/family/components/family-status-screens';

export const Route = createFileRoute('/family/')({
  beforeLoad: ({ context }) => {
    const first = context.family.children[0];
    if (first) throw redirect({ to: '/family/$childId', params: { childId: first._id }, replace: true });
  },
  component: FamilyHomeRoute,
});

function FamilyHomeRoute() {
  const { family } = Route.useRouteContext();
  return <NoChildrenScreen account={family.role} />;
}
