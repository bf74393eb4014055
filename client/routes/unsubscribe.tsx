import { t } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { UnsubscribeScreen } from '~/features/messages/components/unsubscribe-screen';

export const Route = createFileRoute('/unsubscribe')({
  head: () => ({ meta: [{ title: t`Unsubscribe · School Portal` }] }),
  component: UnsubscribeScreen,
});
