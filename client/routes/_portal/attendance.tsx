import { createFileRoute } from '@tanstack/react-router';
import { AttendanceScreen } from '~/features/attendance/components/attendance-screen';
import { validateAttendanceSearch } from '~/features/attendance/search';
import { pageTitle } from '~/features/shell/nav-labels';

export const Route = createFileRoute('/_portal/attendance')({
  head: () => ({ meta: [{ title: pageTitle('/attendance') }] }),
  validateSearch: validateAttendanceSearch,
  component: AttendanceRoute,
});

function AttendanceRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AttendanceScreen search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}
