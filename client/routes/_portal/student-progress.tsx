import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '~/features/shell/nav-labels';
import { StudentProgressScreen } from '~/features/student-progress/components/student-progress-screen';

export const Route = createFileRoute('/_portal/student-progress')({
  head: () => ({ meta: [{ title: pageTitle('/student-progress') }] }),
  component: StudentProgressScreen,
});
