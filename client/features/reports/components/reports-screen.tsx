import { ComingSoon } from '~/components/coming-soon';
import { PageHeader } from '~/components/ui/page-header';

export function ReportsScreen() {
  return (
    <>
      <PageHeader title="Reports & Analytics" description="Report cards, attendance, fee and custom reports." />
      <ComingSoon what="Student, staff and fee reports" />
    </>
  );
}
