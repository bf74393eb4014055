import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { SignedInTeacherPage } from '~/components/teacher-page';
import { teacherApi } from '~/lib/teacher-session';
import type { HomeworkSearch } from '../search';
import { HomeworkScreen } from './homework-screen';

/** The teacher's homework page, in the marks page's frame: their token, their classes, a way back. */
export function TeacherHomeworkPage({
  search,
  onSearchChange,
}: {
  search: HomeworkSearch;
  onSearchChange: (next: HomeworkSearch) => void;
}) {
  return (
    <SignedInTeacherPage title={<Trans>Homework</Trans>} signedOut={t`Sign in again to set homework`}>
      {(teacher) => (
        <HomeworkScreen
          source={{ audience: 'teacher', client: teacherApi, teacherId: teacher._id }}
          timeZone={teacher.school?.timeZone}
          search={search}
          onSearchChange={onSearchChange}
        />
      )}
    </SignedInTeacherPage>
  );
}
