import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { pageTitle } from '~/features/shell/nav-labels';
import { StudentsScreen } from '~/features/students/components/students-screen';
import { type StudentsSearch, validateStudentsSearch } from '~/features/students/search';

export const Route = createFileRoute('/_portal/students')({
  validateSearch: validateStudentsSearch,
  head: () => ({ meta: [{ title: pageTitle('/students') }] }),
  component: StudentsRoute,
});

function StudentsRoute() {
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (update: (previous: StudentsSearch) => StudentsSearch, replace = false) =>
      void navigate({ search: update, replace }),
    [navigate],
  );
  return <StudentsScreen search={Route.useSearch()} onSearchChange={onSearchChange} />;
}
