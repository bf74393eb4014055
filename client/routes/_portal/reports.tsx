import { createFileRoute } from '@tanstack/react-router';
import { ReportsScreen } from '~/features/reports/components/reports-screen';

export const Route = createFileRoute('/_portal/reports')({
  head: () => ({ meta: [{ title: 'Reports & Analytics · School Portal' }] }),
  component: ReportsScreen,
});
