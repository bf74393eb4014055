import { createFileRoute } from '@tanstack/react-router';
import { FeesScreen } from '~/features/fees/components/fees-screen';
import { validateFeesSearch } from '~/features/fees/search';
import { pageTitle } from '~/features/shell/nav-labels';

export const Route = createFileRoute('/_portal/fees')({
  validateSearch: validateFeesSearch,
  head: () => ({ meta: [{ title: pageTitle('/fees') }] }),
  component: FeesRoute,
});

function FeesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <FeesScreen search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
