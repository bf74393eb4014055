import { Trans } from '@lingui/react/macro';
import { ClipboardList, KeyRound, LogIn, UserPlus } from 'lucide-react';
import { css } from 'styled-system/css';
import { Button } from '~/components/ui/button';
import * as Card from '~/components/ui/card';

const styles = {
  grid: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
    gap: { base: '4', md: '6' },
  }),
  card: css({ display: 'flex', flexDirection: 'column' }),
  body: css({ display: 'flex', flexDirection: 'column', gap: '3', flex: '1' }),
  icon: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '10',
    h: '10',
    borderRadius: 'lg',
    bg: 'brand.subtle',
    color: 'brand.fg',
  }),
  title: css({ fontSize: 'md', fontWeight: 'semibold' }),
  text: css({ color: 'fg.muted', fontSize: 'sm' }),
  list: css({ listStyleType: 'disc', ps: '5', color: 'fg.muted', fontSize: 'sm', display: 'grid', gap: '1' }),
  footer: css({ mt: 'auto', pt: '2' }),
};

export interface AddTeachersTabProps {
  onAddWithCredentials: () => void;
  onAddFullProfile: () => void;
}

/** How teachers join: two ways to add them, and how they sign in afterwards. */
export function AddTeachersTab({ onAddWithCredentials, onAddFullProfile }: AddTeachersTabProps) {
  return (
    <div className={styles.grid}>
      <Card.Root className={styles.card}>
        <Card.Body className={styles.body}>
          <span className={styles.icon}>
            <KeyRound size={20} aria-hidden="true" />
          </span>
          <h2 className={styles.title}>
            <Trans>Quick add with login credentials</Trans>
          </h2>
          <p className={styles.text}>
            <Trans>
              Name, email, phone and a password: the teacher can sign in at once and you complete the profile later.
            </Trans>
          </p>
          <div className={styles.footer}>
            <Button onClick={onAddWithCredentials}>
              <UserPlus size={16} aria-hidden="true" />
              <Trans>Add Teacher</Trans>
            </Button>
          </div>
        </Card.Body>
      </Card.Root>
      <Card.Root className={styles.card}>
        <Card.Body className={styles.body}>
          <span className={styles.icon}>
            <ClipboardList size={20} aria-hidden="true" />
          </span>
          <h2 className={styles.title}>
            <Trans>Full teacher profile</Trans>
          </h2>
          <p className={styles.text}>
            <Trans>Everything in one go, in the department Teaching:</Trans>
          </p>
          <ul className={styles.list}>
            <li>
              <Trans>Personal details, date of birth and gender</Trans>
            </li>
            <li>
              <Trans>Designation, qualification, experience and salary</Trans>
            </li>
            <li>
              <Trans>Primary subject first, then additional subjects</Trans>
            </li>
            <li>
              <Trans>Address</Trans>
            </li>
          </ul>
          <div className={styles.footer}>
            <Button variant="outline" onClick={onAddFullProfile}>
              <UserPlus size={16} aria-hidden="true" />
              <Trans>Add New Teacher</Trans>
            </Button>
          </div>
        </Card.Body>
      </Card.Root>
      <Card.Root className={styles.card}>
        <Card.Body className={styles.body}>
          <span className={styles.icon}>
            <LogIn size={20} aria-hidden="true" />
          </span>
          <h2 className={styles.title}>
            <Trans>How teachers sign in</Trans>
          </h2>
          <p className={styles.text}>
            <Trans>
              Teachers can access the system with the email and password you provide. They sign in on the teacher login
              page, /teacher-login, and see their own timetable, classes and the school calendar.
            </Trans>
          </p>
          <p className={styles.text}>
            <Trans>Deactivating a teacher ends their sessions and stops them signing in; their records stay.</Trans>
          </p>
        </Card.Body>
      </Card.Root>
    </div>
  );
}
