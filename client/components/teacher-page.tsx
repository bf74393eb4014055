import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, LogIn } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { LiveStatus } from '~/components/live-status';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { mirrorInRtl } from '~/components/ui/mirror';
import { useRealtimeConnection } from '~/lib/realtime';
import { useTeacherSchoolUpdates } from '~/lib/teacher-school-updates';
import { getTeacherData, teacherApi } from '~/lib/teacher-session';

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
  school: css({ fontSize: 'sm', color: 'fg.muted', truncate: true, display: { base: 'none', sm: 'block' } }),
  main: css({ flex: '1', w: 'full', maxW: '4xl', mx: 'auto', px: { base: '4', md: '6' }, pt: { base: '4', md: '6' } }),
};

/** The teacher kept on this device, following their school's changes, with the school's live room open. */
function useSignedInTeacher() {
  const [teacher, setTeacher] = useState(getTeacherData);
  useRealtimeConnection(teacher?.schoolId, teacherApi);
  useTeacherSchoolUpdates(() => setTeacher(getTeacherData()));
  return teacher;
}

/**
 * A teacher's own page outside the office portal: a bar with the way back to their dashboard, the page's title,
 * their school and the live status; then the page, or, when this device lacks the teacher's profile, a way to
 * sign in again (`signedOut` names what signing in is for).
 */
function TeacherPage({
  title,
  school,
  signedOut,
  children,
}: {
  title: ReactNode;
  school: string | undefined;
  signedOut: string | null;
  children: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <Link to="/teacher-dashboard" className={cx(button({ variant: 'ghost', size: 'md' }), styles.back)}>
          <ArrowLeft className={mirrorInRtl} size={18} aria-hidden="true" />
          <Trans>Dashboard</Trans>
        </Link>
        <h1 className={styles.title}>{title}</h1>
        <div className={styles.end}>
          {school ? <span className={styles.school}>{school}</span> : null}
          <LiveStatus />
        </div>
      </header>
      <main className={styles.main}>
        {signedOut === null ? (
          children
        ) : (
          <Card.Root>
            <EmptyState
              icon={LogIn}
              title={signedOut}
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

/**
 * A teacher's screen in the frame above, drawn for the teacher signed in on this device; without one, the way to sign
 * in again (`signedOut` names what signing in is for).
 */
export function SignedInTeacherPage({
  title,
  signedOut,
  children,
}: {
  title: ReactNode;
  signedOut: string;
  children: (teacher: NonNullable<ReturnType<typeof getTeacherData>>) => ReactNode;
}) {
  const teacher = useSignedInTeacher();
  return (
    <TeacherPage title={title} school={teacher?.school?.name} signedOut={teacher ? null : signedOut}>
      {teacher ? children(teacher) : null}
    </TeacherPage>
  );
}
