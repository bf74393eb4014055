import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
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
      title={t`Forgot your password?`}
      description={t`Your school office resets passwords. Ask them, and sign in again with what they give you.`}
      footer={
        <p className={mutedTextClass}>
          <Link to={from} className={authLinkClass}>
            <Trans>Back to sign in</Trans>
          </Link>
        </p>
      }
    >
      <div className={styles.body}>
        <section className={styles.section} aria-labelledby="forgot-family">
          <h2 id="forgot-family" className={styles.heading}>
            <Trans>Parents and students</Trans>
          </h2>
          <p className={styles.text}>
            <Trans>
              Ask the school office. They open the student's profile and choose Reset passwords, which gives you a
              temporary password. Sign in with it, then choose your own.
            </Trans>
          </p>
        </section>
        <section className={styles.section} aria-labelledby="forgot-teachers">
          <h2 id="forgot-teachers" className={styles.heading}>
            <Trans>Teachers</Trans>
          </h2>
          <p className={styles.text}>
            <Trans>
              Ask the school office. They set a new password for you in Employee Management. Sign in with it; you may be
              asked to choose your own.
            </Trans>
          </p>
        </section>
        <Notice tone="info" icon={Mail} title={t`Reset links by e-mail are coming`}>
          <Trans>Once the portal sends messages, you will be able to reset your password yourself from here.</Trans>
        </Notice>
      </div>
    </AuthLayout>
  );
}
