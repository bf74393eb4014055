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
    pending: ['checking', 'Checking...', 'Checking...'],
    success: ['ok', 'Online', 'Active'],
    error: ['down', 'Unreachable', 'Not responding'],
  };
  const [state, database, apiLabel] = live[status];
  const services: Service[] = [
    { name: 'Database', state, label: database },
    { name: 'API Services', state, label: apiLabel },
    { name: 'Email Service', state: 'off', label: 'Not configured' },
    { name: 'SMS Gateway', state: 'off', label: 'Not configured' },
  ];
  return (
    <Panel title="System Status" description="Services this portal relies on">
      <ul className={listStyles.list}>
        {services.map((service) => (
          <li key={service.name} className={listStyles.item}>
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
