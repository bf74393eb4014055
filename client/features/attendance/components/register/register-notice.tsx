import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CalendarClock, Hand, History } from 'lucide-react';
import { Notice } from '~/components/ui/notice';
import { schoolToday } from '~/lib/school-time';
import type { Register } from '../../api';
import { formatShortDate, formatTime } from '../../format';

/** When the register was last saved, on the school's clock: the latest mark, with its day if not the register's. */
export function takenAt(register: Register, timeZone: string | undefined) {
  const latest = register.students.reduce<string | null>(
    (max, s) => (s.attendance && (!max || s.attendance.markedAt > max) ? s.attendance.markedAt : max),
    null,
  );
  if (!latest) return null;
  const day = schoolToday(timeZone, new Date(latest));
  const time = formatTime(latest, timeZone);
  if (day === register.date) return time;
  const shortDate = formatShortDate(day);
  return t`${time} on ${shortDate}`;
}

/** What state the register is in: not open yet (a future day), already taken, or fresh. */
export function RegisterNotice({ register, taken }: { register: Register; taken: string | null }) {
  if (!register.canMark) {
    return (
      <Notice tone="warning" icon={CalendarClock} title={t`Attendance cannot be marked for a future date`}>
        <Trans>Pick today or an earlier day to take this register.</Trans>
      </Notice>
    );
  }
  if (taken) {
    const unmarked = register.students.length - register.markedCount;
    return (
      <Notice tone="info" icon={History} title={t`Already taken at ${taken}, you can correct it`}>
        {unmarked > 0
          ? plural(unmarked, {
              one: '# student had no mark yet; they start as present.',
              other: '# students had no mark yet; they start as present.',
            })
          : t`Change only the students whose mark was wrong, then save again.`}
      </Notice>
    );
  }
  return (
    <Notice tone="brand" icon={Hand} title={t`Everyone starts present`}>
      <Trans>Tap only the students who are absent or late, then save once at the bottom.</Trans>
    </Notice>
  );
}
