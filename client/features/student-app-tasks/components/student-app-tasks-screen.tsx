import { ComingSoon } from '~/components/coming-soon';
import { PageHeader } from '~/components/ui/page-header';

export function StudentAppTasksScreen() {
  return (
    <>
      <PageHeader title="Student App Tasks" description="Assignments, homework and submissions for the student app." />
      <ComingSoon what="Assignments, tasks and submissions" />
    </>
  );
}
