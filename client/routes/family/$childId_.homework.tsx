import { t } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { HomeworkScreen } from '~/features/family/components/homework-screen';
import { validateHomeworkSearch } from '~/features/family/homework-search';

export const Route = createFileRoute('/family/$childId_/homework')({
  validateSearch: validateHomeworkSearch,
  head: () => ({ meta: [{ title: t`Homework · School Portal` }] }),
  component: FamilyHomeworkRoute,
});

function FamilyHomeworkRoute() {
  const { childId } = Route.useParams();
  const { family } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <HomeworkScreen
      family={family}
      childId={childId}
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: !('open' in next) })}
    />
  );
}
