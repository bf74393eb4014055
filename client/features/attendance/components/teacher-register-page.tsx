import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { SignedInTeacherPage } from '~/components/teacher-page';
import { Skeleton } from '~/components/ui/skeleton';
import { teacherProfileQuery, weekQuery } from '~/features/teacher-dashboard';
import { type TeacherData, teacherApi } from '~/lib/teacher-session';
import type { RegisterSearch } from '../search';
import type { RegisterSource } from './register/period-choices';
import { RegisterScreen } from './register/register-screen';

/** The teacher's own register page, outside the office portal: their token, their classes, a way back. */
export function TeacherRegisterPage(props: { search: RegisterSearch; onSearchChange: (next: RegisterSearch) => void }) {
  return (
    <SignedInTeacherPage title={<Trans>Class register</Trans>} signedOut={t`Sign in again to take the register`}>
      {(teacher) => <TeacherRegister teacher={teacher} {...props} />}
    </SignedInTeacherPage>
  );
}

function TeacherRegister({
  teacher,
  search,
  onSearchChange,
}: {
  teacher: TeacherData;
  search: RegisterSearch;
  onSearchChange: (next: RegisterSearch) => void;
}) {
  const queryClient = useQueryClient();
  const source = useMemo<RegisterSource>(
    () => ({ audience: 'teacher', client: teacherApi, teacherId: teacher._id }),
    [teacher._id],
  );
  // A sign-in from before the zone was stored: the profile (cached from the dashboard) has it.
  const storedZone = teacher.school?.timeZone;
  const profile = useQuery({ ...teacherProfileQuery(), enabled: !storedZone });
  const timeZone = storedZone ?? profile.data?.user.school?.timeZone;
  if (!timeZone && profile.isPending) return <Skeleton h="24" />;
  return (
    <RegisterScreen
      source={source}
      search={search}
      onSearchChange={onSearchChange}
      timeZone={timeZone}
      onSaved={() => void queryClient.invalidateQueries({ queryKey: weekQuery().queryKey })}
    />
  );
}
