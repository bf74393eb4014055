import { ComingSoon } from '~/components/coming-soon';
import { PageHeader } from '~/components/ui/page-header';

export function AttendanceScreen() {
  return (
    <>
      <PageHeader title="Attendance Management" description="Student and teacher attendance by class and date." />
      <ComingSoon what="Daily attendance for students and teachers" />
    </>
  );
}
