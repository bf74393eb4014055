import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Mail, NotebookPen, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { BrandMark } from '~/components/brand';
import { LiveStatus } from '~/components/live-status';
import { AccountMenu } from '~/components/ui/account-menu';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { PageHeader } from '~/components/ui/page-header';
import { StatusScreen } from '~/components/ui/status-screen';
import { ChangePassword } from '~/features/auth';
import { reloadImportantDates, UpcomingDatesPanel } from '~/features/important-dates';
import { MessagesLink } from '~/features/messages';
import { useRealtimeConnection, useRealtimeEvent } from '~/lib/realtime';
import { schoolToday } from '~/lib/school-time';
import { useTeacherSchoolUpdates } from '~/lib/teacher-school-updates';
import {
  clearTeacherSession,
  getTeacherData,
  getTeacherToken,
  replaceTeacherToken,
  teacherApi,
} from '~/lib/teacher-session';
import { toast } from '~/lib/toast';
import { logoutTeacher, teacherProfileQuery, weekQuery } from '../api';
import { formatLongDate } from '../format';
import { ClassesCard } from './classes-card';
import { MyAttendanceCard } from './my-attendance-card';
import { TimetableCard } from './timetable-card';

const styles = {
  page: css({ minH: '100dvh', display: 'flex', flexDirection: 'column', bg: 'canvas' }),
  bar: css({
    position: 'sticky',
    top: '0',
    zIndex: 'sticky',
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    h: 'topbar',
    px: { base: '4', md: '6' },
    bg: 'surface',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
  school: css({ fontWeight: 'semibold', fontSize: 'md', truncate: true, minW: '0' }),
  end: css({ ms: 'auto', display: 'flex', alignItems: 'center', gap: '1' }),
  barLink: css({ px: '3', gap: '2' }),
  barLabel: css({ display: { base: 'none', sm: 'inline' } }),
  main: css({ flex: '1', w: 'full', maxW: 'content', mx: 'auto', p: { base: '4', md: '6' } }),
  layout: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
    gap: { base: '4', md: '6' },
    alignItems: 'start',
  }),
  column: css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' }, minW: '0' }),
  profile: css({ display: 'flex', flexDirection: 'column', gap: '3', fontSize: 'sm' }),
  fact: css({ display: 'flex', alignItems: 'center', gap: '2', minW: '0', wordBreak: 'break-word' }),
  subjects: css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' }),
  quiet: css({ color: 'fg.muted' }),
};

function subjectName(subject: unknown) {
  if (typeof subject === 'string') return subject;
  if (typeof subject === 'object' && subject !== null && 'name' in subject) return String(subject.name);
  return null;
}

/**
 * The teacher's own portal, phone first: today's timetable with 'Take attendance' for each period, their classes
 * and subjects, the school calendar's next dates and their own attendance. Changes arrive live.
 */
