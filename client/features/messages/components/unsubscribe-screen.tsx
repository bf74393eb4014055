import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { CircleCheck, LinkIcon, MailX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { AuthLayout, authLinkClass, mutedTextClass } from '~/components/ui/auth-layout';
import { Button } from '~/components/ui/button';
import { Notice } from '~/components/ui/notice';
import { unsubscribeByLink, unsubscribeInfo } from '../notifications';

const styles = { body: css({ display: 'flex', flexDirection: 'column', gap: '5' }) };

type Info = Awaited<ReturnType<typeof unsubscribeInfo>>;

/** The link's token, read once from the address's fragment, which is then removed from the address bar. */
function useLinkToken() {
  const [token] = useState(() => (typeof window === 'undefined' ? '' : window.location.hash.slice(1)));
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  return token;
}

/** An e-mail's unsubscribe link: says which e-mails it stops, and stops them when asked; no sign-in needed. */
export function UnsubscribeScreen() {
  const token = useLinkToken();
  const [info, setInfo] = useState<Info | null>(null);
  const [state, setState] = useState<'loading' | 'ask' | 'busy' | 'done' | 'invalid'>(token ? 'loading' : 'invalid');
  useEffect(() => {
    if (!token) return;
    unsubscribeInfo(token)
      .then((answer) => {
        setInfo(answer);
        setState(answer.email ? 'ask' : 'done');
      })
      .catch(() => setState('invalid'));
  }, [token]);
  const kind =
    info?.kind === 'alerts' ? t`absence alerts` : info?.kind === 'reminders' ? t`homework reminders` : t`announcements`;
  const footer = (
    <p className={mutedTextClass}>
      <Link to="/parent-login" className={authLinkClass}>
        <Trans>Sign in to choose all your notifications</Trans>
      </Link>
    </p>
  );
  if (state === 'invalid')
    return (
      <AuthLayout title={t`This link does not work`} description={undefined} footer={footer}>
        <Notice tone="warning" icon={LinkIcon} title={t`The unsubscribe link is not valid`}>
          <Trans>Use the link of the newest e-mail, or sign in and choose your notifications.</Trans>
        </Notice>
      </AuthLayout>
    );
  if (state === 'done')
    return (
      <AuthLayout title={t`You are unsubscribed`} description={undefined} footer={footer}>
        <Notice tone="info" icon={CircleCheck} title={t`No more e-mails of ${kind}`} role="status">
          <Trans>They still reach your Messages in the portal.</Trans>
        </Notice>
      </AuthLayout>
    );
  return (
    <AuthLayout
      title={t`Stop e-mails of ${kind}?`}
      description={info ? t`From ${info.school}. They will still reach your Messages in the portal.` : undefined}
      footer={footer}
    >
      <div className={styles.body}>
        <Button
          size="lg"
          fullWidth
          loading={state === 'busy' || state === 'loading'}
          onClick={() => {
            setState('busy');
            unsubscribeByLink(token)
              .then(() => setState('done'))
              .catch(() => setState('invalid'));
          }}
        >
          <MailX size={18} aria-hidden="true" />
          <Trans>Unsubscribe</Trans>
        </Button>
      </div>
    </AuthLayout>
  );
}
