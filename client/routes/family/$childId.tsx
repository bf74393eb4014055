import { t } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ChildScreen } from '~/features/family/components/child-screen';

export const Route = createFileRoute('/family/$childId')({
  head: ({ match, params }) => {
    const child = match.context.family.children.find((each) => each._id === params.childId);
    return { meta: [{ title: child ? t`${child.name} · School Portal` : t`Home · School Portal` }] };
  },
  component: FamilyChildRoute,
});

function FamilyChildRoute() {
  const { childId } = Route.useParams();
  const { family } = Route.useRouteContext();
  return <ChildScreen family={family} childId={childId} />;
}
