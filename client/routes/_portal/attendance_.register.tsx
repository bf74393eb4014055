import { t } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { AdminRegisterPage } from '~/features/attendance/components/admin-register-page';
import { type RegisterSearch, validateRegisterSearch } from '~/features/attendance/search';

export const Route = createFileRoute('/_portal/attendance_/register')({
  head: () => ({ meta: [{ title: t`Class Register · School Portal` }] }),
  validateSearch: validateRegisterSearch,
  component: AdminRegisterRoute,
});

function AdminRegisterRoute() {
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: RegisterSearch) => void navigate({ search: next, replace: true }),
    [navigate],
  );
  return <AdminRegisterPage search={Route.useSearch()} onSearchChange={onSearchChange} />;
}
