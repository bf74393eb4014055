import { ComingSoon } from '~/components/coming-soon';
import { PageHeader } from '~/components/ui/page-header';

export function StudentProgressScreen() {
  return (
    <>
      <PageHeader
        title="Student Progress & Activity"
        description="Academic progress, activities and goals of your students."
      />
      <ComingSoon what="Progress reports, activities and goals" />
    </>
  );
}
