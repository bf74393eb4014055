import { t } from '@lingui/core/macro';
import { css } from 'styled-system/css';
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
}

/**
 * Database and API are reported from this screen's own load (the summary is read from the database
 * through the API); email and SMS have no provider configured, and say so.
 */
export function SystemStatus({ status }: { status: 'pending' | 'success' | 'error' }) {
  const live: Record<typeof status, [State, string, string]> = {
    pending: ['checking', t`Checking...`, t`Checking...`],
    success: ['ok', t({ message: 'Online', context: 'a service that is up' }), t`Active`],
    error: ['down', t`Unreachable`, t`Not responding`],
  };
  const [state, database, apiLabel] = live[status];
  const services: Service[] = [
    { key: 'database', name: t`Database`, state, label: database },
    { key: 'api', name: t`API Services`, state, label: apiLabel },
    { key: 'email', name: t`Email Service`, state: 'off', label: t`Not configured` },
    { key: 'sms', name: t`SMS Gateway`, state: 'off', label: t`Not configured` },
  ];
  return (
    <Panel title={t`System Status`} description={t`Services this portal relies on`}>
      <ul className={listStyles.list}>
        {services.map((service) => (
          <li key={service.key} className={listStyles.item}>
            <span className={listStyles.main}>
              <span className={listStyles.title}>{service.name}</span>
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
