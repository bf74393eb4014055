import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CalendarOff, CalendarRange, PartyPopper } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { Badge } from '~/components/ui/badge';
import { i18n } from '~/lib/i18n';
import type { AttendanceStatus, ChildOverview } from '../api';
import { ATTENDANCE_LABELS, ATTENDANCE_TONES, formatRate, mediumDate, monthName, rateTone } from '../format';
import { SectionCard } from './section-card';

const styles = {
  rateRow: css({ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: '3', rowGap: '1' }),
  rate: css({ fontSize: '3xl', fontWeight: 'semibold', letterSpacing: 'tight', lineHeight: '1.1' }),
  rateSub: css({ fontSize: 'sm', color: 'fg.muted' }),
  success: css({ color: 'success.fg' }),
  warning: css({ color: 'warning.fg' }),
  danger: css({ color: 'danger.fg' }),
  neutral: css({ color: 'fg' }),
  counts: css({
    display: 'grid',
    gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
    gap: '2',
    listStyle: 'none',
    p: '0',
    m: '0',
  }),
  count: css({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '0.5',
    py: '2.5',
    px: '1',
    borderRadius: 'lg',
    borderWidth: '1px',
  }),
  countValue: css({ fontSize: 'xl', fontWeight: 'semibold', lineHeight: '1.2' }),
  countLabel: css({ fontSize: 'xs', fontWeight: 'medium' }),
  toneSuccess: css({ bg: 'success.subtle', borderColor: 'success.border', color: 'success.fg' }),
  toneDanger: css({ bg: 'danger.subtle', borderColor: 'danger.border', color: 'danger.fg' }),
  toneWarning: css({ bg: 'warning.subtle', borderColor: 'warning.border', color: 'warning.fg' }),
  toneInfo: css({ bg: 'info.subtle', borderColor: 'info.border', color: 'info.fg' }),
  heading: css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg', mt: '1', mb: '-1' }),
  days: css({ display: 'flex', flexDirection: 'column', listStyle: 'none', p: '0', m: '0' }),
  day: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '1.5',
    py: '2.5',
    '&:not(:last-child)': { borderBottomWidth: '1px', borderColor: 'border' },
    '&:first-child': { pt: '0' },
  }),
  date: css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg' }),
  marks: css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', listStyle: 'none', p: '0', m: '0' }),
  markText: css({ whiteSpace: 'normal', textAlign: 'start', lineHeight: '1.3', py: '1', h: 'auto' }),
  none: css({
    display: 'flex',
    alignItems: 'center',
    gap: '2.5',
    color: 'fg.muted',
    fontSize: 'sm',
    minH: 'touch',
    '& svg': { flexShrink: '0' },
  }),
};

const RATE_CLASS = {
  success: styles.success,
  warning: styles.warning,
  danger: styles.danger,
  neutral: styles.neutral,
  brand: styles.neutral,
  info: styles.neutral,
};

const COUNT_TONES: Record<AttendanceStatus, string> = {
  present: styles.toneSuccess,
  absent: styles.toneDanger,
  late: styles.toneWarning,
  excused: styles.toneInfo,
};

type Absence = ChildOverview['month']['absences'][number];

/** Absences (and late marks) grouped by day, newest first, as the server orders them. */
function byDay(absences: Absence[]) {
  const days = new Map<string, Absence[]>();
  for (const absence of absences) {
    const list = days.get(absence.date) ?? [];
    list.push(absence);
    days.set(absence.date, list);
  }
  return [...days.entries()];
}

/** The month so far: attendance rate, the four counts, and the days missed. */
export function MonthCard({ overview, className }: { overview: ChildOverview; className?: string }) {
  const { month } = overview;
  const days = byDay(month.absences);
  const monthText = monthName(month.from);
  const total = month.total;
  const markedPeriods = plural(total, { one: '# marked period', other: '# marked periods' });
  return (
    <SectionCard
      className={className}
      title={t`This month`}
      icon={CalendarRange}
      description={t`${monthText}, up to today`}
    >
      {month.total === 0 ? (
        <p className={styles.none}>
          <CalendarOff size={18} aria-hidden="true" />
          <Trans>Nothing marked this month yet.</Trans>
        </p>
      ) : (
        <>
          <div className={styles.rateRow}>
            <span className={cx(styles.rate, RATE_CLASS[rateTone(month.attendanceRate)])} data-numeric="">
              {formatRate(month.attendanceRate)}
            </span>
            <span className={styles.rateSub}>{t`attendance over ${markedPeriods}`}</span>
          </div>
          <ul className={styles.counts} aria-label={t`Marks this month`}>
            {(['present', 'absent', 'late', 'excused'] as const).map((status) => (
              <li key={status} className={cx(styles.count, COUNT_TONES[status])}>
                <span className={styles.countValue} data-numeric="">
                  {month[status]}
                </span>
                <span className={styles.countLabel}>{i18n._(ATTENDANCE_LABELS[status])}</span>
              </li>
            ))}
          </ul>
          <h3 className={styles.heading}>
            <Trans>Absences and late marks</Trans>
          </h3>
          {days.length === 0 ? (
            <p className={styles.none}>
              <PartyPopper size={18} aria-hidden="true" />
              <Trans>No absences this month.</Trans>
            </p>
          ) : (
            <ul className={styles.days}>
              {days.map(([date, marks]) => (
                <li key={date} className={styles.day}>
                  <time className={styles.date} dateTime={date}>
                    {mediumDate(date)}
                  </time>
                  <ul className={styles.marks}>
                    {marks.map((mark, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a subject can be marked twice a day, and marks have no id
                      <li key={`${mark.subject}-${index}`}>
                        <Badge tone={ATTENDANCE_TONES[mark.status]} className={styles.markText}>
                          {mark.subject}
                          {mark.status !== 'absent' ? ` · ${i18n._(ATTENDANCE_LABELS[mark.status])}` : ''}
                          {mark.remarks ? ` · ${mark.remarks}` : ''}
                        </Badge>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </SectionCard>
  );
}
