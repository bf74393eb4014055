import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { OfficeMarksPage } from '~/features/grades/components/office-marks-page';
import { type MarksSearch, validateMarksSearch } from '~/features/grades/search';
import { pageTitle } from '~/features/shell/nav-labels';

/** The office's marks: any class's assessments and mark sheets. */
export const Route = createFileRoute('/_portal/marks')({
  validateSearch: validateMarksSearch,
  head: () => ({ meta: [{ title: pageTitle('/marks') }] }),
  component: MarksRoute,
});

function MarksRoute() {
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: MarksSearch) => void navigate({ search: next, replace: true }), [navigate]);
  return <OfficeMarksPage search={Route.useSearch()} onSearchChange={onSearchChange} />;
}
