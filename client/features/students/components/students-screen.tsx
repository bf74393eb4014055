import { ComingSoon } from '~/components/coming-soon';
import { PageHeader } from '~/components/ui/page-header';

export function StudentsScreen() {
  return (
    <>
      <PageHeader
        title="Student Records"
        description="Enrol students and keep their classes, contacts and parents up to date."
      />
      <ComingSoon what="Student records, enrolment and profiles" />
    </>
  );
}
