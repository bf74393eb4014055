import { css } from 'styled-system/css';

const styles = {
  root: css({ display: 'flex', alignItems: 'center', gap: '3', w: 'full' }),
  track: css({ flex: '1', h: '2', bg: 'muted', borderRadius: 'full', overflow: 'hidden' }),
  bar: css({
    h: 'full',
    borderRadius: 'full',
    '&[data-tone=brand]': { bg: 'brand.solid' },
    '&[data-tone=success]': { bg: 'success.dot' },
    '&[data-tone=warning]': { bg: 'warning.dot' },
    '&[data-tone=danger]': { bg: 'danger.dot' },
  }),
  value: css({
    fontSize: 'sm',
    fontWeight: 'medium',
    minW: '10',
    textAlign: 'end',
    fontVariantNumeric: 'tabular-nums',
  }),
};

export interface MeterProps {
  /** 0 to 100. */
  value: number;
  label: string;
  tone?: 'brand' | 'success' | 'warning' | 'danger';
}

/** A horizontal bar with its percentage, e.g. how far a goal has come. */
export function Meter({ value, label, tone = 'brand' }: MeterProps) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div className={styles.root}>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
      >
        <div className={styles.bar} data-tone={tone} style={{ width: `${clamped}%` }} />
      </div>
      <span className={styles.value} aria-hidden="true">
        {clamped}%
      </span>
    </div>
  );
}
