import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CalendarCheck, Clock } from 'lucide-react';
import { css } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { i18n } from '~/lib/i18n';
import type { ChildOverview } from '../api';
import { ATTENDANCE_LABELS, ATTENDANCE_TONES, longDate } from '../format';
import { SectionCard } from './section-card';

const styles = {
  list: css({ display: 'flex', flexDirection: 'column', listStyle: 'none', p: '0', m: '0' }),
  item: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    py: '3',
    minH: 'touch',
    '&:not(:last-child)': { borderBottomWidth: '1px', borderColor: 'border' },
    '&:first-child': { pt: '0' },
    '&:last-child': { pb: '0' },
  }),
  text: css({ display: 'flex', flexDirection: 'column', minW: '0', flex: '1' }),
  subject: css({ fontWeight: 'medium', color: 'fg' }),
  sub: css({ fontSize: 'sm', color: 'fg.muted', wordBreak: 'break-word' }),
  empty: css({
    display: 'flex',
    alignItems: 'center',
    gap: '2.5',
    color: 'fg.muted',
    fontSize: 'sm',
    minH: 'touch',
    '& svg': { flexShrink: '0' },
  }),
  summary: css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' }),
};

/** Today's marks per subject, or 'Not marked yet'. */
export function TodayCard({ overview, className }: { overview: ChildOverview; className?: string }) {
  const marks = overview.todayAttendance;
  const absent = marks.filter((m) => m.status === 'absent').length;
  const markedCount = marks.length;
  return (
    <SectionCard
      className={className}
      title={t`Today`}
      icon={CalendarCheck}
      description={longDate(overview.today)}
      aside={
        marks.length > 0 ? (
          <Badge tone={absent > 0 ? 'danger' : 'success'}>
            {absent > 0 ? t`${absent} absent` : t`${markedCount} marked`}
          </Badge>
        ) : null
      }
    >
      {marks.length === 0 ? (
        <p className={styles.empty}>
          <Clock size={18} aria-hidden="true" />
          <Trans>Not marked yet</Trans>
        </p>
      ) : (
        <ul className={styles.list} aria-label={t`Attendance today`}>
          {marks.map((mark) => (
            <li key={`${mark.subject}-${mark.markedAt}`} className={styles.item}>
              <div className={styles.text}>
                <span className={styles.subject}>{mark.subject}</span>
                {mark.teacher || mark.remarks ? (
                  <span className={styles.sub}>{[mark.teacher, mark.remarks].filter(Boolean).join(' · ')}</span>
                ) : null}
              </div>
              <Badge tone={ATTENDANCE_TONES[mark.status]}>{i18n._(ATTENDANCE_LABELS[mark.status])}</Badge>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
