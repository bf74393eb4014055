import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { TeacherPage, useSignedInTeacher } from '~/components/teacher-page';
import { teacherApi } from '~/lib/teacher-session';
import { CLASS_AUDIENCES, teacherClassesQuery } from '../api';
import { MessagesScreen } from './messages-screen';

/** A teacher's messages, outside the office portal: their inbox, what they sent, and writing to their classes. */
export function TeacherMessagesPage() {
  const teacher = useSignedInTeacher();
  const classes = useQuery({ ...teacherClassesQuery(teacherApi, teacher?._id ?? ''), enabled: Boolean(teacher) });
  return (
    <TeacherPage
      title={<Trans>Messages</Trans>}
      school={teacher?.school?.name}
      signedOut={teacher ? null : t`Sign in again to read your messages`}
    >
      {teacher ? (
        <MessagesScreen
          client={teacherApi}
          audiences={CLASS_AUDIENCES}
          classes={classes.data ?? []}
          heading={false}
          timeZone={teacher.school?.timeZone}
          notifications="/teacher/notifications"
        />
      ) : null}
    </TeacherPage>
  );
}
