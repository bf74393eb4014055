import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { CLASSROOM_TABS, ClassesScreen } from '~/features/classes/components/classes-screen';

// The open tab lives in the address, so a reload or a shared link opens the same tab.
const searchSchema = z.object({ tab: z.enum(CLASSROOM_TABS).catch('overview').optional() });

export const Route = createFileRoute('/_portal/classes')({
  head: () => ({ meta: [{ title: 'Classroom Management · School Portal' }] }),
  validateSearch: searchSchema,
  component: ClassesRoute,
});

function ClassesRoute() {
  const { tab = 'overview' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ClassesScreen
      tab={tab}
      onTabChange={(next) => void navigate({ search: { tab: next === 'overview' ? undefined : next }, replace: true })}
    />
  );
}
