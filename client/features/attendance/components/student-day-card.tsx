import { msg, t } from '@lingui/core/macro';
import { Clock } from 'lucide-react';
import { useId } from 'react';
import { css } from 'styled-system/css';
import { Avatar } from '~/components/ui/avatar';
import { Badge } from '~/components/ui/badge';
import { currentLanguage, i18n } from '~/lib/i18n';
import type { ClassDay, ClassRef } from '../api';
import { classLabel, formatTime, studentStatusLabel, studentStatusTone } from '../format';

const styles = {
  card: css({
    display: 'flex',
    flexDirection: 'column',
    bg: 'surface',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'card',
    boxShadow: 'card',
    minW: '0',
  }),
  head: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    px: '4',
    py: '3.5',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
  who: css({ display: 'flex', flexDirection: 'column', minW: '0', flex: '1' }),
  name: css({ fontWeight: 'semibold', fontSize: 'md', lineHeight: '1.3', truncate: true }),
  meta: css({ fontSize: 'sm', color: 'fg.muted' }),
  count: css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', flexShrink: '0' }),
  countValue: css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' }),
  countLabel: css({ fontSize: 'xs', color: 'fg.muted' }),
  list: css({ display: 'flex', flexDirection: 'column' }),
  subject: css({
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    alignItems: 'start',
    columnGap: '3',
    rowGap: '0.5',
    px: '4',
    py: '2.5',
    borderTopWidth: '1px',
    borderColor: 'border',
    _first: { borderTopWidth: '0' },
  }),
  subjectText: css({ display: 'flex', flexDirection: 'column', minW: '0' }),
  subjectName: css({ fontWeight: 'medium', fontSize: 'sm' }),
  state: css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '1' }),
  teacher: css({ fontSize: 'xs', color: 'fg.muted' }),
  remarks: css({ gridColumn: '1 / -1', fontSize: 'xs', color: 'fg.muted', fontStyle: 'italic' }),
  time: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    fontSize: 'xs',
    color: 'fg.muted',
  }),
};

type StudentDay = ClassDay['students'][number];

// The label stands apart from its number, so each language words it once, singular or not by its own rules.
const SUBJECTS_PRESENT = { one: msg`subject present`, other: msg`subjects present` };
const subjectsPresent = (count: number) =>
  i18n._(
    new Intl.PluralRules(currentLanguage()).select(count) === 'one' ? SUBJECTS_PRESENT.one : SUBJECTS_PRESENT.other,
  );

/** One student's day: every subject marked for them, with who marked it, the status and when. */
export function StudentDayCard({ entry, klass }: { entry: StudentDay; klass: ClassRef }) {
  const titleId = useId();
  const { student, subjects, presentCount, totalCount } = entry;
  const roll = student.rollNumber;
  const className = classLabel(klass);
  const name = student.name;
  return (
    <article className={styles.card} aria-labelledby={titleId} data-student={student._id}>
      <header className={styles.head}>
        <Avatar name={student.name} size="md" />
        <div className={styles.who}>
          <h3 id={titleId} className={styles.name}>
            {student.name}
          </h3>
          <span className={styles.meta}>{t`Roll No. ${roll} · Class ${className}`}</span>
        </div>
        <div className={styles.count}>
          <span className={styles.countValue}>
            {presentCount}/{totalCount}
          </span>
          <span className={styles.countLabel}>{subjectsPresent(totalCount)}</span>
        </div>
      </header>
      <ul className={styles.list} aria-label={t`Subjects of ${name}`}>
        {subjects.map((mark) => (
          <li key={mark._id} className={styles.subject}>
            <span className={styles.subjectText}>
              <span className={styles.subjectName}>{mark.subject?.name ?? t`Subject`}</span>
              <span className={styles.teacher}>{mark.teacher?.name ?? t`No teacher recorded`}</span>
            </span>
            <span className={styles.state}>
              <Badge tone={studentStatusTone(mark.status)}>{studentStatusLabel(mark.status)}</Badge>
              {formatTime(mark.markedAt) ? (
                <span className={styles.time}>
                  <Clock size={12} aria-hidden="true" />
                  <span className={css({ srOnly: true })}>{t`Marked at`} </span>
                  <time dateTime={mark.markedAt}>{formatTime(mark.markedAt)}</time>
                </span>
              ) : null}
            </span>
            {mark.remarks ? <span className={styles.remarks}>{mark.remarks}</span> : null}
          </li>
        ))}
      </ul>
    </article>
  );
}
