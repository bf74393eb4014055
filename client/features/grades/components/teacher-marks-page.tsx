import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { TeacherPage, useSignedInTeacher } from '~/components/teacher-page';
import { teacherApi } from '~/lib/teacher-session';
import type { MarksSearch } from '../search';
import { MarksScreen } from './marks-screen';

/** The teacher's marks page, outside the office portal: their token, their classes, a way back. */
export function TeacherMarksPage({
  search,
  onSearchChange,
}: {
  search: MarksSearch;
  onSearchChange: (next: MarksSearch) => void;
}) {
  const teacher = useSignedInTeacher();
  return (
    <TeacherPage
      title={<Trans>Marks</Trans>}
      school={teacher?.school?.name}
      signedOut={teacher ? null : t`Sign in again to enter marks`}
    >
      {teacher ? (
        <MarksScreen
          source={{ audience: 'teacher', client: teacherApi, teacherId: teacher._id }}
          timeZone={teacher.school?.timeZone}
          search={search}
          onSearchChange={onSearchChange}
        />
      ) : null}
    </TeacherPage>
  );
}
