import { ComingSoon } from '~/components/coming-soon';
import { PageHeader } from '~/components/ui/page-header';

export function ClassesScreen() {
  return (
    <>
      <PageHeader
        title="Classroom Management"
        description="Manage classes, sections, class teachers, subjects and schedules."
      />
      <ComingSoon what="Classes, student and teacher assignments, schedules and subject allocation" />
    </>
  );
}
