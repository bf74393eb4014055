import { t } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { StudentProfileScreen } from '~/features/students/components/student-profile-screen';

export const Route = createFileRoute('/_portal/students_/$studentId')({
  head: () => ({ meta: [{ title: t`Student Profile · School Portal` }] }),
  component: StudentProfileRoute,
});

function StudentProfileRoute() {
  const { studentId } = Route.useParams();
  return <StudentProfileScreen studentId={studentId} />;
}
