import { plural, t } from '@lingui/core/macro';
import { BellRing } from 'lucide-react';
import { css } from 'styled-system/css';
import type { Data } from '~/lib/answers';
import type { markRegisterAnswer } from '../../../../../worker/modules/attendance/answers';

export type AlertNotice = Data<typeof markRegisterAnswer>['absenceAlerts'];

/**
 * What the saved register did about absence alerts, in one line the teacher can act on: who is told and when, or
 * why nobody is. Null when there is nothing to say (no absence, nothing withdrawn).
 */
export function alertsLine(notice: AlertNotice): string | null {
  const told = toldLine(notice);
  // A correction that withdraws one alert while others stand says both.
  if (told && notice.families > 0 && notice.withdrawn > 0) {
    const withdrawn = plural(notice.withdrawn, { one: '# alert withdrawn.', other: '# alerts withdrawn.' });
    return `${told} ${withdrawn}`;
  }
  return told;
}

function toldLine(notice: AlertNotice): string | null {
  const { families, withdrawn, at } = notice;
  if (families === 0) {
    return withdrawn > 0
      ? plural(withdrawn, {
          one: 'Absence alerts: # alert withdrawn, the pupil is now present all day.',
          other: 'Absence alerts: # alerts withdrawn, the pupils are now present all day.',
        })
      : null;
  }
  if (notice.mode === 'off') return t`Absence alerts are off: families are not told.`;
  if (!notice.today) return t`Absence alerts go out for today's registers only: no family is told.`;
  if (notice.mode === 'now')
    return plural(families, {
      one: 'Absence alerts: # family told now.',
      other: 'Absence alerts: # families told now.',
    });
  if (at)
    return plural(families, {
      one: `Absence alerts: # family will be told at ${at}.`,
      other: `Absence alerts: # families will be told at ${at}.`,
    });
  return plural(families, {
    one: 'Absence alerts: # family will be told within five minutes.',
    other: 'Absence alerts: # families will be told within five minutes.',
  });
}

const line = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  fontSize: 'sm',
  color: 'fg.muted',
  px: '1',
});

/** The line under the register's notice after a save. */
export function AlertsLine({ text }: { text: string }) {
  return (
    <p className={line} data-testid="absence-alerts-line" role="status">
      <BellRing size={16} aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}
