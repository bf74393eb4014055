import { createFileRoute } from '@tanstack/react-router';
import { AttendanceScreen } from '~/features/attendance/components/attendance-screen';
import { validateAttendanceSearch } from '~/features/attendance/search';

export const Route = createFileRoute('/_portal/attendance')({
  head: () => ({ meta: [{ title: 'Attendance Management · School Portal' }] }),
  validateSearch: validateAttendanceSearch,
  component: AttendanceRoute,
});

function AttendanceRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AttendanceScreen search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}