export function TeacherDashboardScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useQuery(teacherProfileQuery());
  const [signingOut, setSigningOut] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);

  const stored = getTeacherData();
  const teacher = profile.data?.teacher ?? stored;
  useRealtimeConnection(teacher?.schoolId, teacherApi);
  useTeacherSchoolUpdates();
  useRealtimeEvent((event) => {
    // i18n-ignore: an event type, not a text.
    if (event.type.startsWith('important_date_')) void reloadImportantDates(queryClient);
    // A register saved anywhere (another device, the office) turns its period to taken.
    if (event.type === 'attendance_updated') void queryClient.invalidateQueries({ queryKey: weekQuery().queryKey });
    if (event.type === 'important_date_created' && event.data.title) {
      toast.info(t`New important date`, { description: event.data.title });
    }
  });

  const handleSignOut = async () => {
    setSigningOut(true);
    await logoutTeacher();
    clearTeacherSession();
    queryClient.removeQueries({ queryKey: ['teacher'] });
    toast.success(t`Logged out successfully`);
    await navigate({ to: '/teacher-login', replace: true });
  };

  // A teacher stored at sign-in draws the page at once; the profile call checks the token alongside (a 401 signs out).
  if (profile.isPending && !stored)
    return (
      <StatusScreen>
        <Trans>Verifying access...</Trans>
      </StatusScreen>
    );
  if (signingOut)
    return (
      <StatusScreen>
        <Trans>Signing out...</Trans>
      </StatusScreen>
    );

  // The account menu's role line.
  const roleLabel = t`Teacher`;
  const name = teacher?.name ?? profile.data?.user.name ?? roleLabel;
  const email = teacher?.email ?? profile.data?.user.email;
  // i18n-ignore: the product's own name, when the school's is not known yet.
  const schoolName = teacher?.school?.name ?? profile.data?.user.school?.name ?? 'Spark School';
  // The school's zone, so the day and the 'Now' period are the school's wherever the phone is.
  const timeZone = profile.data?.user.school?.timeZone ?? stored?.school?.timeZone;
  const subjects = (teacher?.subjects ?? []).map(subjectName).filter((value): value is string => Boolean(value));

  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <BrandMark />
        <span className={styles.school}>{schoolName}</span>
        <div className={styles.end}>
          <Link
            to="/teacher/homework"
            className={cx(button({ variant: 'ghost', size: 'md' }), styles.barLink)}
            aria-label={t`Homework`}
          >
            <NotebookPen size={18} aria-hidden="true" />
            <span className={styles.barLabel}>
              <Trans>Homework</Trans>
            </span>
          </Link>
          <MessagesLink client={teacherApi} to="/teacher/messages" />
          <LiveStatus />
          <AccountMenu
            name={name}
            email={email ?? ''}
            role={roleLabel}
            onSignOut={() => void handleSignOut()}
            onChangePassword={() => setPasswordOpen(true)}
            onNotifications={() => void navigate({ to: '/teacher/notifications' })}
            compact
          />
        </div>
      </header>
      <ChangePassword
        open={passwordOpen}
        onOpenChange={setPasswordOpen}
        token={getTeacherToken}
        onChanged={(result) => replaceTeacherToken(result.token)}
      />
      <main className={styles.main}>
        <PageHeader title={t`Welcome, ${name}`} description={formatLongDate(schoolToday(timeZone))} />
        {profile.isError || !teacher ? (
          <Card.Root>
            <EmptyState
              icon={RefreshCw}
              title={t`Your profile could not be loaded`}
              description={profile.error?.message ?? t`Sign in again to load your teacher profile.`}
              action={
                <Button variant="outline" onClick={() => void profile.refetch()}>
                  <Trans>Try again</Trans>
                </Button>
              }
            />
          </Card.Root>
        ) : (
          <div className={styles.layout}>
            <div className={styles.column}>
              <TimetableCard timeZone={timeZone} />
              <ClassesCard teacherId={teacher._id} />
            </div>
            <div className={styles.column}>
              <UpcomingDatesPanel client={teacherApi} audience="teacher" limit={5} />
              <MyAttendanceCard />
              <Card.Root aria-labelledby="my-profile-title">
                <Card.Header>
                  <Card.Title id="my-profile-title">
                    <Trans>My profile</Trans>
                  </Card.Title>
                </Card.Header>
                <Card.Body className={styles.profile}>
                  <span className={styles.fact}>
                    <Mail size={16} aria-label={t`Email`} />
                    {email ?? '—'}
                  </span>
                  <span className={styles.quiet}>{teacher.designation || t`Teacher`}</span>
                  {subjects.length > 0 ? (
                    <span className={styles.subjects}>
                      {subjects.map((subject) => (
                        <Badge key={subject} tone="brand">
                          {subject}
                        </Badge>
                      ))}
                    </span>
                  ) : (
                    <span className={styles.quiet}>
                      <Trans>No subjects assigned</Trans>
                    </span>
                  )}
                </Card.Body>
              </Card.Root>
            </div>
          </div>
        )}
      </main>
    </div>
  );
}
