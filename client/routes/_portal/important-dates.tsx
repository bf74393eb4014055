import { createFileRoute } from '@tanstack/react-router';
import { ImportantDatesScreen } from '~/features/important-dates/components/important-dates-screen';

export const Route = createFileRoute('/_portal/important-dates')({
  head: () => ({ meta: [{ title: 'Important Dates · School Portal' }] }),
  component: ImportantDatesScreen,
});
