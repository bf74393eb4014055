import { createFileRoute } from '@tanstack/react-router';
import { SettingsScreen } from '~/features/settings/components/settings-screen';
import { validateSettingsSearch } from '~/features/settings/search';
import { pageTitle } from '~/features/shell/nav-labels';

export const Route = createFileRoute('/_portal/settings')({
  validateSearch: validateSettingsSearch,
  head: () => ({ meta: [{ title: pageTitle('/settings') }] }),
  component: SettingsRoute,
});

function SettingsRoute() {
  const { tab = 'school' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SettingsScreen tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />;
}
