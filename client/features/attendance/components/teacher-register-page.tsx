import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TeacherPage, useSignedInTeacher } from '~/components/teacher-page';
import { Skeleton } from '~/components/ui/skeleton';
import { teacherProfileQuery, weekQuery } from '~/features/teacher-dashboard';
import { teacherApi } from '~/lib/teacher-session';
import type { RegisterSearch } from '../search';
import type { RegisterSource } from './register/period-choices';
import { RegisterScreen } from './register/register-screen';

/** The teacher's own register page, outside the office portal: their token, their classes, a way back. */
export function TeacherRegisterPage({
  search,
  onSearchChange,
}: {
  search: RegisterSearch;
  onSearchChange: (next: RegisterSearch) => void;
}) {
  const queryClient = useQueryClient();
  const teacher = useSignedInTeacher();
  const [source] = useState<RegisterSource | null>(() =>
    teacher ? { audience: 'teacher', client: teacherApi, teacherId: teacher._id } : null,
  );
  // A sign-in from before the zone was stored: the profile (cached from the dashboard) has it.
  const storedZone = teacher?.school?.timeZone;
  const profile = useQuery({ ...teacherProfileQuery(), enabled: Boolean(teacher) && !storedZone });
  const timeZone = storedZone ?? profile.data?.user.school?.timeZone;
  const zoneKnown = Boolean(timeZone) || !profile.isPending;
  return (
    <TeacherPage
      title={<Trans>Class register</Trans>}
      school={teacher?.school?.name}
      signedOut={source ? null : t`Sign in again to take the register`}
    >
      {source && !zoneKnown ? (
        <Skeleton h="24" />
      ) : source ? (
        <RegisterScreen
          source={source}
          search={search}
          onSearchChange={onSearchChange}
          timeZone={timeZone}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: weekQuery().queryKey })}
        />
      ) : null}
    </TeacherPage>
  );
}
