import { createFileRoute } from '@tanstack/react-router';
import { ClassesScreen } from '~/features/classes/components/classes-screen';

export const Route = createFileRoute('/_portal/classes')({
  head: () => ({ meta: [{ title: 'Classroom Management · School Portal' }] }),
  component: ClassesScreen,
});
