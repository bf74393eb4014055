import { t } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { useCallback } from 'react';
import { TeacherRegisterPage } from '~/features/attendance/components/teacher-register-page';
import { type RegisterSearch, validateRegisterSearch } from '~/features/attendance/search';
import { getTeacherToken } from '~/lib/teacher-session';

/** Where 'Take attendance' on the teacher dashboard leads: the register of one period, on the teacher's token. */
export const Route = createFileRoute('/teacher/register')({
  validateSearch: validateRegisterSearch,
  beforeLoad: () => {
    if (!getTeacherToken()) throw redirect({ to: '/teacher-login', replace: true });
  },
  head: () => ({ meta: [{ title: t`Class Register · School Portal` }] }),
  component: RegisterRoute,
});

function RegisterRoute() {
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: RegisterSearch) => void navigate({ search: next, replace: true }),
    [navigate],
  );
  return <TeacherRegisterPage search={Route.useSearch()} onSearchChange={onSearchChange} />;
}
