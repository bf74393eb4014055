import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, LogIn } from 'lucide-react';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { LiveStatus } from '~/components/live-status';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { mirrorInRtl } from '~/components/ui/mirror';
import { useRealtimeConnection } from '~/lib/realtime';
import { useTeacherSchoolUpdates } from '~/lib/teacher-school-updates';
import { getTeacherData, teacherApi } from '~/lib/teacher-session';
import type { MarksSearch } from '../search';
import { MarksScreen } from './marks-screen';

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

/** The teacher's marks page, outside the office portal: their token, their classes, a way back. */
export function TeacherMarksPage({
  search,
  onSearchChange,
}: {
  search: MarksSearch;
  onSearchChange: (next: MarksSearch) => void;
}) {
  const [teacher, setTeacher] = useState(getTeacherData);
  useRealtimeConnection(teacher?.schoolId, teacherApi);
  useTeacherSchoolUpdates(() => setTeacher(getTeacherData()));
  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <Link to="/teacher-dashboard" className={cx(button({ variant: 'ghost', size: 'md' }), styles.back)}>
          <ArrowLeft className={mirrorInRtl} size={18} aria-hidden="true" />
          <Trans>Dashboard</Trans>
        </Link>
        <h1 className={styles.title}>
          <Trans>Marks</Trans>
        </h1>
        <div className={styles.end}>
          {teacher?.school?.name ? <span className={styles.school}>{teacher.school.name}</span> : null}
          <LiveStatus />
        </div>
      </header>
      <main className={styles.main}>
        {teacher ? (
          <MarksScreen client={teacherApi} teacherId={teacher._id} search={search} onSearchChange={onSearchChange} />
        ) : (
          <Card.Root>
            <EmptyState
              icon={LogIn}
              title={t`Sign in again to enter marks`}
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
