import { createFileRoute } from '@tanstack/react-router';
import { StudentAppTasksScreen } from '~/features/student-app-tasks/components/student-app-tasks-screen';

export const Route = createFileRoute('/_portal/student-app-tasks')({
  head: () => ({ meta: [{ title: 'Student App Tasks · School Portal' }] }),
  component: StudentAppTasksScreen,
});
