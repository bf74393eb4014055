import { ComingSoon } from '~/components/coming-soon';
import { PageHeader } from '~/components/ui/page-header';

export function DashboardScreen() {
  return (
    <>
      <PageHeader title="Dashboard" description="An overview of your school at a glance." />
      <ComingSoon what="Summary cards, charts and recent activity" />
    </>
  );
}
