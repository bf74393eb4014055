import { ComingSoon } from '~/components/coming-soon';
import { PageHeader } from '~/components/ui/page-header';

export function EmployeesScreen() {
  return (
    <>
      <PageHeader
        title="Teacher Management"
        description="Add teachers with their sign-in details and follow their attendance."
      />
      <ComingSoon what="Teachers, recruitment and staff attendance" />
    </>
  );
}
