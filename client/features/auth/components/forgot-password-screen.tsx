import { Link } from '@tanstack/react-router';
import { Mail } from 'lucide-react';
import { css } from 'styled-system/css';
import { AuthLayout, authLinkClass, mutedTextClass } from '~/components/ui/auth-layout';
import { Notice } from '~/components/ui/notice';
import type { SignInPath } from '~/components/ui/sign-in-form';

const styles = {
  body: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
  section: css({ display: 'flex', flexDirection: 'column', gap: '1.5' }),
  heading: css({ fontSize: 'md', fontWeight: 'semibold' }),
  text: css({ fontSize: 'sm', color: 'fg.muted', lineHeight: '1.6' }),
};

/** Until the portal sends e-mail, a forgotten password is reset by the school office: who to ask, and what happens. */
export function ForgotPasswordScreen({ from }: { from: SignInPath }) {
  return (
    <AuthLayout
      title="Forgot your password?"
      description="Your school office resets passwords. Ask them, and sign in again with what they give you."
      footer={
        <p className={mutedTextClass}>
          <Link to={from} className={authLinkClass}>
            Back to sign in
          </Link>
        </p>
      }
    >
      <div className={styles.body}>
        <section className={styles.section} aria-labelledby="forgot-family">
          <h2 id="forgot-family" className={styles.heading}>
            Parents and students
          </h2>
          <p className={styles.text}>
            Ask the school office. They open the student's profile and choose Reset passwords, which gives you a
            temporary password. Sign in with it, then choose your own.
          </p>
        </section>
        <section className={styles.section} aria-labelledby="forgot-teachers">
          <h2 id="forgot-teachers" className={styles.heading}>
            Teachers
          </h2>
          <p className={styles.text}>
            Ask the school office. They set a new password for you in Employee Management. Sign in with it; you may be
            asked to choose your own.
          </p>
        </section>
        <Notice tone="info" icon={Mail} title="Reset links by e-mail are coming">
          Once the portal sends messages, you will be able to reset your password yourself from here.
        </Notice>
      </div>
    </AuthLayout>
  );
}
