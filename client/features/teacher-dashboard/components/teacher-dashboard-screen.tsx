import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { GraduationCap, LogOut, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { ComingSoon } from '~/components/coming-soon';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { PageHeader } from '~/components/ui/page-header';
import { StatusScreen } from '~/components/ui/status-screen';
import { clearTeacherSession, getTeacherData } from '~/lib/teacher-session';
import { toast } from '~/lib/toast';
import { logoutTeacher, teacherProfileQuery } from '../api';

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
  mark: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '8',
    h: '8',
    borderRadius: 'lg',
    bg: 'brand.solid',
    color: 'fg.inverted',
    flexShrink: '0',
  }),
  school: css({ fontWeight: 'semibold', fontSize: 'md', truncate: true, minW: '0' }),
  end: css({ ml: 'auto', display: 'flex', alignItems: 'center', gap: '2' }),
  main: css({ flex: '1', w: 'full', maxW: 'content', mx: 'auto', p: { base: '4', md: '6' } }),
  details: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
    gap: '4',
    mb: '6',
  }),
  detail: css({ gap: '1.5' }),
  label: css({
    fontSize: 'xs',
    fontWeight: 'medium',
    color: 'fg.muted',
    textTransform: 'uppercase',
    letterSpacing: 'wide',
  }),
  value: css({ fontSize: 'md', fontWeight: 'medium', color: 'fg', wordBreak: 'break-word' }),
  subjects: css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' }),
};

function subjectName(subject: unknown) {
  if (typeof subject === 'string') return subject;
  if (typeof subject === 'object' && subject !== null && 'name' in subject) return String(subject.name);
  return null;
}

export function TeacherDashboardScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useQuery(teacherProfileQuery());
  const [signingOut, setSigningOut] = useState(false);

  const handleSignOut = async () => {
    setSigningOut(true);
    await logoutTeacher();
    clearTeacherSession();
    queryClient.removeQueries({ queryKey: ['teacher'] });
    toast.success('Logged out successfully');
    await navigate({ to: '/teacher-login', replace: true });
  };

  if (profile.isPending) return <StatusScreen>Verifying access...</StatusScreen>;

  const stored = getTeacherData();
  const teacher = profile.data?.teacher ?? stored;
  const name = teacher?.name ?? profile.data?.user.name ?? 'Teacher';
  const email = teacher?.email ?? profile.data?.user.email;
  const schoolName = teacher?.school?.name ?? profile.data?.user.school?.name ?? 'Spark School';
  const subjects = (teacher?.subjects ?? []).map(subjectName).filter((value): value is string => Boolean(value));

  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <span className={styles.mark}>
          <GraduationCap size={18} aria-hidden="true" />
        </span>
        <span className={styles.school}>{schoolName}</span>
        <div className={styles.end}>
          <Button
            variant="outline"
            onClick={() => void handleSignOut()}
            loading={signingOut}
            loadingText="Signing out..."
          >
            <LogOut size={16} aria-hidden="true" />
            Sign Out
          </Button>
        </div>
      </header>
      <main className={styles.main}>
        <PageHeader title={`Welcome, ${name}`} description="Your teacher dashboard." />
        {profile.isError ? (
          <Card.Root>
            <EmptyState
              icon={RefreshCw}
              title="Your profile could not be loaded"
              description={profile.error.message}
              action={
                <Button variant="outline" onClick={() => void profile.refetch()}>
                  Try again
                </Button>
              }
            />
          </Card.Root>
        ) : (
          <>
            <div className={styles.details}>
              <Card.Root>
                <Card.Body className={styles.detail}>
                  <span className={styles.label}>Email</span>
                  <span className={styles.value}>{email ?? '—'}</span>
                </Card.Body>
              </Card.Root>
              <Card.Root>
                <Card.Body className={styles.detail}>
                  <span className={styles.label}>Designation</span>
                  <span className={styles.value}>{teacher?.designation || 'Teacher'}</span>
                </Card.Body>
              </Card.Root>
              <Card.Root>
                <Card.Body className={styles.detail}>
                  <span className={styles.label}>Subjects</span>
                  {subjects.length > 0 ? (
                    <span className={styles.subjects}>
                      {subjects.map((subject) => (
                        <Badge key={subject} tone="brand">
                          {subject}
                        </Badge>
                      ))}
                    </span>
                  ) : (
                    <span className={styles.value}>No subjects assigned</span>
                  )}
                </Card.Body>
              </Card.Root>
            </div>
            <ComingSoon what="Your classes, attendance register and schedule" />
          </>
        )}
      </main>
    </div>
  );
}
