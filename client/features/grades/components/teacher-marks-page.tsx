import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { SignedInTeacherPage } from '~/components/teacher-page';
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
  return (
    <SignedInTeacherPage title={<Trans>Marks</Trans>} signedOut={t`Sign in again to enter marks`}>
      {(teacher) => (
        <MarksScreen
          source={{ audience: 'teacher', client: teacherApi, teacherId: teacher._id }}
          timeZone={teacher.school?.timeZone}
          search={search}
          onSearchChange={onSearchChange}
        />
      )}
    </SignedInTeacherPage>
  );
}
