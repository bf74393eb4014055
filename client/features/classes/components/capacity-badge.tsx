import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { CAPACITY_STATUS, capacityTone } from '../format';

const srOnly = css({ srOnly: true });

/** Students over capacity, green, yellow from 80 % and red when full; the state is also said in words. */
export function CapacityBadge({ count, capacity }: { count: number; capacity: number }) {
  const tone = capacityTone(count, capacity);
  return (
    <Badge tone={tone} data-tone={tone} title={`${count} of ${capacity} places taken`} data-numeric="">
      {count}/{capacity}
      <span className={srOnly}> students, {CAPACITY_STATUS[tone]}</span>
    </Badge>
  );
}

const meterStyles = {
  track: css({ h: '1.5', w: 'full', bg: 'muted', borderRadius: 'full', overflow: 'hidden' }),
  bar: css({ h: 'full', borderRadius: 'full', transition: 'width', transitionDuration: 'normal' }),
  success: css({ bg: 'success.dot' }),
  warning: css({ bg: 'warning.dot' }),
  danger: css({ bg: 'danger.dot' }),
};

/** A thin bar of how full a class is, in the badge's colours; decorative (the badge says the figures). */
export function CapacityMeter({ count, capacity }: { count: number; capacity: number }) {
  const tone = capacityTone(count, capacity);
  const width = capacity > 0 ? Math.min(100, Math.round((count / capacity) * 100)) : 0;
  return (
    <div className={meterStyles.track} aria-hidden="true">
      <div className={`${meterStyles.bar} ${meterStyles[tone]}`} style={{ width: `${width}%` }} />
    </div>
  );
}
