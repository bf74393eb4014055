import { ComingSoon } from '~/components/coming-soon';
import { PageHeader } from '~/components/ui/page-header';

export function ImportantDatesScreen() {
  return (
    <>
      <PageHeader
        title="Important Dates"
        description="Manage school events, holidays, exams, and important deadlines"
      />
      <ComingSoon what="The school calendar of events, holidays and exams" />
    </>
  );
}
