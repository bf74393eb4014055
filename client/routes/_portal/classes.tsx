import { createFileRoute } from '@tanstack/react-router';
import { ClassesScreen } from '~/features/classes/components/classes-screen';
import { validateClassesSearch } from '~/features/classes/search';
import { pageTitle } from '~/features/shell/nav-labels';

export const Route = createFileRoute('/_portal/classes')({
  head: () => ({ meta: [{ title: pageTitle('/classes') }] }),
  // The open tab lives in the address, so a reload or a shared link opens the same tab.
  validateSearch: validateClassesSearch,
  component: ClassesRoute,
});

function ClassesRoute() {
  const { tab = 'overview' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ClassesScreen
      tab={tab}
      onTabChange={(next) => void navigate({ search: { tab: next === 'overview' ? undefined : next }, replace: true })}
    />
  );
}
