import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '~/features/shell/nav';
import { StudentsScreen } from '~/features/students/components/students-screen';

export const Route = createFileRoute('/_portal/students')({
  head: () => ({ meta: [{ title: pageTitle('/students') }] }),
  component: StudentsScreen,
});
