import { createFileRoute } from '@tanstack/react-router';
import { OfficeMessagesScreen } from '~/features/messages/components/office-messages';
import { pageTitle } from '~/features/shell/nav-labels';

export const Route = createFileRoute('/_portal/messages')({
  head: () => ({ meta: [{ title: pageTitle('/messages') }] }),
  component: OfficeMessagesScreen,
});
