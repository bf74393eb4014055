import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, LogIn } from 'lucide-react';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { LiveStatus } from '~/components/live-status';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { mirrorInRtl } from '~/components/ui/mirror';
import { Skeleton } from '~/components/ui/skeleton';
import { teacherProfileQuery, weekQuery } from '~/features/teacher-dashboard';
import { useRealtimeConnection } from '~/lib/realtime';
import { useTeacherSchoolUpdates } from '~/lib/teacher-school-updates';
import { getTeacherData, teacherApi } from '~/lib/teacher-session';
import type { RegisterSearch } from '../search';
import type { RegisterSource } from './register/period-choices';
import { RegisterScreen } from './register/register-screen';

const styles = {
  page: css({ minH: '100dvh', display: 'flex', flexDirection: 'column', bg: 'canvas' }),
  bar: css({
    position: 'sticky',
    top: '0',
    zIndex: 'sticky',
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    h: 'topbar',
    px: { base: '2', md: '6' },
    bg: 'surface',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
  back: css({ px: '3' }),
  title: css({ fontWeight: 'semibold', fontSize: 'md', truncate: true, minW: '0' }),
  end: css({ ms: 'auto', display: 'flex', alignItems: 'center', gap: '2', minW: '0' }),
  school: css({
    fontSize: 'sm',
    color: 'fg.muted',
    truncate: true,
    display: { base: 'none', sm: 'block' },
  }),
  main: css({ flex: '1', w: 'full', maxW: '4xl', mx: 'auto', px: { base: '4', md: '6' }, pt: { base: '4', md: '6' } }),
};

/** The teacher's own register page, outside the office portal: their token, their classes, a way back. */
export function TeacherRegisterPage({
  search,
  onSearchChange,
}: {
  search: RegisterSearch;
  onSearchChange: (next: RegisterSearch) => void;
}) {
  const queryClient = useQueryClient();
  const [teacher, setTeacher] = useState(getTeacherData);
  const [source] = useState<RegisterSource | null>(() =>
    teacher ? { audience: 'teacher', client: teacherApi, teacherId: teacher._id } : null,
  );
  useRealtimeConnection(teacher?.schoolId, teacherApi);
  useTeacherSchoolUpdates(() => setTeacher(getTeacherData()));
  // A sign-in from before the zone was stored: the profile (cached from the dashboard) has it.
  const storedZone = teacher?.school?.timeZone;
  const profile = useQuery({ ...teacherProfileQuery(), enabled: Boolean(teacher) && !storedZone });
  const timeZone = storedZone ?? profile.data?.user.school?.timeZone;
  const zoneKnown = Boolean(timeZone) || !profile.isPending;
  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <Link to="/teacher-dashboard" className={cx(button({ variant: 'ghost', size: 'md' }), styles.back)}>
          <ArrowLeft className={mirrorInRtl} size={18} aria-hidden="true" />
          <Trans>Dashboard</Trans>
        </Link>
        <h1 className={styles.title}>
          <Trans>Class register</Trans>
        </h1>
        <div className={styles.end}>
          {teacher?.school?.name ? <span className={styles.school}>{teacher.school.name}</span> : null}
          <LiveStatus />
        </div>
      </header>
      <main className={styles.main}>
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
        ) : (
          <Card.Root>
            <EmptyState
              icon={LogIn}
              title={t`Sign in again to take the register`}
              description={t`Your teacher profile is missing on this device.`}
              action={
                <Link to="/teacher-login" className={button({ variant: 'solid', size: 'md' })}>
                  <Trans>Go to teacher sign in</Trans>
                </Link>
              }
            />
          </Card.Root>
        )}
      </main>
    </div>
  );
}
