import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { LogOut, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';
import { roleLabel, type SessionUser, signOut } from '~/lib/session';
import { toast } from '~/lib/toast';

const styles = {
  page: css({ minH: '100dvh', display: 'grid', placeItems: 'center', p: { base: '4', md: '6' }, bg: 'canvas' }),
  card: css({ w: 'full', maxW: 'md', textAlign: 'center' }),
  body: css({ alignItems: 'center', gap: '3', py: '8' }),
  icon: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '12',
    h: '12',
    borderRadius: 'full',
    bg: 'danger.subtle',
    color: 'danger.fg',
  }),
  title: css({ fontSize: '2xl', fontWeight: 'semibold', letterSpacing: 'tight' }),
  text: css({ color: 'fg.muted' }),
  who: css({ fontSize: 'sm', color: 'fg.muted', textTransform: 'none' }),
  actions: css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3', mt: '3' }),
  link: css({ color: 'brand.fg', fontWeight: 'medium', fontSize: 'sm', _hover: { textDecoration: 'underline' } }),
};

/** What a signed-in user who is not a school administrator sees instead of the portal. */
export function AccessDenied({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const handleSignOut = async () => {
    setBusy(true);
    await signOut();
    toast.success(t`Logged out successfully`);
    await navigate({ to: '/login', replace: true });
  };

  return (
    <main className={styles.page}>
      <Card.Root className={styles.card}>
        <Card.Body className={styles.body}>
          <span className={styles.icon}>
            <ShieldAlert size={24} aria-hidden="true" />
          </span>
          <h1 className={styles.title}>
            <Trans>Access Denied</Trans>
          </h1>
          <p className={styles.text}>
            <Trans>You don't have permission to access the school portal.</Trans>
          </p>
          <p className={styles.text}>
            <Trans>Only school administrators can access this portal.</Trans>
          </p>
          <p className={styles.who}>{t`Signed in as ${user.name} (${roleLabel(user.role)})`}</p>
          <div className={styles.actions}>
            <Button
              variant="outline"
              onClick={() => void handleSignOut()}
              loading={busy}
              loadingText={t`Signing out...`}
            >
              <LogOut size={16} aria-hidden="true" />
              <Trans>Sign Out</Trans>
            </Button>
            {user.role === 'teacher' ? (
              <Link to="/teacher-login" className={styles.link}>
                <Trans>Teachers sign in on the teacher sign-in page</Trans>
              </Link>
            ) : null}
          </div>
        </Card.Body>
      </Card.Root>
    </main>
  );
}
