import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { SignedInTeacherPage } from '~/components/teacher-page';
import { type TeacherData, teacherApi } from '~/lib/teacher-session';
import { CLASS_AUDIENCES, teacherClassesQuery } from '../api';
import { MessagesScreen } from './messages-screen';

/** A teacher's messages, outside the office portal: their inbox, what they sent, and writing to their classes. */
export function TeacherMessagesPage() {
  return (
    <SignedInTeacherPage title={<Trans>Messages</Trans>} signedOut={t`Sign in again to read your messages`}>
      {(teacher) => <TeacherMessages teacher={teacher} />}
    </SignedInTeacherPage>
  );
}

function TeacherMessages({ teacher }: { teacher: TeacherData }) {
  const classes = useQuery(teacherClassesQuery(teacherApi, teacher._id));
  return (
    <MessagesScreen
      client={teacherApi}
      audiences={CLASS_AUDIENCES}
      classes={classes.data ?? []}
      heading={false}
      timeZone={teacher.school?.timeZone}
      notifications="/teacher/notifications"
    />
  );
}
