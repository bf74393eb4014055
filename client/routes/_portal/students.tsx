import { createFileRoute } from '@tanstack/react-router';
import { StudentsScreen } from '~/features/students/components/students-screen';

export const Route = createFileRoute('/_portal/students')({
  head: () => ({ meta: [{ title: 'Student Records · School Portal' }] }),
  component: StudentsScreen,
});
