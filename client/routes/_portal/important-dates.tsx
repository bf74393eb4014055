import { createFileRoute } from '@tanstack/react-router';
import { ImportantDatesScreen } from '~/features/important-dates/components/important-dates-screen';
import { pageTitle } from '~/features/shell/nav-labels';

export const Route = createFileRoute('/_portal/important-dates')({
  head: () => ({ meta: [{ title: pageTitle('/important-dates') }] }),
  component: ImportantDatesScreen,
});
