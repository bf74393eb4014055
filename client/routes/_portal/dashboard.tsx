import { createFileRoute } from '@tanstack/react-router';
import { DashboardScreen } from '~/features/dashboard/components/dashboard-screen';
import { pageTitle } from '~/features/shell/nav-labels';

export const Route = createFileRoute('/_portal/dashboard')({
  head: () => ({ meta: [{ title: pageTitle('/dashboard') }] }),
  component: DashboardScreen,
});
