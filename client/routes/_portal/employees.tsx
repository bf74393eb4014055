import { createFileRoute } from '@tanstack/react-router';
import { EmployeesScreen } from '~/features/employees/components/employees-screen';

export const Route = createFileRoute('/_portal/employees')({
  head: () => ({ meta: [{ title: 'Teacher Management · School Portal' }] }),
  component: EmployeesScreen,
});
