import { createFileRoute } from '@tanstack/react-router';
import { ReportsScreen } from '~/features/reports/components/reports-screen';
import { pageTitle } from '~/features/shell/nav-labels';

export const Route = createFileRoute('/_portal/reports')({
  head: () => ({ meta: [{ title: pageTitle('/reports') }] }),
  component: ReportsScreen,
});
