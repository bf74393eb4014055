import { createFileRoute } from '@tanstack/react-router';
import { AttendanceScreen } from '~/features/attendance/components/attendance-screen';

export const Route = createFileRoute('/_portal/attendance')({
  head: () => ({ meta: [{ title: 'Attendance Management · School Portal' }] }),
  component: AttendanceScreen,
});
