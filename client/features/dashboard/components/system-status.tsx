import { plural, t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { i18n } from '~/lib/i18n';
import { type MailStatus, mailStatusQuery } from '../api';
import { listStyles, Panel } from './panel';

type State = 'ok' | 'checking' | 'down' | 'off';

const styles = {
  state: css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontSize: 'sm', whiteSpace: 'nowrap' }),
  dot: css({
    w: '2',
    h: '2',
    borderRadius: 'full',
    flexShrink: '0',
    '&[data-state=ok]': { bg: 'success.dot' },
    '&[data-state=checking]': { bg: 'warning.dot' },
    '&[data-state=down]': { bg: 'danger.dot' },
    '&[data-state=off]': { bg: 'border.input' },
  }),
  text: css({
    '&[data-state=ok]': { color: 'success.fg' },
    '&[data-state=checking]': { color: 'fg.muted' },
    '&[data-state=down]': { color: 'danger.fg' },
    '&[data-state=off]': { color: 'fg.muted' },
  }),
};

interface Service {
  key: string;
  name: string;
  state: State;
  label: string;
  /** A second line under the name: the last delivery, what failed. */
  detail?: string;
}

type ChannelStatus = Omit<MailStatus, 'push'>;

/** An e-mail or push line: not configured, or configured with its last delivery and the last day's failures. */
function channelService(
  key: string,
  name: string,
  status: 'pending' | 'success' | 'error',
  mail: ChannelStatus | undefined,
): Service {
  if (!mail) {
    const state: State = status === 'error' ? 'down' : 'checking';
    return { key, name, state, label: state === 'down' ? t`Unreachable` : t`Checking...` };
  }
  if (!mail.configured) return { key, name, state: 'off', label: t`Not configured` };
  const when = mail.lastSentAt
    ? new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(mail.lastSentAt),
      )
    : null;
  const last = when ? t`Last delivery ${when}` : t`Nothing sent yet`;
  const failed = mail.failedLastDay;
  const problems = [
    failed > 0 ? plural(failed, { one: '# failed in the last day', other: '# failed in the last day' }) : null,
    mail.retrying > 0 ? plural(mail.retrying, { one: '# waiting to retry', other: '# waiting to retry' }) : null,
  ].filter(Boolean);
  return {
    key,
    name,
    state: failed > 0 ? 'down' : mail.retrying > 0 ? 'checking' : 'ok',
    label: failed > 0 ? t`Failures` : mail.retrying > 0 ? t`Retrying` : t`Active`,
    detail: [last, ...problems].join(' · '),
  };
}

/**
 * Database and API are reported from this screen's own load (the summary is read from the database
 * through the API); e-mail from its own call (configured, last delivery, failures); SMS has no provider yet.
 */
export function SystemStatus({ status }: { status: 'pending' | 'success' | 'error' }) {
  const mail = useQuery(mailStatusQuery());
  const live: Record<typeof status, [State, string, string]> = {
    pending: ['checking', t`Checking...`, t`Checking...`],
    success: ['ok', t({ message: 'Online', context: 'a service that is up' }), t`Active`],
    error: ['down', t`Unreachable`, t`Not responding`],
  };
  const [state, database, apiLabel] = live[status];
  const mailState = mail.isError ? 'error' : mail.isPending ? 'pending' : 'success';
  const services: Service[] = [
    { key: 'database', name: t`Database`, state, label: database },
    { key: 'api', name: t`API Services`, state, label: apiLabel },
    channelService('email', t`Email Service`, mailState, mail.data),
    channelService('push', t`Push Notifications`, mailState, mail.data?.push),
    { key: 'sms', name: t`SMS Gateway`, state: 'off', label: t`Not configured` },
  ];
  return (
    <Panel title={t`System Status`} description={t`Services this portal relies on`}>
      <ul className={listStyles.list}>
        {services.map((service) => (
          <li key={service.key} className={listStyles.item}>
            <span className={listStyles.main}>
              <span className={listStyles.title}>{service.name}</span>
              {service.detail ? <span className={listStyles.meta}>{service.detail}</span> : null}
            </span>
            <span className={styles.state}>
              <span className={styles.dot} data-state={service.state} aria-hidden="true" />
              <span className={styles.text} data-state={service.state}>
                {service.label}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
