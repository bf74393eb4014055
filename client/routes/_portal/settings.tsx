import { createFileRoute } from '@tanstack/react-router';
import { SettingsScreen } from '~/features/settings/components/settings-screen';
import { validateSettingsSearch } from '~/features/settings/search';

export const Route = createFileRoute('/_portal/settings')({
  validateSearch: validateSettingsSearch,
  head: () => ({ meta: [{ title: 'Settings · School Portal' }] }),
  component: SettingsRoute,
});

function SettingsRoute() {
  const { tab = 'school' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SettingsScreen tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />;
}
