import { t } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { useCallback } from 'react';
import { TeacherMarksPage } from '~/features/grades/components/teacher-marks-page';
import { type MarksSearch, validateMarksSearch } from '~/features/grades/search';
import { getTeacherToken } from '~/lib/teacher-session';

/** A teacher's marks for one assessment, on the teacher's token. */
export const Route = createFileRoute('/teacher/marks')({
  validateSearch: validateMarksSearch,
  beforeLoad: () => {
    if (!getTeacherToken()) throw redirect({ to: '/teacher-login', replace: true });
  },
  head: () => ({ meta: [{ title: t`Marks · School Portal` }] }),
  component: MarksRoute,
});

function MarksRoute() {
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: MarksSearch) => void navigate({ search: next, replace: true }), [navigate]);
  return <TeacherMarksPage search={Route.useSearch()} onSearchChange={onSearchChange} />;
}
