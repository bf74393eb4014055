import { t } from '@lingui/core/macro';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { i18n } from '~/lib/i18n';
import { CAPACITY_STATUS, capacityTone, formatCount } from '../format';

const srOnly = css({ srOnly: true });

function placesTaken(count: number, capacity: number) {
  const taken = formatCount(count);
  const places = formatCount(capacity);
  return t`${taken} of ${places} places taken`;
}
const studentsState = (state: string) => t`students, ${state}`;

/** Students over capacity, green, yellow from 80 % and red when full; the state is also said in words. */
export function CapacityBadge({ count, capacity }: { count: number; capacity: number }) {
  const tone = capacityTone(count, capacity);
  return (
    <Badge tone={tone} data-tone={tone} title={placesTaken(count, capacity)} data-numeric="">
      {formatCount(count)}/{formatCount(capacity)}
      <span className={srOnly}> {studentsState(i18n._(CAPACITY_STATUS[tone]))}</span>
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
