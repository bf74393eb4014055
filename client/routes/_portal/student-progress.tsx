import { createFileRoute } from '@tanstack/react-router';
import { StudentProgressScreen } from '~/features/student-progress/components/student-progress-screen';

export const Route = createFileRoute('/_portal/student-progress')({
  head: () => ({ meta: [{ title: 'Student Progress & Activity · School Portal' }] }),
  component: StudentProgressScreen,
});
