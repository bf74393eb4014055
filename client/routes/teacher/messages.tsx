import { t } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { TeacherMessagesPage } from '~/features/messages/components/teacher-messages-page';
import { getTeacherToken } from '~/lib/teacher-session';

/** A teacher's inbox and what they sent, on the teacher's token. */
export const Route = createFileRoute('/teacher/messages')({
  beforeLoad: () => {
    if (!getTeacherToken()) throw redirect({ to: '/teacher-login', replace: true });
  },
  head: () => ({ meta: [{ title: t`Messages · School Portal` }] }),
  component: TeacherMessagesPage,
});
