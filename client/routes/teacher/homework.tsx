import { t } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { useCallback } from 'react';
import { TeacherHomeworkPage } from '~/features/homework/components/teacher-homework-page';
import { type HomeworkSearch, validateHomeworkSearch } from '~/features/homework/search';
import { getTeacherToken } from '~/lib/teacher-session';

/** A teacher's homework for a class's subject, and the class's work on one of them, on the teacher's token. */
export const Route = createFileRoute('/teacher/homework')({
  validateSearch: validateHomeworkSearch,
  beforeLoad: () => {
    if (!getTeacherToken()) throw redirect({ to: '/teacher-login', replace: true });
  },
  head: () => ({ meta: [{ title: t`Homework · School Portal` }] }),
  component: HomeworkRoute,
});

function HomeworkRoute() {
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: HomeworkSearch) => void navigate({ search: next, replace: true }),
    [navigate],
  );
  return <TeacherHomeworkPage search={Route.useSearch()} onSearchChange={onSearchChange} />;
}
