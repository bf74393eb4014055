import { createFileRoute } from '@tanstack/react-router';
import { EmployeesScreen } from '~/features/employees/components/employees-screen';
import { validateEmployeesSearch } from '~/features/employees/search';
import { pageTitle } from '~/features/shell/nav-labels';

export const Route = createFileRoute('/_portal/employees')({
  validateSearch: validateEmployeesSearch,
  head: () => ({ meta: [{ title: pageTitle('/employees') }] }),
  component: EmployeesRoute,
});

function EmployeesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <EmployeesScreen search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
