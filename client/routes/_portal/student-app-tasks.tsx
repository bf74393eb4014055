import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '~/features/shell/nav-labels';
import { StudentAppTasksScreen } from '~/features/student-app-tasks/components/student-app-tasks-screen';

export const Route = createFileRoute('/_portal/student-app-tasks')({
  head: () => ({ meta: [{ title: pageTitle('/student-app-tasks') }] }),
  component: StudentAppTasksScreen,
});
